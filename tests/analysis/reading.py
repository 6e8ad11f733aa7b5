"""A report read as a person reads it: the words of `arkmc report`'s page, without the figures' bytes."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from sim.cli import main

# Ark Nova's own words, which the report of another game must not show: its name, maps, opening keeps, breaks, sponsors
ARK_NOVA_WORDS = re.compile(r"ark\s*nova|arknova|\bmaps?\b|\bkeep\b|opening hand|\bbreaks?\b|sponsor", re.IGNORECASE)


def report_words(run_dir: Path, out: Path) -> str:
    """The HTML of `arkmc report RUN_DIR --out OUT` with its embedded figures left out."""
    result = CliRunner().invoke(main, ["report", str(run_dir), "--out", str(out), "--allow-code"])
    assert result.exit_code == 0, result.output
    return re.sub(r"<img [^>]*>", "", out.read_text(encoding="utf-8"))
