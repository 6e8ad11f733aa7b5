"""Opening hands: the keep percentile judges each keep with card values learned on other games."""

from __future__ import annotations

import numpy as np
import polars as pl
from analysis_data import synthetic_run

from sim.analysis.opening import keep_choice, keep_percentile, keep_percentiles, kept_pairs

STRONG = set(range(10))   # cards 0-9: keeping one adds 0.5 to the seat's log-odds of winning


def _opening_games(games: int, seed: int, smart_seat: int | None, effect: float) -> pl.DataFrame:
    """Two-player games: each seat is dealt 8 of 40 cards and keeps 4; one winner per game.

    The seat `smart_seat` keeps its strong cards first (bot "smart"); the other keeps at random
    (bot "random"). A kept strong card adds `effect` to the seat's log-odds.
    """
    rng = np.random.default_rng(seed)
    rows = []
    for game in range(games):
        deck = rng.permutation(40).tolist()
        hands = [deck[:8], deck[8:16]]
        keeps = [sorted(hand, key=lambda card: (card not in STRONG, rng.uniform()))[:4] if seat == smart_seat
                 else rng.permutation(hand)[:4].tolist() for seat, hand in enumerate(hands)]
        strength = [effect * len(STRONG & set(keep)) for keep in keeps]
        first_wins = rng.uniform() < 1 / (1 + np.exp(strength[1] - strength[0]))
        for seat in (0, 1):
            rows.append({"game": game, "seat": seat, "bot_spec": "smart" if seat == smart_seat else "random",
                         "won": int(first_wins == (seat == 0)), "dealt": hands[seat], "kept": keeps[seat]})
    return pl.DataFrame(rows, schema_overrides={"game": pl.UInt32, "seat": pl.UInt8, "won": pl.Int8,
                                                 "dealt": pl.List(pl.UInt16), "kept": pl.List(pl.UInt16)})


def test_keep_percentile_ranks_a_keep_among_the_other_69_with_ties_half() -> None:
    values = {card: float(card) for card in range(8)}
    assert keep_percentile(list(range(8)), [4, 5, 6, 7], values) == 1.0       # the best of 70
    assert keep_percentile(list(range(8)), [0, 1, 2, 3], values) == 0.0       # the worst
    assert keep_percentile(list(range(8)), [0, 1, 6, 7], {}) == 0.5           # all worth the same: ties half
    assert keep_percentile(list(range(8)), [0, 1, 2, 9], values) is None      # kept a card not dealt
    assert keep_percentile([], [], values) is None


def test_a_games_own_result_cannot_change_its_own_keep_score() -> None:
    seats = _opening_games(300, seed=1, smart_seat=None, effect=0.0)
    before = keep_percentiles(seats)
    flipped_game = 17
    flipped = seats.with_columns(pl.when(pl.col("game") == flipped_game).then(1 - pl.col("won"))
                                 .otherwise(pl.col("won")).alias("won"))
    after = keep_percentiles(flipped)
    own = (seats["game"] == flipped_game).to_numpy()
    assert before.filter(own).to_list() == after.filter(own).to_list()
    assert (before.filter(~own) != after.filter(~own)).any()   # the flip does move other folds' values


def test_cross_fitted_keep_scores_do_not_favour_winners_when_keeping_does_not_matter() -> None:
    seats = _opening_games(600, seed=2, smart_seat=None, effect=0.0)
    ranked = seats.with_columns(keep_percentiles(seats))
    gap = (ranked.filter(pl.col("won") == 1)["percentile"].mean()
           - ranked.filter(pl.col("won") == 0)["percentile"].mean())
    assert abs(gap) < 0.03       # values learned on the same games give winners' keeps about +0.1


def test_a_bot_that_keeps_the_strong_cards_ranks_high_and_a_random_keeper_in_the_middle() -> None:
    seats = _opening_games(1500, seed=3, smart_seat=0, effect=0.5)
    table = keep_choice(synthetic_run(seats)).sort("bot_spec")
    random, smart = table.row(0, named=True), table.row(1, named=True)
    assert smart["percentile_low"] > 0.7
    assert random["percentile_low"] < 0.5 < random["percentile_high"]
    assert smart["n"] == random["n"] == 1500


def test_listed_pairs_are_shrunk_with_a_prior_fitted_to_them_not_to_the_many_rare_pairs() -> None:
    # Half the seats keep 4 of 10 common cards (45 pairs, ~130 seats each), half 4 of 190 rare cards
    # (pairs kept once or twice). Nothing matters for winning, so the listed pairs differ by chance only.
    rng = np.random.default_rng(5)
    keeps = [rng.choice(10, 4, replace=False) if seat % 2 else 10 + rng.choice(190, 4, replace=False)
             for seat in range(2000)]
    seats = pl.DataFrame({"game": np.arange(2000) // 2, "seat": np.arange(2000) % 2,
                          "won": rng.integers(0, 2, size=2000), "kept": [keep.tolist() for keep in keeps]},
                         schema_overrides={"game": pl.UInt32, "seat": pl.UInt8, "won": pl.Int8,
                                           "kept": pl.List(pl.UInt16)})
    pairs = kept_pairs(synthetic_run(seats), min_support=15)
    assert pairs.height == 45
    raw = pairs["win_rate"] - pairs["win_rate"].mean()
    shrunk = pairs["shrunk"] - pairs["shrunk"].mean()
    assert shrunk.std() < 0.6 * raw.std()        # fitted to the rare pairs, the prior barely shrinks (ratio ~1)
