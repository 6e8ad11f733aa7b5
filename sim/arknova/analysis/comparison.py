"""Ark Nova's own section of `arkmc report BASE VARIANT`: the change of every zoo map's win rate (the
generic sections, the paired changes and the cards', are `sim.analysis.report`'s)."""

from __future__ import annotations

from collections.abc import Callable

from sim.analysis.compare import compare_factor
from sim.analysis.data import Run
from sim.analysis.report import Section, column, compare_columns, recorded_by_both
from sim.arknova.analysis.maps import name_maps


def comparison_sections(base: Run, variant: Run) -> list[Callable[[Run, Run], Section | None]]:
    """Ark Nova's sections of a comparison, after the generic ones, as the functions that build them."""
    return [map_change_section]


def map_change_section(base: Run, variant: Run) -> Section | None:
    """The change of every map's win rate; None when the runs record no map per seat."""
    if not recorded_by_both(base, variant, lambda run: "map" in run.seats.columns):
        return None
    change = Section("Change of map win rates")
    table = compare_factor(base, variant, "map")
    if table.is_empty():
        change.text.append("One of the runs has no finished games.")
    else:
        change.table("Win rate per map, variant - baseline (Newcombe 95% CI)", name_maps(variant, table),
                     [("map", column("map_name")), *compare_columns("map")[1:]])
    return change
