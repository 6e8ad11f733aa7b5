"""Ark & Noah's own sections of `arkmc report` (the generic ones are sim.analysis.report's): the
start player's edge, what each action is worth, the bonus tiles, species strength and cage sharing.
Each says that its figures describe the run's data pack, which is reconstructed from the rulebook
unless the run replaced it."""

from __future__ import annotations

import polars as pl

from sim.analysis import plots
from sim.analysis.data import Run
from sim.analysis.report import SETTLE_COLUMN, Section, change_pp, column, interval, interval_of, num, pct, signed_pp
from sim.analysis.tables import with_games_to_settle
from sim.arknoah import analysis

MIN_GAMES = 30  # finished games before a section draws conclusions
MIN_SPECIES_N = 10  # owned tiles boarded before a species enters the chart


def data_caveat(run: Run) -> str:
    """The sentence every section starts with: which data pack the run's figures describe."""
    folder = run.spec.get("data", "")
    changes = list(run.spec.get("overrides", []))
    pack = (f"the data pack in {folder}" if folder else
            "the reconstructed data pack (species, sizes, VP and ark shape rebuilt from the rulebook, "
            "docs/arknoah/data.md), not the printed game")
    return f"These figures describe {pack}" + (f", with {', '.join(changes)}." if changes else ".")


def report_sections(run: Run) -> list[Section]:
    return [build(run) for build in (first_seat_section, action_section, bonus_section, species_section,
                                     sharing_section)]


def _too_small(section: Section, run: Run) -> bool:
    if run.n_games < MIN_GAMES:
        section.text.append(f"Too few games: {run.n_games} finished, at least {MIN_GAMES} are needed.")
        return True
    return False


def first_seat_section(run: Run) -> Section:
    section = Section("Ark & Noah: first-seat advantage")
    section.text.append(data_caveat(run))
    table = analysis.first_seat(run)
    if _too_small(section, run) or table.is_empty():
        if table.is_empty() and run.n_games >= MIN_GAMES:
            section.text.append("No mirror games (every seat the same bot): the start player's edge cannot be told "
                                "from the bots' strength. Run one bot for all seats, e.g. `--bots default`.")
        return section
    section.text.append("Only mirror games count here (every seat the same bot), so the seat is all that differs. "
                        "The start player plans first in round 1 (with two players its workers start on the 1st "
                        "and 4th 'done' spaces).")
    for row in table.iter_rows(named=True):
        verdict = "more often than" if row["win_rate_low"] > row["fair"] else (
            "less often than" if row["win_rate_high"] < row["fair"] else "about as often as")
        section.text.append(f"{row['players']} players, {row['n']} games: the start player wins {pct(row['win_rate'])} "
                            f"{interval(row['win_rate_low'], row['win_rate_high'])}, {verdict} the fair "
                            f"{pct(row['fair'])}, and leads the other seats' mean by {num(row['lead'])} VP "
                            f"{interval(row['lead_low'], row['lead_high'], num)}.")
    table = with_games_to_settle(table, "n", pl.col("win_rate") - pl.col("fair"), "win_rate_low", "win_rate_high")
    section.table("The start player in mirror games (win share: a shared win counts 1/k; games to settle: the mirror "
                  "games that would tell its share from the fair one)", table, [
        ("players", column("players")), ("games n", column("n")),
        ("win share [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")), ("fair", column("fair", pct)),
        SETTLE_COLUMN,
        ("VP lead over the others [95% CI]", interval_of("lead", "lead_low", "lead_high", num))])
    return section


def action_section(run: Run) -> Section:
    section = Section("Ark & Noah: action value")
    section.text.append(data_caveat(run))
    table = analysis.action_value(run)
    if _too_small(section, run) or table.is_empty():
        return section
    section.text.append("For each action, the seats that planned it more often than the median seat of their player "
                        "count, against the others: a positive difference means that planning it often goes with "
                        "winning (an association: strong bots may plan it often because they win, not the reverse).")
    best = table.sort("difference", descending=True).row(0, named=True)
    section.text.append(f"Planned often, {best['action']} goes with the largest gain in win rate: "
                        f"{change_pp(best['difference'])} "
                        f"{interval(best['difference_low'], best['difference_high'], signed_pp)}.")
    section.figure("Win rate when planned often minus otherwise, with 95% Newcombe intervals",
                   plots.interval_plot(table, "action", "difference", "difference_low", "difference_high",
                                       "Planning an action often", "difference in win rate", reference=0.0,
                                       unit=plots.POINTS))
    table = with_games_to_settle(table, run.n_games, pl.col("difference"), "difference_low", "difference_high")
    section.table("Action value (games to settle: the games that would tell the difference from none)", table, [
        ("action", column("action")), ("planned per seat", column("planned_per_seat", num)),
        ("often n", column("often_n")), ("win when often", column("often_win", pct)), ("rest n", column("rest_n")),
        ("win otherwise", column("rest_win", pct)),
        ("difference, pp [95% CI]", interval_of("difference", "difference_low", "difference_high", signed_pp)),
        SETTLE_COLUMN])
    return section


def bonus_section(run: Run) -> Section:
    section = Section("Ark & Noah: bonus tiles")
    section.text.append(data_caveat(run))
    by_action = analysis.bonus_by_action(run)
    if _too_small(section, run) or by_action.is_empty():
        return section
    most = by_action.sort("mean_bonus", descending=True).row(0, named=True)
    section.text.append(f"A bonus tile grows on every action left unplanned, so it shows which actions the players "
                        f"pass over: {most['action']} carries the largest bonus when it is planned "
                        f"({num(most['mean_bonus'], 2)} VP on average, a bonus in {pct(most['with_bonus'])} of its plans).")
    section.table("Bonus taken when planning each action", by_action, [
        ("action", column("action")), ("plans n", column("plans")), ("with a bonus", column("with_bonus", pct)),
        ("mean bonus VP", column("mean_bonus", lambda value: num(value, 2)))])
    halves = analysis.bonus_and_winning(run)
    if halves.height == 2:
        more, less = halves.row(0, named=True), halves.row(1, named=True)
        section.text.append(f"Seats that took more bonus VP than the median seat won {pct(more['win_rate'])} "
                            f"{interval(more['win_rate_low'], more['win_rate_high'])} of {more['n']} seat-games, "
                            f"the others {pct(less['win_rate'])} {interval(less['win_rate_low'], less['win_rate_high'])} "
                            f"of {less['n']}.")
    return section


def species_section(run: Run) -> Section:
    section = Section("Ark & Noah: species strength")
    section.text.append(data_caveat(run))
    table = analysis.species_strength(run)
    if _too_small(section, run) or table.is_empty():
        return section
    shown = table.filter(pl.col("n") >= MIN_SPECIES_N)
    section.text.append(f"How often the owner of a tile wins when its pair boards (during play; each owned tile counts "
                        f"once), for species with at least {MIN_SPECIES_N} boarded tiles. Larger animals bring more VP "
                        "but need larger, fed and pitched cages.")
    if not shown.is_empty():
        section.figure("Owner's win rate when the pair boards (95% Wilson)",
                       plots.interval_plot(shown.with_columns(pl.format("{} ({})", "species", "size").alias("label")),
                                           "label", "win_rate", "win_rate_low", "win_rate_high",
                                           "Species strength", "owner's win rate"))
    section.table("Species boarded", table, [
        ("species", column("species")), ("size", column("size")), ("pairs boarded", column("pairs")),
        ("owned tiles n", column("n")), ("owner wins [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high"))])
    return section


def sharing_section(run: Run) -> Section:
    section = Section("Ark & Noah: cage sharing")
    section.text.append(data_caveat(run))
    table = analysis.cage_sharing(run)
    if _too_small(section, run) or table.is_empty():
        return section
    total = table["loads"].sum()
    shared = table.filter(pl.col("cage") == "shared cage")["loads"].sum()
    pairs = table.filter(pl.col("pair") == "shared pair")["loads"].sum()
    section.text.append(f"Of {total} pairs boarded during play, {pct(shared / total)} went into a cage walled by several "
                        f"colours and {pct(pairs / total)} were pairs of two owners. Every wall scores for its owner at "
                        "each boarding, so a shared cage pays the other builders too.")
    section.table("Loads by cage and pair", table, [
        ("cage", column("cage")), ("pair", column("pair")), ("loads n", column("loads")),
        ("VP to the loader", column("loader_vp", num)), ("VP to the others", column("others_vp", num)),
        ("loader's walls / walls", lambda row: f"{num(row['own_walls'])} / {num(row['walls'])}")])
    split = analysis.sharing_and_winning(run)
    rows = {row["shared"]: row for row in split.iter_rows(named=True)}
    if len(rows) == 2:
        section.text.append(f"Seats that loaded into a shared cage won {pct(rows[True]['win_rate'])} "
                            f"{interval(rows[True]['win_rate_low'], rows[True]['win_rate_high'])} of {rows[True]['n']}; "
                            f"seats that loaded only into their own cages {pct(rows[False]['win_rate'])} "
                            f"{interval(rows[False]['win_rate_low'], rows[False]['win_rate_high'])} of {rows[False]['n']}.")
    return section
