"""The kept example report (reports/example-demo.html) is what its documented command, `make example`, makes from
this tree: the demo played afresh and reported. It fails when a change to play or to the report leaves the
example behind; `make example` makes it again."""

from __future__ import annotations

from pathlib import Path

import pytest
from bots.scripts import load_script


@pytest.mark.timeout(900)
@pytest.mark.long
def test_the_kept_example_report_is_what_make_example_makes_from_this_tree(tmp_path: Path) -> None:
    example = load_script("reports", "example_report")
    made = example.make_example(tmp_path / "example.html").read_text(encoding="utf-8")
    kept = example.EXAMPLE.read_text(encoding="utf-8")
    assert example.stable_text(made) == example.stable_text(kept), (
        "reports/example-demo.html no longer matches what `make example` makes from this tree: run `make example`")


def test_only_the_time_the_commit_and_the_speed_of_the_making_are_ignored() -> None:
    example = load_script("reports", "example_report")
    timing = ("<th>decisions: median [5%, 95%]</th><th>seconds per game (median)</th></tr></thead><tbody><tr>"
              "<td>default</td><td class='n'>2000</td><td class='n'>363 [313, 414]</td><td class='n'>{}</td></tr></table>")
    page = ("generated 2026-11-27 01:04 UTC; code: arkmc 0.1.0, commit 422d8247a5 (modified); 2000 games"
            + timing.format("0.065"))
    other = "generated 2026-12-01 09:30 UTC; code: arkmc 0.1.0, commit 7f21f55000; 2000 games" + timing.format("0.103")
    assert example.stable_text(page) == example.stable_text(other)
    assert example.stable_text(page) != example.stable_text(page.replace("2000 games", "2001 games"))
    assert example.stable_text(page) != example.stable_text(page.replace("363 [313, 414]", "364 [313, 414]"))
