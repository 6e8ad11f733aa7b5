"""Two runs compared game by game on their common seeds.

Game i's seed depends only on the experiment's base seed and i, so a balance override run (or a run
with other bots) and its baseline play the same deals: until the change matters, a game goes exactly
as it went in the baseline. Comparing the two runs as independent samples throws that away. Here each
game of one run is paired with the game of the other run that has the same seed, and a change is the
mean of the per-game differences of the seats looked at (the focus), with a bootstrap over games.

A focus says which seats of a game are looked at:
- a card: the seat that played it (in the variant, else in the baseline), in the games where it was
  played in either run. The change is then what the card's player gains, measured on the same deals;
  unlike the change of "win rate when played" it does not mix in which games the card gets played;
- a value of a per-seat factor (`GameInfo.seat_factors`; Ark Nova: a map): the seats that had it;
- a seat: that seat, in every game (also how two bots are compared: seat by seat).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import polars as pl

from sim.analysis import compare
from sim.analysis.cards import card_seats
from sim.analysis.data import Run
from sim.analysis.stats import PairedChange, paired_change
from sim.core.protocols import SeatFactor

OUTCOMES = ("won", "points")


@dataclass(frozen=True)
class Focus:
    """The seats a paired change looks at: a card's player (kind "card"), the seats with one value of a
    per-seat factor (kind "factor", with the factor; Ark Nova: the seats on one map), or one seat (kind
    "seat", 0-based)."""

    kind: str
    key: int | str
    factor: SeatFactor | None = None

    @property
    def column(self) -> str:
        """The seats' or card tables' column that `key` is a value of."""
        return self.factor.column if self.factor is not None else self.kind

    def label(self, run: Run) -> str:
        """The focus in words, for people (seats 1-based)."""
        if self.kind == "card":
            return f"the player of card {self.key} {run.card_names.get(int(self.key), '')}".rstrip()
        if self.factor is not None:
            return f"the seats {self.factor.preposition} {self.factor.column} {self.key}"
        return f"seat {int(self.key) + 1}"


def focus_of(path: str, run: Run) -> Focus:
    """The focus an override path asks for: its card (cards.N.*) when the run records card events, or the
    value of a per-seat factor it names (Ark Nova: maps.N.*) when the run's seats record that factor, else
    the starting seat (whose win rate is the game's balance in two-player games)."""
    card = re.match(r"cards\.(\d+)\.", path)
    if card and not run.card_events.is_empty():
        return Focus("card", int(card.group(1)))
    for factor in run.seat_factors:
        value = re.match(rf"{re.escape(factor.override_prefix)}\.([^.]+)\.", path) if factor.override_prefix else None
        if value:
            return Focus("factor", value.group(1), factor)
    return Focus("seat", 0)


def common_games(base: Run, variant: Run) -> pl.DataFrame:
    """Finished games of both runs with the same seed: seed, game (baseline index), game_variant; by seed."""
    if base.games.is_empty() or variant.games.is_empty():
        return pl.DataFrame(schema={"seed": pl.UInt64, "game": pl.UInt32, "game_variant": pl.UInt32})
    return (base.games.select("seed", "game")
            .join(variant.games.select("seed", pl.col("game").alias("game_variant")), on="seed").sort("seed"))


def unpaired_reason(base: Run, variant: Run) -> str:
    """Why the runs cannot be compared game by game ('' when they can)."""
    if base.spec.get("players") != variant.spec.get("players"):
        return "they have different player counts"
    if common_games(base, variant).is_empty():
        return ("they share no seed (game i's seed comes from the experiment's base seed: give both runs the "
                "same --seed)")
    return ""


def focus_seats(run: Run, focus: Focus) -> pl.DataFrame:
    """The (game, seat) rows of the run's finished games that `focus` looks at."""
    empty = pl.DataFrame(schema={"game": pl.UInt32, "seat": pl.UInt8})
    if run.seats.is_empty():
        return empty
    if focus.kind == "card":
        held = card_seats(run)
        if held.is_empty():
            return empty
        return held.filter((pl.col("card") == focus.key) & pl.col("played")).select("game", "seat").unique()
    if focus.kind == "factor":
        return run.seats.filter(pl.col(focus.column) == str(focus.key)).select("game", "seat")
    return run.seats.filter(pl.col("seat") == focus.key).select("game", "seat")


def focus_outcomes(run: Run, focus: Focus) -> pl.DataFrame:
    """The won (0/1) and points of the seats `focus` looks at in this run alone: game, seat, won, points."""
    return focus_seats(run, focus).join(run.seats.select("game", "seat", *OUTCOMES), on=["game", "seat"])


def paired_focus(base: Run, variant: Run, focus: Focus, draws: int = 2000) -> dict[str, PairedChange]:
    """The paired change (variant - baseline) of each outcome (won, points) of the focus seats, over the
    common seeds. A game's focus seats are the variant's, else the baseline's (a card played in either
    run counts; the seats are the same in both runs for a seat or a factor the deal assigns)."""
    pairs = common_games(base, variant)
    in_variant = pairs.join(focus_seats(variant, focus).rename({"game": "game_variant"}), on="game_variant")
    in_base = pairs.join(focus_seats(base, focus), on="game").join(in_variant.select("seed"), on="seed", how="anti")
    seats = pl.concat([in_variant, in_base.select(in_variant.columns)])
    variant_outcomes = variant.seats.select(pl.col("game").alias("game_variant"), "seat",
                                            *(pl.col(name).alias(f"{name}_variant") for name in OUTCOMES))
    differences = (seats.join(base.seats.select("game", "seat", *OUTCOMES), on=["game", "seat"])
                   .join(variant_outcomes, on=["game_variant", "seat"])
                   .group_by("seed").agg(pl.len().alias("count"), *(
                       (pl.col(f"{name}_variant").cast(pl.Float64) - pl.col(name).cast(pl.Float64)).sum().alias(name)
                       for name in OUTCOMES)))
    per_game = pairs.select("seed").join(differences, on="seed", how="left").fill_null(0).sort("seed")
    return {name: paired_change(per_game[name].to_numpy(), per_game["count"].to_numpy(), draws=draws)
            for name in OUTCOMES}


def changed_overrides(base: Run, variant: Run) -> list[str]:
    """The override paths whose value differs between the runs (set in one only, or to other values)."""
    def paths(run: Run) -> dict[str, str]:
        return dict(text.partition("=")[::2] for text in run.spec.get("overrides", []))

    before, after = paths(base), paths(variant)
    return [path for path in dict.fromkeys([*after, *before]) if before.get(path) != after.get(path)]


@dataclass(frozen=True)
class FocusChange:
    """The paired change of one focus, with the unpaired change of the same card's or factor value's win rate."""

    focus: Focus
    label: str
    change: dict[str, PairedChange]
    unpaired: tuple[float, float, float]   # change, low, high (Newcombe); NaN when the runs do not show it


def override_changes(base: Run, variant: Run) -> list[FocusChange]:
    """The paired change of each card or factor value an override changes (a path of another kind is about
    the seats, which `seat_changes` covers), next to the unpaired change of its win rate (when played, or of
    the seats with that value)."""
    focuses = [focus for focus in dict.fromkeys(focus_of(path, variant) for path in changed_overrides(base, variant))
               if focus.kind != "seat"]
    changes = []
    for focus in focuses:
        unpaired = (compare.compare_cards(base, variant, min_n=0) if focus.kind == "card"
                    else compare.compare_factor(base, variant, focus.column))
        row = unpaired.filter(pl.col(focus.column) == focus.key) if unpaired.height else unpaired
        changes.append(FocusChange(focus, focus.label(variant), paired_focus(base, variant, focus),
                                   row.select("change", "change_low", "change_high").row(0) if row.height
                                   else (float("nan"),) * 3))
    return changes


def seat_changes(base: Run, variant: Run) -> pl.DataFrame:
    """One row per seat: its bot in each run and the paired change of its win rate and points."""
    rows = []
    players = int(base.spec.get("players") or 0)
    bots = {label: run.seats.group_by("seat").agg(pl.col("bot_spec").unique().sort().str.join(", "))
            for label, run in (("base", base), ("variant", variant))}
    for seat in range(players):
        change = paired_focus(base, variant, Focus("seat", seat))
        bot = {label: table.filter(pl.col("seat") == seat)["bot_spec"].to_list() for label, table in bots.items()}
        rows.append({"seat": seat + 1, "bot_base": (bot["base"] or ["?"])[0],
                     "bot_variant": (bot["variant"] or ["?"])[0], **changes_row(change)})
    return pl.DataFrame(rows)


def changes_row(change: dict[str, PairedChange]) -> dict[str, float | int]:
    """The paired win-rate and points changes as flat columns (win_*, points_*, games, count)."""
    won, points = change["won"], change["points"]
    return {"games": won.games, "count": won.count,
            "win_change": won.change, "win_low": won.low, "win_high": won.high, "win_p": won.p_value,
            "points_change": points.change, "points_low": points.low, "points_high": points.high,
            "points_p": points.p_value}
