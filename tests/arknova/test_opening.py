"""Opening hands: the keep percentile judges each keep with card values learned on other games."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from analysis.synthetic import synthetic_run

from sim.arknova.analysis.opening import keep_choice, keep_percentile, keep_percentiles, kept_pairs

STRONG = set(range(10))   # cards 0-9: keeping one adds 0.5 to the seat's log-odds of winning


def _opening_games(games: int, seed: int, smart_seat: int | None, effect: float) -> pl.DataFrame:
    """Two-player games: each seat is dealt 8 of 40 cards and keeps 4; one winner per game, who scores
    about 20 points more.

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
            won = int(first_wins == (seat == 0))
            rows.append({"game": game, "seat": seat, "bot_spec": "smart" if seat == smart_seat else "random",
                         "won": won, "points": 20.0 * won + rng.normal(0, 5), "dealt": hands[seat], "kept": keeps[seat]})
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


def test_keeping_is_ranked_by_its_effect_only_for_cards_kept_and_let_go_by_enough_seats() -> None:
    from sim.arknova.analysis.opening import keep_effects

    table = pl.DataFrame({"card": [1, 2, 3, 4], "n_kept": [150, 20, 19, 60], "n_dropped": [1, 20, 40, 60],
                          "wins_kept": [60, 10, 10, 30], "wins_dropped": [1, 9, 8, 18], "keep_gain": [-0.6, 0.05, 0.3, 0.2]})
    ranked = keep_effects(table, 20)
    assert ranked["card"].to_list() == [4, 2]      # 20 and 20 is enough, 19 is not; 1 never
    assert ranked["gain_q"].to_list() == pytest.approx([min(1.0, 2 * min(ranked["gain_p"])), max(ranked["gain_p"])])


def test_the_cards_that_help_when_kept_rank_first_with_their_points() -> None:
    from sim.arknova.analysis.opening import keep_effects, opening_table

    seats = _opening_games(1500, seed=3, smart_seat=None, effect=1.0)
    table = opening_table(seats)
    ranked = keep_effects(table, 20)
    assert len(set(ranked["card"].head(10).to_list()) & STRONG) >= 8
    card = ranked.row(0, named=True)
    dealt = seats.select("won", "points", pl.col("dealt").list.contains(card["card"]).alias("dealt"),
                         pl.col("kept").list.contains(card["card"]).alias("kept")).filter(pl.col("dealt"))
    kept, let_go = dealt.filter(pl.col("kept")), dealt.filter(~pl.col("kept"))
    assert (card["n_kept"], card["n_dropped"]) == (kept.height, let_go.height)
    assert card["points_gain"] == pytest.approx(kept["points"].mean() - let_go["points"].mean())
    assert card["points_gain_low"] < card["points_gain"] < card["points_gain_high"]
    assert card["keep_gain"] == pytest.approx(kept["won"].mean() - let_go["won"].mean())


def test_welch_matches_the_hand_computed_interval() -> None:
    from sim.analysis.stats import welch_difference

    # se = sqrt(5/3/4 + 10/5) = 1.5546, df = 5.52, t(0.975, 5.52) = 2.4990: -3.5 +- 3.885
    difference, low, high = welch_difference(np.array([1.0, 2, 3, 4]), np.array([2.0, 4, 6, 8, 10]))
    assert (difference, low, high) == pytest.approx((-3.5, -7.385, 0.385), abs=0.002)
    assert np.isnan(welch_difference(np.array([1.0]), np.array([2.0, 3.0]))[1])


@pytest.mark.parametrize(("low", "high", "verdict"), [
    (0.72, 0.80, "better than"), (0.5, 0.6, "no better and no worse than"), (0.5001, 0.6, "better than"),
    (0.40, 0.5, "no better and no worse than"), (0.40, 0.4999, "worse than")])
def test_the_keep_choice_is_put_in_words_against_a_random_keep(low: float, high: float, verdict: str) -> None:
    from sim.arknova.analysis.report import keep_choice_sentence

    row = {"bot_spec": "smart", "n": 1500, "percentile": (low + high) / 2, "percentile_low": low,
           "percentile_high": high, "n_top": 600, "win_top": 0.6, "win_top_low": 0.56, "win_top_high": 0.64,
           "n_bottom": 300, "win_bottom": 0.4, "win_bottom_low": 0.35, "win_bottom_high": 0.46}
    sentence = keep_choice_sentence(row)
    assert sentence.startswith(f"smart keeps {verdict} a random keep of the same 8 cards: its keep is worth more than ")
    assert "a random keep averages 50% (1500 seats)" in sentence and "(600 seats)" in sentence


def test_the_opening_section_ranks_by_effect_and_names_the_cards_it_cannot_compare() -> None:
    from sim.arknova.analysis.report import opening_section

    seats = _opening_games(1500, seed=3, smart_seat=0, effect=0.5)
    section = opening_section(synthetic_run(seats))
    best = section.tables[0]
    assert best.caption.startswith("Best 12 cards to keep (kept by at least 20 seats and let go by at least 20")
    effects = [float(row[best.header.index("win rate: kept - let go, pp [95% CI]")].split()[0]) for row in best.rows]
    assert effects == sorted(effects, reverse=True)
    assert all(int(row[best.header.index("let go n")]) >= 20 for row in best.rows)
    assert any(text.startswith("smart keeps better than a random keep") for text in section.text)
    assert any(text.startswith("random keeps no better and no worse than a random keep") for text in section.text)
