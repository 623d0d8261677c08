"""The deterministic seed state: generated from `catalog.toml` and `people.toml`.

`build(path)` generates it from scratch (about half a second); `copy_seed(path)` copies the
cached build, which is what a reset does.
"""

from .build import build
from .cache import copy_seed, seed_file

__all__ = ["build", "copy_seed", "seed_file"]
