"""`make bench` (scripts/checks/bench.py) refuses batch sizes it cannot time, and a game it does not know, in one line, before
it times anything."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "checks"))
import bench  # noqa: E402


@pytest.mark.parametrize("arguments", [["--runner-games", "0"], ["--repeats", "0"], ["--arknoah-games", "3"],
                                       ["--inhabit-games", "5"], ["--search-games", "-1"], ["--arknoah-fuzz", "-1"],
                                       ["--inhabit-fuzz", "-1"], ["--inhabit-bots", "-1"], ["--only", "chess"]])
def test_sizes_it_cannot_time_are_one_line_errors(arguments: list[str], monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.py", *arguments])
    with pytest.raises(SystemExit) as stopped:
        bench.main()
    assert stopped.value.code == 2
    output = capsys.readouterr()
    assert output.out == ""
    error = output.err.strip().splitlines()[-1]
    assert error.startswith("bench.py: error: ") and arguments[0] in error
