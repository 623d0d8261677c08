"""The scripted oracle model and the solution runner: test machinery, beside the product.

The oracle knows a local site's task solutions (`sites/<site>/oracle.json`) and answers the
agent's real prompts as a model would, erring on purpose at a given rate (`noise`); the
solution runner plays the solutions in a browser and scores them. Only the command line, the
benchmarks, fixture recording and the tests use it; no product package imports it (the import
contract in `scripts/test` checks that).
"""

from webagent.oracle.model import OracleModel
from webagent.oracle.runner import OracleOutcome, OracleRunner

__all__ = ["OracleModel", "OracleOutcome", "OracleRunner"]
