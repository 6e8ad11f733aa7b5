"""How a hint names the arkmc command, so that every command a message suggests runs as written:
`arkmc` when that is on the PATH and is this program, else the path it was started by (after
`make run` that is `.venv/bin/arkmc`, which is not on the PATH)."""

from __future__ import annotations

import os
import shutil
import sys


def arkmc() -> str:
    """`arkmc`, or the path of the running arkmc program when `arkmc` on the PATH is another or none."""
    started = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if os.path.basename(started) != "arkmc":
        started = os.path.join(os.path.dirname(sys.executable), "arkmc")  # called from Python (tests, notebooks)
    on_path = shutil.which("arkmc")
    if on_path and os.path.realpath(on_path) == os.path.realpath(started):
        return "arkmc"
    relative = os.path.relpath(started)
    return relative if not relative.startswith("..") else started


def pip_install(extra: str) -> str:
    """The command that adds an optional extra to this installation of arkmc (run in the arkmc folder)."""
    return f"{sys.executable} -m pip install -e '.[{extra}]'"
