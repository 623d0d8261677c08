"""`python -m webagent` runs the command line."""

import sys

from webagent.cli import main

sys.exit(main())
