"""Ark Nova's notebook answers (sim/arknova/analysis/answers.py): the best map and the card most worth keeping, on
tables with known numbers, at and around each threshold: a difference whose 95% interval just includes 0, q = 0.05,
the minimum n, 50% exactly."""

from __future__ import annotations

import polars as pl
import pytest

from sim.analysis.stats import newcombe_difference, two_proportion_p, wilson
from sim.analysis.tables import with_wilson
from sim.arknova.analysis import answers as nova_answers
from sim.arknova.analysis import opening


def map_table(*rows: tuple[str, str, int, int]) -> pl.DataFrame:
    """`maps.map_table` with names as `name_maps` gives them: (map, name, seats n, wins) per map."""
    named = [(map_id, f"{map_id} {name}", n, wins) for map_id, name, n, wins in rows]
    return with_wilson(pl.DataFrame(named, schema=["map", "map_name", "n", "wins"], orient="row"))


def regression(*rows: tuple[str, float, float]) -> pl.DataFrame:
    """`maps.map_regression`'s columns the answer reads: (map, odds ratio, q) per map."""
    return pl.DataFrame([{"map": m, "odds_ratio": ratio, "odds_ratio_low": ratio * 0.8, "odds_ratio_high": ratio * 1.2,
                          "q_value": q} for m, ratio, q in rows])


def first_clear_win(n: int, other: int) -> int:
    """The fewest wins of n whose Newcombe interval against other/n excludes 0."""
    return next(k for k in range(other, n + 1) if newcombe_difference(k, n, other, n)[1] > 0)


def test_the_best_map_is_told_apart_only_when_the_interval_of_the_difference_excludes_zero() -> None:
    clear = first_clear_win(200, 100)
    just_below = nova_answers.maps_answer(map_table(("3", "Silver Lake", 200, clear - 1), ("2", "Outdoor Areas", 200, 100)),
                                     pl.DataFrame())
    low, high = wilson(clear - 1, 200)
    assert just_below.startswith(f"Map 3 Silver Lake wins most often: {(clear - 1) / 200:.1%} "
                                 f"[{low:.1%}, {high:.1%}] of 200 seats; it cannot be told apart from any other map")
    at = nova_answers.maps_answer(map_table(("3", "Silver Lake", 200, clear), ("2", "Outdoor Areas", 200, 100)),
                             pl.DataFrame())
    assert "it wins more often than every other map" in at
    mixed = nova_answers.maps_answer(map_table(("1", "Observation Tower", 200, 60), ("3", "Silver Lake", 200, clear),
                                          ("2", "Outdoor Areas", 200, clear - 5)), pl.DataFrame())
    assert ("it cannot be told apart from map 2 Outdoor Areas at this sample size, and wins more often than the "
            "other 1") in mixed


def test_maps_that_differ_after_control_are_those_with_q_below_five_percent() -> None:
    table = map_table(("1", "Observation Tower", 100, 60), ("2", "Outdoor Areas", 100, 50), ("4", "Commercial Harbor",
                                                                                            100, 40))
    text = nova_answers.maps_answer(table, regression(("1", 1.5, 0.049), ("2", 1.1, 0.05), ("4", 0.6, 0.0009),
                                                 ("5", 0.7, 0.001)))
    assert ("Controlled for seat and bot, map 1 Observation Tower wins more often than the average map (1: odds "
            "ratio 1.50 [1.20, 1.80], q = 0.049), and map 5 and map 4 Commercial Harbor win less often than the "
            "average map (5: odds ratio 0.70 [0.56, 0.84], q = 0.001; 4: odds ratio 0.60 [0.48, 0.72], q < 0.001) at a "
            "5% false-discovery rate.") in text
    assert "map 2 Outdoor Areas win" not in text
    none = nova_answers.maps_answer(table, regression(("1", 1.5, 0.05), ("2", 1.1, 0.5), ("4", 0.6, 0.2)))
    assert none.endswith("Controlled for seat and bot, no map differs from the average map at a 5% false-discovery "
                         "rate.")


def opening_table(*rows: tuple[int, str, int, int, int, int]) -> pl.DataFrame:
    """`opening.opening_cards`' columns: (card, name, kept n, wins when kept, let go n, wins when let go) per card."""
    frame = pl.DataFrame(rows, schema=["card", "name", "n_kept", "wins_kept", "n_dropped", "wins_dropped"], orient="row")
    gains = [newcombe_difference(*row) for row in frame.select("wins_kept", "n_kept", "wins_dropped", "n_dropped").iter_rows()]
    return with_wilson(frame, "wins_kept", "n_kept", "win_kept").with_columns(
        (pl.col("wins_dropped") / pl.col("n_dropped")).alias("win_dropped"),
        pl.Series("keep_gain", [g[0] for g in gains]), pl.Series("keep_gain_low", [g[1] for g in gains]),
        pl.Series("keep_gain_high", [g[2] for g in gains]))


def test_keep_gains_take_cards_kept_and_let_go_by_the_minimum_and_rank_them_by_the_effect_of_keeping() -> None:
    table = opening_table((1, "A", 20, 10, 20, 10), (2, "B", 19, 19, 40, 0), (3, "C", 40, 30, 20, 5),
                          (4, "D", 60, 30, 19, 0))
    gains = opening.keep_effects(table, 20)
    assert gains["card"].to_list() == [3, 1]             # B and D have 19 on one side: left out
    assert gains["gain_p"].to_list() == [two_proportion_p(30, 40, 5, 20), two_proportion_p(10, 20, 10, 20)]
    assert gains["gain_q"].to_list() == pytest.approx([2 * gains["gain_p"][0], 1.0])   # Benjamini-Hochberg over 2


def choice(percentile: float, low: float, high: float) -> pl.DataFrame:
    return pl.DataFrame([{"bot_spec": "default", "n": 4000, "percentile": percentile, "percentile_low": low,
                          "percentile_high": high}])


def test_the_keeps_answer_names_the_card_most_worth_keeping_and_judges_the_bot_against_a_random_keep() -> None:
    gains = opening.keep_effects(opening_table((121, "Sea Cave", 40, 30, 20, 5), (1, "A", 20, 10, 20, 10)), 20)
    text = nova_answers.keeps_answer(gains, choice(0.6, 0.501, 0.7), 20)
    assert text.startswith("Keeping Sea Cave (card 121) pays most: seats that kept it won 75.0% [")
    assert "(n = 40), seats dealt it that let it go 25.0% (n = 20), +50.0 pp [" in text
    assert "; 1 of the 2 cards compared gain from being kept, or lose, at a 5% false-discovery rate." in text
    assert text.endswith("default's keep is worth more than 60.0% [50.1%, 70.0%] of the other keeps of the same "
                         "cards (4,000 seats): better than a random keep (50%).")
    assert nova_answers.keeps_answer(gains, choice(0.55, 0.5, 0.7), 20).endswith(
        "not told apart from a random keep (50%) at this sample size.")
    assert nova_answers.keeps_answer(gains, choice(0.45, 0.4, 0.499), 20).endswith("worse than a random keep (50%).")
    luck = nova_answers.keeps_answer(opening.keep_effects(opening_table((1, "A", 20, 12, 20, 8)), 20),
                                     choice(0.5, 0.4, 0.6), 20)
    assert ", but of the 1 cards compared none gains from being kept, or loses, at a 5% false-discovery rate" in luck
    assert nova_answers.keeps_answer(opening.keep_effects(opening_table((1, "A", 19, 12, 20, 8)), 20),
                                     choice(0.5, 0.4, 0.6), 20).startswith(
        "No card was both kept and let go by at least 20 seats")
