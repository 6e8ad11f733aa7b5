"""The randomised card estimates (sim/analysis/randomised.py) on synthetic runs with known effects: a card whose
deal raises the win rate by a known amount is found with its size, a card without effect stays unflagged, and a
card that only winners *play* (the bias of the played-card regression) is not credited."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from analysis.synthetic import synthetic_run
from sim.analysis import randomised

STRONG, NULL, CHOSEN = 7, 9, 11


def dealt_games(games: int, seed: int, boost: float) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Two-player games of a 60-card deck, 8 cards dealt to each seat. Seat strength is `boost` in log-odds for
    holding card STRONG; card CHOSEN is played only by the seat that is winning anyway (a choice, not a cause).
    Every seat draws 3 cards blind from the deck after the deal; drawing STRONG raises its odds as dealing does."""
    rng = np.random.default_rng(seed)
    seats, events = [], []
    for game in range(games):
        deck = rng.permutation(60).tolist()
        hands = [deck[:8], deck[8:16]]
        draws = [deck[16:19], deck[19:22]]
        strength = [boost * ((STRONG in hands[seat]) + (STRONG in draws[seat])) for seat in range(2)]
        first_wins = rng.uniform() < 1 / (1 + np.exp(strength[1] - strength[0]))
        for seat in range(2):
            won = int(first_wins == (seat == 0))
            seats.append({"game": game, "seat": seat, "map": "1", "bot_spec": "bot", "players": 2, "won": won,
                          "points": 50.0 + 10 * won + rng.normal(0, 5), "dealt": hands[seat]})
            events += [{"game": game, "seat": seat, "card": card, "event": "drawn", "source": "deck"}
                       for card in draws[seat]]
            if won and CHOSEN in hands[seat]:
                events.append({"game": game, "seat": seat, "card": CHOSEN, "event": "played", "source": "hand"})
    return (pl.DataFrame(seats, schema_overrides={"game": pl.UInt32, "seat": pl.UInt8, "dealt": pl.List(pl.UInt16)}),
            pl.DataFrame(events, schema_overrides={"game": pl.UInt32, "seat": pl.UInt8, "card": pl.UInt16}))


@pytest.fixture(scope="module")
def planted() -> pl.DataFrame:
    seats, events = dealt_games(6000, seed=1, boost=1.5)
    return randomised.dealt_effects(synthetic_run(seats, events))


def test_the_dealt_card_with_an_effect_ranks_first_with_its_size(planted: pl.DataFrame) -> None:
    top = planted.row(0, named=True)
    assert top["card"] == STRONG and top["q_value"] < 0.001
    # log-odds 1.5 for one seat holding it: about +0.32 against a seat without it, less the average card's share
    assert 0.25 < top["effect_win"] < 0.40 and top["effect_win_low"] < top["effect_win"] < top["effect_win_high"]
    assert top["games_needed"] < 6000
    assert set(planted.columns) >= {"n", "p_value", "effect_points", "effect_points_low", "effect_points_high"}


def test_a_card_without_effect_and_a_card_only_winners_play_are_not_flagged(planted: pl.DataFrame) -> None:
    for card in (NULL, CHOSEN):
        row = planted.filter(pl.col("card") == card).row(0, named=True)
        assert row["q_value"] > 0.05 and row["effect_win_low"] < 0 < row["effect_win_high"], row


def test_the_effects_are_contrasts_with_the_average_card(planted: pl.DataFrame) -> None:
    assert abs(planted["effect_win"].mean()) < 1e-9   # each card against the average card of the deal


def test_cards_drawn_blind_are_measured_per_draw() -> None:
    seats, events = dealt_games(3000, seed=2, boost=1.5)
    drawn = randomised.drawn_effects(synthetic_run(seats, events))   # the default game's draws: ("drawn", "deck")
    top = drawn.row(0, named=True)
    assert top["card"] == STRONG and top["q_value"] < 0.001 and top["n"] == int((events["card"] == STRONG).sum()) - int(
        ((events["card"] == STRONG) & (events["event"] == "played")).sum())
    assert drawn.filter(pl.col("card") == NULL)["q_value"][0] > 0.05


def test_one_model_of_every_card_needs_two_seats_per_coefficient() -> None:
    seats, events = dealt_games(500, seed=3, boost=0.0)
    columns = 60 + 1 + 1   # a column per card, the intercept and the seat (map, bot and players do not vary here)
    enough = seats.filter(pl.col("game") < columns)          # 2 seats per game: exactly two seats per column
    assert not randomised.dealt_effects(synthetic_run(enough, events)).is_empty()
    fewer = enough.filter(~((pl.col("game") == columns - 1) & (pl.col("seat") == 1)))
    assert randomised.dealt_effects(synthetic_run(fewer, events)).is_empty()
