"""The plugin's own tests run against the clone they sit in (two folders up), unless CCEMU_DIR or
CCEMU_COMMAND says otherwise."""

import os
from pathlib import Path

CLONE = Path(__file__).resolve().parents[3]
os.environ.setdefault("CCEMU_DIR", str(CLONE))

pytest_plugins = ["pytester"]
