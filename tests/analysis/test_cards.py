"""Card strength: wins above expected must not credit a card for the fact that winners play more cards."""

from __future__ import annotations

import numpy as np
import polars as pl

from analysis.synthetic import synthetic_run, two_player_games
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


WEAK = 9


def test_the_card_section_names_the_strongest_and_the_weakest_cards_with_their_evidence() -> None:
    from sim.arknova.analysis.report import cards_section

    seats, events = two_player_games(1000, seed=4, strength=lambda hand: 0.25 * len(hand) + (PLANTED in hand)
                                     - (WEAK in hand))
    run = synthetic_run(seats, events)
    run.__dict__["cards"] = pl.DataFrame({
        "number": list(range(60)), "name": [f"Card {number}" for number in range(60)],
        "kind": ["sponsor" if number % 3 == 0 else "animal" for number in range(60)],
        "cost": [None if number % 3 == 0 else 10 + number for number in range(60)],
        "level": [3 if number % 3 == 0 else None for number in range(60)]},
        schema_overrides={"number": pl.UInt16, "cost": pl.UInt8, "level": pl.UInt8})
    section = cards_section(run)
    text = " ".join(section.text)
    assert "Ranked by what the deal randomises" in text and "(60 cards, each dealt to about" in text
    assert "1 card raises the win rate when dealt: Card 7 (+" in text
    assert "1 card lowers the win rate when dealt: Card 9 (-" in text
    assert '`arkmc study cards --cards "' in text
    strongest, weakest, descriptive = section.tables
    assert strongest.header == ["card", "name", "kind", "cost", "dealt n", "win rate when dealt, pp [95% CI]", "q (BH)",
                                "points when dealt [95% CI]", "drawn n", "win rate when drawn, pp [95% CI]",
                                "games to settle"]
    assert strongest.rows[0][:4] == ["7", "Card 7", "animal", "17"] and strongest.rows[0][6].endswith(" *")
    assert weakest.rows[0][:4] == ["9", "Card 9", "sponsor", "level\u00a03"] and weakest.rows[0][6].endswith(" *")
    assert weakest.beside and not strongest.beside                       # drawn side by side
    assert not {row[0] for row in strongest.rows} & {row[0] for row in weakest.rows}
    effects = [float(row[5].split()[0]) for row in strongest.rows]
    assert effects == sorted(effects, reverse=True) and effects[0] > 0   # sorted by the column shown
    assert descriptive.caption.startswith("Descriptive, not strength") and "played n" in descriptive.header


def test_strongest_and_weakest_rank_by_the_interval_end_nearest_one_among_tested_cards() -> None:
    from sim.analysis.cards import strongest_and_weakest

    table = pl.DataFrame({  # card 1: large but unsure; card 2: smaller and sure; 5 untested; shrunk says otherwise
        "card": [1, 2, 3, 4, 5], "wae_odds_ratio": [3.0, 1.5, 0.5, 0.8, None],
        "wae_low": [0.9, 1.2, 0.2, 0.7, None], "wae_high": [10.0, 1.9, 1.2, 0.9, None],
        "p_value": [0.06, 0.001, 0.1, 0.01, None], "shrunk": [0.4, 0.45, 0.6, 0.55, 0.9]})
    strongest, weakest = strongest_and_weakest(table, 1)
    assert (strongest["card"].to_list(), weakest["card"].to_list()) == ([2], [4])
    strongest, weakest = strongest_and_weakest(table, 2)
    assert (strongest["card"].to_list(), weakest["card"].to_list()) == ([2, 1], [4, 3])
    strongest, weakest = strongest_and_weakest(table, 3)
    assert strongest["card"].to_list() == [2, 1, 4] and weakest["card"].to_list() == [3]   # never in both lists


def test_the_play_rate_counts_the_seats_that_held_a_card_by_the_game_s_own_held_events() -> None:
    from sim.analysis.cards import card_seats

    # Card 5: seat 0 of game 0 kept and played it, seat 1 drew it and did not, seat 0 of game 1 snapped it from the
    # display and did not; seat 1 of game 1 was dealt it and let it go ("dealt" is not holding it in Ark Nova).
    seats = pl.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "won": [1, 0, 0, 1], "players": [2] * 4,
                          "dealt": [[5], [], [], [5]], "kept": [[5], [], [], []]})
    events = pl.DataFrame({"game": [0, 0, 0, 1, 1], "seat": [0, 0, 1, 0, 1], "card": [5] * 5,
                           "event": ["kept", "played", "drawn", "snapped", "dealt"]})
    run = synthetic_run(seats, events)
    assert run.factory is not None and run.factory.info.held_events     # the default game: Ark Nova's events
    held = card_seats(run).sort("game", "seat")
    assert held["held"].to_list() == [True, True, True, False]
    assert card_strength(run, min_n=1).filter(pl.col("card") == 5)["play_rate"].to_list() == [1 / 3]
    run.spec["game"] = "inhabit"                                        # Inhabit holds a card only by drawing it
    run.__dict__.pop("factory", None)
    assert card_seats(run).sort("game", "seat")["held"].to_list() == [False, True, False, False]
