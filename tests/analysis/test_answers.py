"""The notebooks' closing answers (sim/analysis/answers.py; Ark Nova's own: tests/arknova/test_answers.py)
on tables with known numbers, at and around each threshold: a difference whose 95% interval just includes 0,
q = 0.05, the minimum n, 50% exactly."""

from __future__ import annotations

import polars as pl

from sim.analysis import answers

CONTROLS = "seat, map, bot, when it was played and how many cards the seat played"   # Ark Nova's


def card_table(*rows: tuple[int, str, int, float | None, float | None]) -> pl.DataFrame:
    """`cards.card_strength`'s regression columns: (card, name, played n, odds ratio, q) per card."""
    return pl.DataFrame([{"card": card, "name": name, "n_played": n, "wae_odds_ratio": ratio,
                          "wae_low": None if ratio is None else ratio * 0.7, "wae_high": None if ratio is None else ratio * 1.3,
                          "p_value": None if q is None else q / 2, "q_value": q} for card, name, n, ratio, q in rows])


def test_the_strongest_and_weakest_cards_are_the_discoveries_with_the_extreme_odds_ratios() -> None:
    table = card_table((401, "Cheetah", 80, 3.0, 0.2), (406, "Siberian Tiger", 63, 2.0, 0.049),
                       (228, "WAZA Small Animal Program", 150, 0.5, 0.01), (223, "Science Institute", 90, 0.2, 0.05),
                       (500, "Long-Billed Vulture", 40, 1.0, None))
    assert answers.cards_answer(table, 20, CONTROLS) == (
        "Siberian Tiger (card 406) wins most above expected (odds ratio 2.00 [1.40, 2.60], q = 0.049, played by 63 "
        "seats); WAZA Small Animal Program (card 228) most below (odds ratio 0.50 [0.35, 0.65], q = 0.010, played by "
        "150 seats). Of 4 cards tested (controlled for seat, map, bot, when it was played and how many cards the seat "
        "played), 1 win more often than expected and 1 less at a 5% false-discovery rate.")


def test_without_discoveries_the_extremes_are_named_as_within_chance() -> None:
    table = card_table((401, "Cheetah", 80, 3.0, 0.05), (228, "WAZA Small Animal Program", 150, 0.5, 0.3))
    text = answers.cards_answer(table, 20, CONTROLS)
    assert text.startswith("No card of the 2 tested wins more or less often than expected at a 5% false-discovery rate")
    assert "the highest, Cheetah (card 401) (odds ratio 3.00" in text and "the lowest, WAZA Small Animal Program" in text
    untested = answers.cards_answer(card_table((401, "Cheetah", 12, None, None)), 20, CONTROLS)
    assert untested.startswith("No card was played, and not played, by at least 20 seats (the most played: 12)")


def head_to_head(low: float, high: float) -> pl.DataFrame:
    return pl.DataFrame([{"bot": "default", "opponent": "random", "n": 30, "ahead": (low + high) / 2, "ahead_low": low,
                          "ahead_high": high, "margin": 40.0, "margin_low": 35.0, "margin_high": 45.0}])


RATING = pl.DataFrame({"bot_spec": ["default", "random"], "rating": [1700.0, 1300.0]})
SEATS = pl.DataFrame({"bot_spec": ["default", "random"] * 2, "points": [50, 10, 60, 20]})


def test_the_bots_answer_says_whether_the_top_rated_bot_is_stronger_than_the_next() -> None:
    assert answers.bots_answer(SEATS, head_to_head(0.501, 0.9), RATING) == (
        "default is stronger than random: it finished ahead in 70.0% [50.1%, 90.0%] of their 30 games, by 40.0 "
        "[35.0, 45.0] points on average.")
    assert answers.bots_answer(SEATS, head_to_head(0.5, 0.9), RATING).startswith(
        "default and random cannot be told apart at this sample size: default finished ahead in 70.0% [50.0%, 90.0%]")
    assert answers.bots_answer(SEATS, head_to_head(0.2, 0.499), RATING).startswith(
        "random is stronger than default: default finished ahead only in 35.0%")


def test_a_run_of_one_bot_says_so_with_its_mean_points() -> None:
    seats = pl.DataFrame({"bot_spec": ["default"] * 4, "points": [50, 10, 60, 20]})
    text = answers.bots_answer(seats, pl.DataFrame(), pl.DataFrame())
    assert text.startswith("Only one bot played (default, 4 seats), so there is no other bot to compare it with; its "
                           "seats scored 35.0 [")


def test_p_and_q_values_below_one_in_a_thousand_are_never_printed_as_zero() -> None:
    from sim.analysis.report import p_phrase

    assert [p_phrase("p", p) for p in (0.000999, 0.001, 0.04249, 1.0, None, float("nan"))] == [
        "p < 0.001", "p = 0.001", "p = 0.042", "p = 1.000", "–", "–"]
    assert p_phrase("q", 1e-9) == "q < 0.001" and p_phrase("q", 0.05) == "q = 0.050"
