"""A study's effects: each studied component's change of the studied seat's results, measured pair by pair.

Pair p plays the same seed in every arm (`sim.pipeline.study`), so the difference of the studied seat's
result between a treated game and its twin is the effect of the intervention on that deal, and the mean
over pairs estimates the effect with the deal's luck paired away. Nothing is conditioned on what a seat
chose during play: the intervention is the simulator's, not the bots'.

- `cards`: treated = the card forced into the seat's opening hand, twin = the untouched deal;
- `keeps`: treated = the seat must keep the card, twin = it must let the card go (both were dealt it);
- `bans`: treated = the card out of the game, twin = the untouched deal; besides the studied seat's results
  (in a two-player game the first seat's win rate is the seat balance) the change of every seat's mean
  points (the score) and of the game's length.

Intervals are 95% bootstrap intervals over pairs, p-values two-sided, q-values Benjamini-Hochberg over the
components studied, and `games_needed` the pairs that would find the effect seen with 80% power.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

from sim.analysis.data import NotARun, Run, with_names
from sim.analysis.stats import games_to_detect, paired_change
from sim.analysis.tables import with_q_values
from sim.pipeline.study import CONTROLLED, StudyDesign, study_design

EFFECTS_FILE = "effects.parquet"
TREATED, TWIN = {"cards": "dealt", "keeps": "kept", "bans": "banned"}, {"cards": "untouched deal",
                                                                        "keeps": "let go", "bans": "untouched deal"}


class NotAStudy(NotARun):
    """A run folder that holds an ordinary run, not a study (a NotARun, so the commands print it as one line)."""


@dataclass(frozen=True)
class Study:
    """A study run with its design."""

    run: Run
    design: StudyDesign

    @classmethod
    def of(cls, run: Run) -> "Study":
        design = study_design(run.spec.get("study"))
        if design is None:
            raise NotAStudy(f"{run.path} holds a run, not a study (make one with `arkmc study`)")
        return cls(run, design)

    @property
    def component_word(self) -> str:
        """What a component is called in this game ("card")."""
        return getattr(self.run.factory, "study_component", "component")

    @property
    def bots(self) -> str:
        return ", ".join(dict.fromkeys(self.run.spec.get("bots", [])))


def is_study(run: Run) -> bool:
    """Whether the run folder holds a study."""
    return bool(run.spec.get("study"))


def arm_results(study: Study) -> pl.DataFrame:
    """One row per finished game: pair, arm, the studied seat's `won` and `points`, every seat's mean points
    (`score`) and the game's length (`length`: the game's `GameInfo.game_length` column, else decisions)."""
    run, design = study.run, study.design
    if run.seats.is_empty():
        return pl.DataFrame(schema={"pair": pl.Int64, "arm": pl.Int64, "won": pl.Float64, "points": pl.Float64,
                                    "score": pl.Float64, "length": pl.Float64})
    arms = len(design.arms)
    length = getattr(run.factory.info, "game_length", "") if run.factory is not None else ""
    length = length if length in run.games.columns else "decisions"
    games = run.games.select("game", pl.col(length).cast(pl.Float64).alias("length"))
    score = run.seats.group_by("game").agg(pl.col("points").cast(pl.Float64).mean().alias("score"))
    seat = run.seats.filter(pl.col("seat") == design.seat).select(
        "game", pl.col("won").cast(pl.Float64), pl.col("points").cast(pl.Float64))
    return (seat.join(score, on="game").join(games, on="game")
            .with_columns((pl.col("game").cast(pl.Int64) // arms).alias("pair"),
                          (pl.col("game").cast(pl.Int64) % arms).alias("arm"))
            .drop("game"))


def twin_arm(design: StudyDesign, arm: int) -> int | None:
    """The arm a treated arm is compared with: the control (arm 0), or for keeps the let-go arm beside it;
    None for an arm that is itself a twin."""
    if design.kind in CONTROLLED:
        return 0 if arm > 0 else None
    return arm + 1 if arm % 2 == 0 else None


OUTCOMES = ("won", "points", "score", "length")
EFFECT_ORDER = ("card", "name", "pairs", "delta_win", "delta_win_low", "delta_win_high", "delta_points",
                "delta_points_low", "delta_points_high", "p_value", "q_value", "games_needed", "win_sd")


def study_effects(study: Study, draws: int = 2000) -> pl.DataFrame:
    """One row per studied component, ranked by `delta_win` (largest first): card, name, pairs, delta_win with
    delta_win_low/high, delta_points with its interval, p_value, q_value and games_needed (all for the
    studied seat); for bans also delta_score and delta_length with their intervals. Only pairs whose two games
    both finished count."""
    results = arm_results(study)
    design = study.design
    rows = []
    for arm, intervention in enumerate(design.arms):
        twin = twin_arm(design, arm)
        if intervention is None or twin is None:
            continue
        paired = (results.filter(pl.col("arm") == arm)
                  .join(results.filter(pl.col("arm") == twin), on="pair", suffix="_twin").sort("pair"))
        row: dict[str, float | int] = {"card": intervention.component, "pairs": paired.height}
        for outcome in OUTCOMES if design.kind == "bans" else OUTCOMES[:2]:
            differences = (paired[outcome] - paired[f"{outcome}_twin"]).to_numpy()
            change = paired_change(differences, np.ones(len(differences)), draws=draws, seed=arm)
            name = "win" if outcome == "won" else outcome
            row |= {f"delta_{name}": change.change, f"delta_{name}_low": change.low, f"delta_{name}_high": change.high}
            if outcome == "won":
                row |= {"p_value": change.p_value, "games_needed": games_to_detect(change.game_sd, change.change) or 0,
                        "win_sd": change.game_sd}
        rows.append(row)
    if not rows:
        return pl.DataFrame()
    table = with_q_values(pl.DataFrame(rows).with_columns(pl.col("card").cast(pl.Int64)))
    names = study.run.factory.study_components() if study.run.factory is not None else {}  # type: ignore[attr-defined]
    named = with_names(table, "card", names, int).sort("delta_win", descending=True, nulls_last=True)
    return named.select(*EFFECT_ORDER, *(column for column in named.columns if column not in EFFECT_ORDER))


def write_effects(study: Study) -> pl.DataFrame:
    """Compute the study's effects and save them as DIR/effects.parquet (rewritten whenever the study grows)."""
    effects = study_effects(study)
    effects.write_parquet(study.run.path / EFFECTS_FILE)
    return effects


def pairs_for_margin(win_sd: float, margin: float) -> int:
    """Pairs that give a 95% interval of ±`margin` on a change of win rate whose per-pair spread is `win_sd`."""
    return int(np.ceil((scipy_stats.norm.ppf(0.975) * win_sd / margin) ** 2))


@dataclass(frozen=True)
class Agreement:
    """How two studies of the same components with different bots agree: the rank correlation of their
    effects on the win rate, and the components whose 95% intervals lie on opposite sides of 0."""

    correlation: float
    p_value: float
    components: int
    opposite: pl.DataFrame


def agreement(first: pl.DataFrame, second: pl.DataFrame) -> Agreement:
    """Compare two `study_effects` tables on the components both studied."""
    both = first.select("card", "name", "delta_win", "delta_win_low", "delta_win_high").join(
        second.select("card", "delta_win", "delta_win_low", "delta_win_high"), on="card", suffix="_second")
    if both.height < 3:
        return Agreement(float("nan"), float("nan"), both.height, both.head(0))
    with warnings.catch_warnings():  # effects all equal (tiny studies): the correlation is undefined, NaN
        warnings.simplefilter("ignore")
        result = scipy_stats.spearmanr(both["delta_win"].to_numpy(), both["delta_win_second"].to_numpy())
    opposite = both.filter(((pl.col("delta_win_low") > 0) & (pl.col("delta_win_high_second") < 0))
                           | ((pl.col("delta_win_high") < 0) & (pl.col("delta_win_low_second") > 0)))
    return Agreement(float(result.statistic), float(result.pvalue), both.height, opposite)
