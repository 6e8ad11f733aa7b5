"""Seats, head-to-head and run comparisons: shared wins, the unit of n, and the family of each correction."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
import pytest

from analysis.synthetic import synthetic_run
from sim.analysis.bots import win_matrix
from sim.analysis.compare import compare_cards
from sim.analysis.report import bots_section, seats_section, top_and_bottom
from sim.analysis.seats import seat_advantage, seat_fairness
from sim.analysis.stats import benjamini_hochberg, wilson


def _seat_rows(games: int, winners) -> pl.DataFrame:
    """Two-player games; `winners(game)` gives the seats ranked first (both for a shared win)."""
    rows = [{"game": game, "seat": seat, "players": 2, "bot_spec": "random", "points": float(seat),
             "won": int(seat in winners(game)), "rank": 1 if seat in winners(game) else 2}
            for game in range(games) for seat in (0, 1)]
    return pl.DataFrame(rows, schema_overrides={"game": pl.UInt32, "seat": pl.UInt8, "players": pl.UInt8,
                                                "won": pl.Int8, "rank": pl.UInt8})


def test_a_shared_win_is_split_so_the_seats_win_rates_add_up_to_one() -> None:
    # 100 games: seat 1 wins 40, seat 2 wins 40, 20 are shared.
    seats = _seat_rows(100, lambda game: (0, 1) if game < 20 else (0,) if game % 2 else (1,))
    table = seat_advantage(synthetic_run(seats))
    assert table["win_rate"].sum() == pytest.approx(1.0)
    assert table["win_rate"].to_list() == pytest.approx([0.5, 0.5])
    assert (table["win_rate_low"][0], table["win_rate_high"][0]) == pytest.approx(wilson(50, 100))
    fairness = seat_fairness(synthetic_run(seats)).row(0, named=True)
    assert (fairness["games"], fairness["shared"], fairness["p_value"]) == (100, 20, pytest.approx(1.0))
    text = " ".join(seats_section(synthetic_run(seats)).text)
    assert "20 games ended in a shared win" in text and "add up to 100%" in text


def test_the_seat_test_is_one_chi_square_per_player_count() -> None:
    seats = _seat_rows(200, lambda game: (0,) if game % 10 < 6 else (1,))     # the first seat wins 60%
    row = seat_fairness(synthetic_run(seats)).row(0, named=True)
    assert row["chi2"] == pytest.approx((120 - 100) ** 2 / 100 * 2)
    assert row["p_value"] == pytest.approx(0.004678, abs=1e-5)                 # chi-square, df 1
    assert "seat 1 wins most often (60.0%" in " ".join(seats_section(synthetic_run(seats)).text)


def test_head_to_head_counts_a_four_seat_game_once() -> None:
    # 4-player games, seats 0 and 2 played by A, 1 and 3 by B; A's seats finish 1st and 3rd.
    rows = [{"game": game, "seat": seat, "bot_spec": "A" if seat % 2 == 0 else "B", "rank": [1, 2, 3, 4][seat],
             "points": [30, 20, 10, 0][seat] + game % 3} for game in range(50) for seat in range(4)]
    table = win_matrix(synthetic_run(pl.DataFrame(rows)))
    a_row = table.filter(pl.col("bot") == "A").row(0, named=True)
    assert a_row["n"] == 50                                  # games, not the 200 seat pairs
    assert a_row["ahead"] == pytest.approx(0.75)             # A ahead in 3 of the 4 pairs of every game
    assert (a_row["ahead_low"], a_row["ahead_high"]) == pytest.approx(wilson(37.5, 50))
    assert a_row["margin"] == a_row["margin_low"] == a_row["margin_high"] == pytest.approx(10.0)  # (10+30-10+10)/4
    b_row = table.filter(pl.col("bot") == "B").row(0, named=True)
    assert (b_row["margin"], b_row["margin_low"], b_row["margin_high"]) == pytest.approx((-10.0, -10.0, -10.0))


def test_the_bot_section_puts_the_top_contest_in_words_with_its_intervals() -> None:
    # 200 two-player games: "strong" finishes ahead 3 times in 4, by 10 VP when it wins and -4 when it loses.
    rows = []
    for game in range(200):
        strong_wins = game % 4 != 0
        rows += [{"game": game, "seat": 0, "bot_spec": "strong", "rank": 1 if strong_wins else 2,
                  "points": 10.0 if strong_wins else -4.0, "players": 2, "won": int(strong_wins)},
                 {"game": game, "seat": 1, "bot_spec": "weak", "rank": 2 if strong_wins else 1,
                  "points": 0.0, "players": 2, "won": int(not strong_wins)}]
    section = bots_section(synthetic_run(pl.DataFrame(rows)))
    (text,) = section.text
    found = re.fullmatch(r"Ratings: strong (\d+), weak (\d+)\. The top-rated strong finished ahead of weak in "
                         r"75\.0% \[(.+)%, (.+)%\] of their 200 games, by 6\.5 points \[(.+), (.+)\] on average "
                         r"\(95% intervals\)\.", text)
    assert found, text
    strong, weak, ahead_low, ahead_high, margin_low, margin_high = map(float, found.groups())
    assert strong - weak == pytest.approx(400 * np.log10(3), abs=3)      # odds 3:1, pulled in a little by the prior
    assert (ahead_low / 100, ahead_high / 100) == pytest.approx(wilson(150, 200), abs=5e-4)
    half = 1.96 * 14 * np.sqrt(0.75 * 0.25 / 200)                         # normal-theory half-width of the margin
    assert (margin_low, margin_high) == pytest.approx((6.5 - half, 6.5 + half), abs=0.15)
    assert len(section.figures) == 2                          # the matrix and the score distributions
    head_to_head = next(table for table in section.tables if table.caption.startswith("Head to head"))
    assert head_to_head.header[-1] == "points margin [95% CI]" and head_to_head.rows[0][-1].startswith("6.5 [")


def _played(games: int, seed: int, shift: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Two-player games where each seat plays 6 of 40 cards; card 401 (the overridden one) wins with `shift` more."""
    rng = np.random.default_rng(seed)
    seats, events = [], []
    for game in range(games):
        cards = rng.permutation(np.r_[401, np.arange(1, 40)])[:12].tolist()
        hands = [cards[:6], cards[6:]]
        edge = shift * ((401 in hands[0]) - (401 in hands[1]))
        first = rng.uniform() < 0.5 + edge
        for seat in (0, 1):
            seats.append({"game": game, "seat": seat, "won": int(first == (seat == 0))})
            events += [{"game": game, "seat": seat, "card": card, "event": "played", "break_number": 1}
                       for card in hands[seat]]
    schema = {"game": pl.UInt32, "seat": pl.UInt8}
    return (pl.DataFrame(seats, schema_overrides={**schema, "won": pl.Int8}),
            pl.DataFrame(events, schema_overrides={**schema, "card": pl.UInt16, "break_number": pl.UInt8}))


def test_comparison_tests_only_cards_with_enough_plays_and_keeps_the_overridden_card_apart() -> None:
    base = synthetic_run(*_played(400, 1, 0.0))
    variant = synthetic_run(*_played(400, 2, 0.3))
    variant.manifest = {"experiment": {"overrides": ["cards.401.cost=15"]}}
    table = compare_cards(base, variant, min_n=10)
    overridden = table.filter(pl.col("overridden")).row(0, named=True)
    assert overridden["card"] == 401 and overridden["q_value"] == pytest.approx(overridden["p_value"])
    assert overridden["change_low"] > 0
    others = table.filter(~pl.col("overridden"))
    assert others.height == 39 and (others["n_base"] >= 10).all() and (others["n_variant"] >= 10).all()
    few = compare_cards(base, variant, min_n=120).filter(~pl.col("overridden"))
    assert 5 < few.height < 35
    assert few["q_value"].to_list() == pytest.approx(benjamini_hochberg(few["p_value"].to_numpy()).tolist())


def test_top_and_bottom_lists_never_show_a_row_twice() -> None:
    table = pl.DataFrame({"card": range(15)})
    top, bottom = top_and_bottom(table, 12)
    assert top["card"].to_list() == list(range(12)) and bottom["card"].to_list() == [14, 13, 12]
    assert top_and_bottom(table.head(5), 12)[1].is_empty()


def test_p_values_below_one_in_a_thousand_are_not_printed_as_zero() -> None:
    from sim.analysis.report import marked_q, p_phrase, p_value

    assert [p_value(p) for p in (0.000999, 0.001, 0.0234, 1.0, None, float("nan"))] == [
        "< 0.001", "0.001", "0.023", "1.000", "–", "–"]
    assert (p_phrase("q", 0.0004), p_phrase("p", 0.5)) == ("q < 0.001", "p = 0.500")
    assert (marked_q(0.0499), marked_q(0.05), marked_q(None)) == ("0.050 *", "0.050", "–")


def test_a_tiny_negative_number_is_not_printed_as_minus_zero() -> None:
    from sim.analysis.report import change_pp, num, pct, signed, signed_pp

    assert [signed(value) for value in (-0.04, -0.06, 0.04, None, float("nan"))] == ["+0.0", "-0.1", "+0.0", "–", "–"]
    assert (signed_pp(-0.0004), signed_pp(-0.0006), change_pp(-0.0004), change_pp(0.025)) == (
        "+0.0", "-0.1", "+0.0 pp", "+2.5 pp")
    assert (num(-0.04), num(-0.06), pct(-0.0004), pct(-0.0006)) == ("0.0", "-0.1", "0.0%", "-0.1%")


def test_games_to_settle_read_off_an_interval_scale_the_run_by_the_squared_ratio_of_error_to_effect() -> None:
    from sim.analysis.tables import with_games_to_settle
    # A 95% interval 2 x 1.96 x 0.05 wide is a standard error of 0.05; an effect of 0.1 on 100 games then needs
    # 100 x (2.8016 x 0.05 / 0.1)^2 = 196.2 -> 197 games, an effect of 0.2 only 50; no effect has no answer.
    half = 1.959964 * 0.05
    table = pl.DataFrame({"effect": [0.1, -0.1, 0.2, 0.0], "games": [100, 100, 100, 100]}).with_columns(
        (pl.col("effect") - half).alias("low"), (pl.col("effect") + half).alias("high"))
    needed = with_games_to_settle(table, 100, pl.col("effect"), "low", "high")["games_needed"].to_list()
    assert needed[:3] == [197, 197, 50] and np.isnan(needed[3])
    per_row = with_games_to_settle(table.with_columns(pl.Series("games", [100, 400, 100, 100])), "games",
                                   pl.col("effect"), "low", "high")["games_needed"].to_list()
    assert per_row[:2] == [197, 785]      # the same interval after 4 times the games: 4 x 196.2 games needed


def _cells(section, caption_part: str) -> list[dict[str, str]]:
    table = next(table for table in section.tables if caption_part in table.caption)
    return [dict(zip(table.header, row, strict=True)) for row in table.rows]


def test_the_seat_table_says_how_many_games_would_tell_each_seat_from_its_fair_share() -> None:
    seats = _seat_rows(200, lambda game: (0,) if game % 10 < 6 else (1,))     # the first seat wins 60% of 200
    row = _cells(seats_section(synthetic_run(seats)), "Win rate and points")[0]
    low, high = wilson(120, 200)
    expected = np.ceil(200 * (2.8016 * (high - low) / (2 * 1.959964) / 0.1) ** 2)
    assert row["games to settle"] == f"{expected:,.0f}"
    even = _seat_rows(200, lambda game: (game % 2,))                         # an even game: nothing to settle
    assert _cells(seats_section(synthetic_run(even)), "Win rate and points")[0]["games to settle"] == "–"


def test_the_head_to_head_table_says_how_many_meetings_would_tell_a_bot_from_an_even_share() -> None:
    rows = [{"game": game, "seat": seat, "bot_spec": "A" if seat == 0 else "B",
             "rank": 1 + (seat if game % 10 < 6 else 1 - seat), "points": 10.0 * (seat == 0)}
            for game in range(100) for seat in range(2)]
    cells = _cells(bots_section(synthetic_run(pl.DataFrame(rows))), "Head to head")
    a_row = next(row for row in cells if row["bot"] == "A")
    low, high = wilson(60, 100)
    assert a_row["games to settle"] == f"{np.ceil(100 * (2.8016 * (high - low) / (2 * 1.959964) / 0.1) ** 2):,.0f}"
