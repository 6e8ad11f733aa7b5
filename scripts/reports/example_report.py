"""Make `reports/example-demo.html`, the report a newcomer reads before running anything: the `make run` demo
(the default experiment, 2,000 games) played afresh from this tree in a scratch folder, then reported. Played in a
scratch folder, not in runs/demo, so that a user's own demo run is neither reused nor overwritten; the scratch
folder is named runs/demo there, so the page names the folder `make run` uses.

    .venv/bin/python scripts/reports/example_report.py           # what `make example` runs (about 2 minutes on 2 cores)

tests/install/test_example_report.py plays it again and fails when the kept page no longer matches."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "reports" / "example-demo.html"
CLI = "from sim.cli import main; main()"

# What differs between two makings of the same page from the same tree: the time it was generated, the commit it
# was generated at (the kept page names an earlier commit than the one that holds it) and how long the games took.
UNSTABLE = (re.compile(r"generated \d{4}-\d\d-\d\d \d\d:\d\d UTC"), re.compile(r"commit [0-9a-f]{4,40}( \(modified\))?"))
TIMED = re.compile(r"seconds per game \(median\).*?</table>", re.S)  # the game-shape table's timing column
SECONDS = re.compile(r">\d+\.\d+<")


def stable_text(page: str) -> str:
    """The page without the parts that differ between two makings from the same tree."""
    for pattern in UNSTABLE:
        page = pattern.sub(lambda match: match.group(0).split()[0] + " ...", page)
    return TIMED.sub(lambda match: SECONDS.sub(">...<", match.group(0)), page)


def make_example(target: Path = EXAMPLE) -> Path:
    """Play the demo experiment from this tree in a scratch folder and write its report to `target`."""
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    with tempfile.TemporaryDirectory(prefix="arkmc-example-") as scratch:
        for arguments in (["run", "--out", "runs/demo"], ["report", "runs/demo", "--out", "example.html"]):
            subprocess.run([sys.executable, "-c", CLI, *arguments], cwd=scratch, env=environment, check=True,
                           stdout=subprocess.DEVNULL)
        target.write_bytes((Path(scratch) / "example.html").read_bytes())
    return target


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=EXAMPLE, help="where to write the page (default: %(default)s)")
    print(f"wrote {make_example(parser.parse_args().out)}")
