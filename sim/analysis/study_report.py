"""`arkmc report STUDY` and `arkmc report STUDY OTHER_STUDY`: a forced-card study's effects, and two studies of the
same cards by different bots compared (docs/studies.md)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import polars as pl

from sim.analysis import plots
from sim.analysis.report import (
    MARK,
    SIGNIFICANT_Q,
    TOP,
    Section,
    column,
    experiment_section,
    interval_of,
    marked_q,
    num,
    p_phrase,
    pct,
    signed,
    signed_pp,
    top_and_bottom,
)
from sim.analysis.study import TREATED, TWIN, Study, agreement, arm_results, pairs_for_margin, study_effects
from sim.pipeline.study import CONTROLLED

SHARED_CONTROL_NOTE_AT = 10  # components studied before the report says how the shared control moves them all
MARGIN = 0.03  # the ± of a win-rate effect the precision line reports pairs for


def effect_columns(study: Study) -> list[tuple[str, Callable[[dict[str, Any]], str]]]:
    """The columns of a study's effect table: the bans study adds the score and the game's length."""
    word = study.component_word
    columns: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        (word, column("card")), ("name", column("name")), ("pairs", column("pairs")),
               ("win rate, pp [95% CI]", interval_of("delta_win", "delta_win_low", "delta_win_high", signed_pp)),
               ("q (BH)", column("q_value", marked_q)),
               ("points [95% CI]", interval_of("delta_points", "delta_points_low", "delta_points_high", signed)),
               ("pairs to settle", column("games_needed", lambda value: f"{value:,}" if value else "–"))]
    if study.design.kind == "bans":
        columns += [("score [95% CI]", interval_of("delta_score", "delta_score_low", "delta_score_high", signed)),
                    ("game length [95% CI]", interval_of("delta_length", "delta_length_low", "delta_length_high",
                                                         signed))]
    return columns


def study_sections(study: Study) -> list[Section]:
    """The report of one study: what was played, then the effects, strongest and weakest first."""
    sections = [experiment_section(study.run), effects_section(study)]
    note = study.run.factory.info.data_note if study.run.factory is not None else ""
    if note:
        sections[0].text.append(f"Data: {note}")
    return sections


def effects_section(study: Study) -> Section:
    design, word = study.design, study.component_word
    section = Section(f"Effects of the {design.kind} study")
    effects = study_effects(study)
    if effects.is_empty():
        section.text.append("No pair has finished both its games yet: there is no effect to show.")
        return section
    found = effects.filter(pl.col("q_value") < SIGNIFICANT_Q)
    seat = design.seat + 1
    section.text.append(
        f"Each {word} was studied in {int(effects['pairs'].min()):,} pairs of games on the same seed (bots: {study.bots}). "
        f"In one game of a pair the {word} was {TREATED[design.kind]} (seat {seat}); in its twin it was "
        f"{TWIN[design.kind]}. Each row is the mean change of seat {seat}'s results over the pairs, with a 95% "
        f"bootstrap interval; {found.height} of {effects.height} {word}s change the win rate at a 5% false-discovery "
        f"rate ({MARK}: Benjamini-Hochberg q below {SIGNIFICANT_Q}). 'Pairs to settle' is how many pairs would find the "
        "change seen with 80% power. Nothing here depends on what a seat chose: the intervention is the simulator's.")
    if design.kind in CONTROLLED and effects.height >= SHARED_CONTROL_NOTE_AT:
        results = arm_results(study)
        control = float(results.filter(pl.col("arm") == 0)["won"].mean() or 0.0)
        treated = float(results.filter(pl.col("arm") > 0)["won"].mean() or 0.0)
        section.text.append(
            f"Every {word} is compared with the same untouched games, so their luck moves every effect alike: seat "
            f"{seat} won {pct(control)} of the untouched games and {pct(treated)} of all the treated ones (forcing a "
            f"random {word} leaves the deal as random as it was, so the two differ by chance alone). The ranking does "
            f"not depend on it; each effect less the mean effect ({signed_pp(treated - control)} pp here) is the {word} "
            "against an average one.")
    spread = float(effects["win_sd"].median())
    if math.isfinite(spread) and spread > 0:
        section.text.append(f"Precision: with the spread of one pair seen here, about {pairs_for_margin(spread, MARGIN):,} "
                            f"pairs per {word} give a 95% interval of ±{MARGIN * 100:.0f} pp on the win rate.")
    strongest, weakest = top_and_bottom(effects, TOP)
    section.figure(f"{word.capitalize()}s with the largest and smallest effects", plots.interval_panels(
        [(plots.card_label(strongest), f"Largest {strongest.height}"), (plots.card_label(weakest), f"Smallest {weakest.height}")],
        "label", "delta_win", "delta_win_low", "delta_win_high",
        f"change of seat {seat}'s win rate (95% CI; 0 = no effect)", reference=0.0, unit=plots.POINTS))
    section.table(f"Every {word} studied, by the change of seat {seat}'s win rate", effects, effect_columns(study))
    return section


def agreement_sections(first: Study, second: Study) -> list[Section]:
    """Two studies of the same design by different bots: both experiments, then whether their effects agree."""
    sections = []
    for label, study in (("First study", first), ("Second study", second)):
        section = experiment_section(study.run)
        section.title = f"{label}: {study.run.name}"
        sections.append(section)
    section = Section("Do the bots agree?")
    one, two = study_effects(first), study_effects(second)
    result = agreement(one, two) if not one.is_empty() and not two.is_empty() else None
    if result is None or result.components < 3:
        section.text.append("Fewer than 3 components were measured by both studies: nothing to compare yet.")
        return sections + [section]
    section.text.append(
        f"Over the {result.components} {first.component_word}s both studies measured, the effects on the win rate "
        f"played by {first.bots} and by {second.bots} have a Spearman rank correlation of {num(result.correlation, 2)} "
        f"({p_phrase('p', result.p_value)}). {result.opposite.height} {first.component_word}s have 95% intervals that "
        "exclude 0 on opposite sides: their strength depends on how the bots play them.")
    both = one.join(two.select("card", "delta_win", "delta_win_low", "delta_win_high"), on="card", suffix="_second")
    section.figure("Effect on the win rate, one bot against the other", plots.scatter_agreement(
        both, "delta_win", "delta_win_second", first.bots, second.bots))
    if result.opposite.height:
        section.table("Opposite and both sure", result.opposite, [
            ("card", column("card")), ("name", column("name")),
            (first.bots, interval_of("delta_win", "delta_win_low", "delta_win_high", signed_pp)),
            (second.bots, interval_of("delta_win_second", "delta_win_low_second", "delta_win_high_second", signed_pp))])
    return sections + [section]
