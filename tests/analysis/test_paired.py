"""Paired comparisons on common seeds: a planted change found with the narrower interval pairing gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.analysis.compare import compare_cards
from sim.analysis.data import Run
from sim.analysis.paired import Focus, common_games, focus_of, paired_focus, seat_changes, unpaired_reason
from sim.analysis.report import paired_section, power_line
from sim.arknova.game import ArkNova

GAMES = 600
CARD = 401


def planted_runs(flip: float = 0.25, seed: int = 7) -> tuple[Run, Run, float]:
    """A baseline and a variant of two-player games on the same seeds; the variant numbers its games in
    reverse. The card is played in about a third of the games (by seat game % 2); in the variant it is
    played in a few others instead of a tenth of those, and its player, where it lost, wins instead with
    probability `flip`. Every other game goes exactly as in the baseline. Returns the runs and the planted change."""
    rng = np.random.default_rng(seed)
    tables: dict[str, list[dict]] = {"base_seats": [], "variant_seats": [], "base_events": [], "variant_events": []}
    changes = []
    for game in range(GAMES):
        first_wins = rng.uniform() < 0.5
        points = rng.normal(10, 20, 2)
        player = game % 2
        played_base = rng.uniform() < 0.3
        played_variant = (played_base and rng.uniform() > 0.1) or rng.uniform() < 0.05
        won_variant = first_wins
        if played_variant and (first_wins != (player == 0)) and rng.uniform() < flip:
            won_variant = not won_variant
        if played_base or played_variant:
            changes.append(int(won_variant != first_wins))
        for label, index, winner, played in (("base", game, first_wins, played_base),
                                             ("variant", GAMES - 1 - game, won_variant, played_variant)):
            for seat in (0, 1):
                won = int(winner == (seat == 0))
                tables[f"{label}_seats"].append({"game": index, "seat": seat, "won": won, "bot_spec": "default",
                                                 "points": float(points[seat] + 5 * won)})
            if played:
                tables[f"{label}_events"].append({"game": index, "seat": player, "card": CARD, "event": "played",
                                                  "break_number": 1})
    runs = []
    for label in ("base", "variant"):
        run = Run(Path(label), {"experiment": {"players": 2, "overrides": [f"cards.{CARD}.cost=15"] * (label == "variant")}})
        seats = pl.DataFrame(tables[f"{label}_seats"], schema_overrides={"game": pl.UInt32, "seat": pl.UInt8,
                                                                         "won": pl.Int8})
        run.__dict__["seats"] = seats
        run.__dict__["card_events"] = pl.DataFrame(tables[f"{label}_events"], schema_overrides={
            "game": pl.UInt32, "seat": pl.UInt8, "card": pl.UInt16, "break_number": pl.UInt8})
        index = np.arange(GAMES)
        run.__dict__["games"] = pl.DataFrame({"game": index, "seed": 1000 + (index if label == "base" else index[::-1])},
                                             schema={"game": pl.UInt32, "seed": pl.UInt64})
        run.__dict__["card_names"] = {CARD: "Cheetah"}
        runs.append(run)
    return runs[0], runs[1], float(np.mean(changes))


def test_the_card_players_change_is_found_on_common_seeds_with_a_narrower_interval() -> None:
    base, variant, planted = planted_runs()
    assert common_games(base, variant).height == GAMES and not unpaired_reason(base, variant)
    change = paired_focus(base, variant, Focus("card", CARD))
    won = change["won"]
    assert won.change == pytest.approx(planted) and planted > 0.08
    assert won.low > 0 and won.p_value < 0.001
    unpaired = compare_cards(base, variant, min_n=0).filter(pl.col("card") == CARD).row(0, named=True)
    assert won.high - won.low < 0.6 * (unpaired["change_high"] - unpaired["change_low"])
    assert change["points"].change == pytest.approx(5 * planted), "a win is worth 5 points here"


def test_nothing_changed_gives_no_change_and_games_to_detect_grows_as_the_change_shrinks() -> None:
    base, _, _ = planted_runs()
    same = paired_focus(base, base, Focus("card", CARD))["won"]
    assert (same.change, same.low, same.high) == (0.0, 0.0, 0.0)
    _, small_variant, _ = planted_runs(flip=0.1)
    _, large_variant, _ = planted_runs(flip=0.4)
    small = power_line(paired_focus(base, small_variant, Focus("card", CARD)))
    large = power_line(paired_focus(base, large_variant, Focus("card", CARD)))
    needed = [int(text.split("about ")[1].split(" games")[0].replace(",", "")) for text in (small, large)]
    assert needed[0] > needed[1] > 10


def test_seats_are_compared_seat_by_seat_and_name_their_bots() -> None:
    base, variant, _ = planted_runs()
    variant.__dict__["seats"] = variant.seats.with_columns(
        pl.when(pl.col("seat") == 0).then(pl.lit("random")).otherwise(pl.col("bot_spec")).alias("bot_spec"))
    table = seat_changes(base, variant)
    assert table["seat"].to_list() == [1, 2] and table["bot_variant"].to_list() == ["random", "default"]
    assert table["win_change"].sum() == pytest.approx(0.0), "in two-player games one seat's gain is the other's loss"
    section = paired_section(base, variant)
    assert any(text.startswith("Seat 1 (default → random): Power (80%") for text in section.text)
    assert any(text.startswith("The player of card 401 Cheetah (played in ") and "pp wide against" in text
               for text in section.text)
    assert section.tables[0].rows[0][0] == "the player of card 401 Cheetah"


def test_runs_without_common_seeds_are_not_paired() -> None:
    base, variant, _ = planted_runs()
    variant.__dict__["games"] = variant.games.with_columns(pl.col("seed") + 10_000)
    assert "share no seed" in unpaired_reason(base, variant)
    assert "cannot be compared game by game" in paired_section(base, variant).text[0]


def test_an_override_path_names_its_focus() -> None:
    base, _, _ = planted_runs()
    assert focus_of("cards.401.cost", base) == Focus("card", 401)
    assert focus_of("tracks.hand_dealt", base) == Focus("seat", 0)
    assert focus_of("maps.2.last_worker_bonus", base) == Focus("seat", 0), "no map column: the starting seat"
    base.__dict__["seats"] = base.seats.with_columns(pl.lit("2").alias("map"))
    assert focus_of("maps.2.last_worker_bonus", base) == Focus("factor", "2", ArkNova.info.seat_factors[0])
    assert focus_of("maps.2.last_worker_bonus", base).label(base) == "the seats on map 2"


def test_the_seats_on_a_map_are_compared_on_the_same_deals() -> None:
    base, variant, _ = planted_runs()
    for run in (base, variant):
        run.__dict__["seats"] = run.seats.with_columns(pl.when(pl.col("seat") == 0).then(pl.lit("2"))
                                                       .otherwise(pl.lit("5")).alias("map"))
    on_map = paired_focus(base, variant, Focus("factor", "2", ArkNova.info.seat_factors[0]))["won"]
    first_seat = paired_focus(base, variant, Focus("seat", 0))["won"]
    assert (on_map.change, on_map.count) == (first_seat.change, GAMES) and on_map.change != 0
