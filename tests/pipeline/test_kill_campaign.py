"""The kill campaign (scripts/checks/kill_campaign.py) as a test: `arkmc run --jobs 2` killed with SIGKILL
at random moments from its very start (its first second, while it imports and starts its workers,
included) and resumed each time leaves no process behind, and the finished folder holds every game
once, with the same rows as an uninterrupted run."""

from __future__ import annotations

from pathlib import Path

import pytest
from bots.scripts import load_script


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads the process table from /proc")
@pytest.mark.timeout(300)
def test_killed_at_random_moments_from_the_first_second_nothing_is_left_lost_or_doubled(tmp_path: Path) -> None:
    campaign = load_script("checks", "kill_campaign")
    outcome = campaign.campaign(kills=4, games=60, seed=3, out=tmp_path / "campaign", latest=2.0, echo=False)
    assert outcome.kills >= 3, outcome
    assert (outcome.orphans, outcome.lost, outcome.duplicated, outcome.identical, outcome.final_exit_code) == (
        0, 0, 0, True, 0), outcome
