"""The project's scripts (scripts/data, scripts/checks) loaded as modules, so that their functions can be tested."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load_script(folder: str, name: str) -> ModuleType:
    """scripts/FOLDER/NAME.py as the module NAME (registered in sys.modules: dataclasses look their module up there)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
