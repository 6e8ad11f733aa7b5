"""The notebooks' closing answers (sim/analysis/answers.py; Ark Nova's own: tests/arknova/test_answers.py)
on tables with known numbers, at and around each threshold: a difference whose 95% interval just includes 0,
q = 0.05, the minimum n, 50% exactly."""

from __future__ import annotations

import polars as pl

from sim.analysis import answers


def card_table(*rows: tuple[int, str, int, float, float]) -> pl.DataFrame:
    """`randomised.dealt_effects`' columns: (card, name, seats dealt it, effect on the win rate, q) per card."""
    return pl.DataFrame([{"card": card, "name": name, "n": n, "effect_win": effect, "effect_win_low": effect - 0.05,
                          "effect_win_high": effect + 0.05, "p_value": q / 2, "q_value": q, "games_needed": 1000.0 * n}
                         for card, name, n, effect, q in rows])


def test_the_strongest_and_weakest_cards_are_the_discoveries_with_the_largest_effects_when_dealt() -> None:
    table = card_table((401, "Cheetah", 80, 0.30, 0.2), (406, "Siberian Tiger", 63, 0.10, 0.049),
                       (228, "WAZA Small Animal Program", 150, -0.08, 0.01), (223, "Science Institute", 90, -0.2, 0.05),
                       (500, "Long-Billed Vulture", 19, 0.5, 0.001))
    assert answers.cards_answer(table, 20) == (
        "Siberian Tiger (card 406) raises the win rate most when dealt (+10.0 pp [+5.0, +15.0] of win rate when "
        "dealt, q = 0.049, dealt to 63 seats); WAZA Small Animal Program (card 228) lowers it most (-8.0 pp "
        "[-13.0, -3.0] of win rate when dealt, q = 0.010, dealt to 150 seats). Of 4 cards dealt to at least 20 seats, "
        "1 raise and 1 lower the win rate when dealt at a 5% false-discovery rate (randomised by the deal).")


def test_without_discoveries_the_extremes_are_named_as_within_chance_with_the_games_to_settle_them() -> None:
    table = card_table((401, "Cheetah", 80, 0.3, 0.05), (228, "WAZA Small Animal Program", 20, -0.2, 0.3))
    text = answers.cards_answer(table, 20)
    assert text.startswith("No card of the 2 dealt to at least 20 seats changes the win rate when dealt at a 5% "
                           "false-discovery rate")
    assert "the highest, Cheetah (card 401) (+30.0 pp" in text and "the lowest, WAZA Small Animal Program" in text
    assert "about 80,000 games like these" in text
    unranked = answers.cards_answer(card_table((401, "Cheetah", 19, 0.3, 0.01)), 20)
    assert unranked.startswith("No card was dealt to at least 20 seats (the most: 19)")


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
