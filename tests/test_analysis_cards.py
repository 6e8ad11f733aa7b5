"""Card strength: wins above expected must not credit a card for the fact that winners play more cards."""

from __future__ import annotations

import numpy as np
import polars as pl
from analysis_data import synthetic_run, two_player_games

from sim.analysis.cards import card_strength, play_count_controls

PLANTED = 7


def test_wins_above_expected_finds_the_planted_card_and_no_null_card_although_winners_play_more() -> None:
    # Every card played adds 0.25 to the log-odds (winners play more cards); card 7 adds 1.0 more.
    seats, events = two_player_games(1000, seed=4, strength=lambda hand: 0.25 * len(hand) + (PLANTED in hand))
    plays = events.group_by("game", "seat").len().join(seats, on=["game", "seat"])
    assert plays.filter(pl.col("won") == 1)["len"].mean() > plays.filter(pl.col("won") == 0)["len"].mean() + 1
    table = card_strength(synthetic_run(seats, events), min_n=20)
    planted = table.filter(pl.col("card") == PLANTED).row(0, named=True)
    assert planted["wae_low"] > 1 and planted["q_value"] < 0.05
    null = table.filter((pl.col("card") != PLANTED) & pl.col("p_value").is_not_null())
    assert null.height == 59
    assert (null["p_value"] < 0.05).sum() <= 0.10 * null.height      # about 5% by chance, not almost all
    assert null.filter(pl.col("q_value") < 0.05).height <= 1
    assert 0.9 < null["wae_odds_ratio"].median() < 1.1                # null cards centre on 1 (without: about 1.3)


def test_play_count_controls_compare_seats_within_bands_of_similar_counts() -> None:
    count = np.repeat(np.arange(1, 11), 10).astype(float)
    columns = play_count_controls(count)
    assert columns.shape == (100, 5)                                  # linear term + 4 of 5 quintile bands
    assert columns[:, 0].mean() == 0.0
    assert (columns[:, 1:].sum(axis=0) == 20).all()                   # each band above the first holds a fifth
    assert (columns[:20, 1:] == 0).all()                              # the lowest band is the reference
    assert play_count_controls(np.full(8, 3.0))[:, 1:].size == 0      # one value: no bands
