"""`arkmc tune`: a tiny budget still searches, writes a loadable archetype and reports held-out games."""

from __future__ import annotations

import re

from click.testing import CliRunner

from heuristics.arknova.parts.evaluation import default_weights, load_weights
from heuristics.tuning import scaled, tuned_fields
from sim.cli import main
from sim.core.registry import make_bot


def test_scaling_keeps_signs_and_untuned_weights() -> None:
    start = default_weights()
    TUNED = tuned_fields(start)
    tuned = scaled(start, [2.0] + [-1.0] * (len(TUNED) - 1))
    assert getattr(tuned, TUNED[0]) == 2 * getattr(start, TUNED[0])
    assert all(getattr(tuned, name) == 0.0 for name in TUNED[1:])
    assert tuned.money_cap == start.money_cap and tuned.fuel == start.fuel


def test_tune_with_a_tiny_budget_writes_an_archetype_and_a_held_out_rate(tmp_path) -> None:
    out = tmp_path / "tuned.toml"
    result = CliRunner().invoke(main, ["tune", "default", "--budget", "4", "--seeds-per-candidate", "1",
                                       "--holdout", "2", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "search: 4 games in 1 generations" in result.output
    match = re.search(r"held-out: tuned vs start (\d+\.\d)% over 2 games, 95% CI \[(\d+\.\d)%, (\d+\.\d)%\]",
                      result.output)
    assert match, result.output
    assert float(match[2]) <= float(match[1]) <= float(match[3])
    tuned = load_weights(out)
    assert tuned != default_weights()
    assert make_bot(str(out)).weights == tuned


def test_tune_refuses_a_budget_too_small() -> None:
    result = CliRunner().invoke(main, ["tune", "--budget", "1"])
    assert result.exit_code == 2 and "--budget" in result.output
