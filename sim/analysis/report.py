"""`arkmc report`: one experiment (or two, compared) as a self-contained HTML or Markdown report.

The report is a list of sections, each with plain-language text, figures and tables built
from this package. HTML embeds every figure as a base64 PNG, so the file opens anywhere
without a network; Markdown writes the PNGs into a folder beside the file. A section whose
run is too small says how many games it would need instead of drawing an empty plot.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
from matplotlib.figure import Figure
from tqdm import tqdm

from sim.analysis import bots, compare, paired, plots, seats, shape, stats
from sim.analysis.data import Run
from sim.analysis.tables import with_games_to_settle
from sim.core.protocols import SeatFactor
from sim.core.registry import default_game

MIN_SEAT_GAMES = 30        # games per player count before the seat advantage is shown
TOP = 12                   # rows in the top and bottom lists
PLAYS_PER_CARD_PER_GAME = 0.12   # the plays of one card a game assumed where a run has none to count


class NotComparable(ValueError):
    """Two folders that cannot be compared (runs of different games, a study and a run, different studies);
    the message is one line."""


@dataclass
class Table:
    """A table formatted for people: a caption, column names and the cells as text."""

    caption: str
    header: list[str]
    rows: list[list[str]]
    beside: bool = False   # drawn beside the table before it when the page is wide enough (HTML)

    @classmethod
    def of(cls, caption: str, frame: pl.DataFrame, columns: Sequence[tuple[str, Callable[[dict], str]]],
           beside: bool = False) -> "Table":
        """Every row of `frame`, one cell per (column name, cell of a row) in `columns`."""
        return cls(caption, [name for name, _ in columns],
                   [[cell(row) for _, cell in columns] for row in frame.iter_rows(named=True)], beside)

    def html(self) -> str:
        """The caption and an HTML table: numbers and intervals right-aligned, words left."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = "".join("<tr>" + "".join(f"<td{_align(c)}>{html.escape(c)}</td>" for c in row) + "</tr>"
                       for row in self.rows)
        return (f"<p class='caption'>{html.escape(self.caption)}</p><table><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def _repr_html_(self) -> str:
        """How Jupyter shows the table (the notebooks display their tables this way)."""
        return self.html()


@dataclass
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    figures: list[tuple[str, bytes]] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return "".join(c if c.isalnum() else "-" for c in self.title.lower())

    def figure(self, caption: str, figure: Figure) -> None:
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100)
        self.figures.append((caption, buffer.getvalue()))

    def table(self, caption: str, frame: pl.DataFrame, columns: Sequence[tuple[str, Callable[[dict], str]]],
              beside: bool = False) -> None:
        self.tables.append(Table.of(caption, frame, columns, beside))

    def html(self) -> str:
        """The section in HTML: its title, text (a section of text alone is a note), figures embedded, tables
        (a run of tables marked `beside` shares one row with the table before it)."""
        parts = [f"<section id='{self.anchor}'><h2>{html.escape(self.title)}</h2>"]
        note = self.title != "Methods" and not self.figures and not self.tables
        for paragraph in self.text:
            parts.append(f"<p class='{'note' if note else ''}'>{_inline_code(html.escape(paragraph))}</p>")
        for caption, png in self.figures:
            data = base64.b64encode(png).decode("ascii")
            parts.append(f"<figure><img src='data:image/png;base64,{data}' alt='{html.escape(caption)}'>"
                         f"<figcaption>{html.escape(caption)}</figcaption></figure>")
        for index, table in enumerate(self.tables):
            next_beside = index + 1 < len(self.tables) and self.tables[index + 1].beside
            opens = next_beside and not table.beside
            closes = table.beside and not next_beside
            parts.append(("<div class='beside'>" if opens else "") + f"<div>{table.html()}</div>"
                         + ("</div>" if closes else ""))
        parts.append("</section>")
        return "\n".join(parts)

    def _repr_html_(self) -> str:
        """How Jupyter shows the section (the notebooks show the report's sections this way)."""
        return self.html()


def pct(value: Any) -> str:
    return "–" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:z.1%}"


def num(value: Any, digits: int = 1) -> str:
    return "–" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:z.{digits}f}"


P_FLOOR = 0.001   # smaller p- and q-values are printed as "< 0.001": their digits are noise, not evidence


def p_value(p: float | None) -> str:
    """A p- or q-value for a table cell: three decimals, or "< 0.001" below that ("0.000" would read as impossible)."""
    if p is None or math.isnan(p):
        return "–"
    return f"< {P_FLOOR:g}" if p < P_FLOOR else f"{p:.3f}"


def p_phrase(symbol: str, p: float | None) -> str:
    """A p- or q-value in a sentence: "p < 0.001", "q = 0.032"; "–" when there is none."""
    text = p_value(p)
    if text == "–":
        return text
    return f"{symbol} {text}" if text.startswith("<") else f"{symbol} = {text}"


SIGNIFICANT_Q = 0.05   # a q-value below this is a discovery at a 5% false-discovery rate
MARK = "*"


def marked_q(q: float | None) -> str:
    """A q-value for a table cell, followed by MARK when it is a discovery (below SIGNIFICANT_Q):
    "0.004 *"; the section says what the mark means."""
    discovery = q is not None and not math.isnan(q) and q < SIGNIFICANT_Q
    return f"{p_value(q)} {MARK}" if discovery else p_value(q)


def interval(low: Any, high: Any, format_one: Callable[[Any], str] = pct) -> str:
    return f"[{format_one(low)}, {format_one(high)}]"


def games_needed(games: int, have: float, need: float, per_game_default: float) -> int:
    """Games a run would need for `need` of something it has `have` of after `games` games."""
    rate = have / games if games and have else per_game_default
    return max(int(math.ceil(need / rate)), games + 1)


def whole_games(value: float | None) -> str:
    """A number of games for a cell: "1,220", or "–" where none is known."""
    return "–" if value is None or math.isnan(value) else f"{value:,.0f}"


def top_and_bottom(table: pl.DataFrame, rows: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The first `rows` rows of a ranked table and, from the rest, the last `rows` (worst first): no row in both."""
    top = table.head(rows)
    return top, table.slice(top.height).tail(rows).reverse()


def column(key: str, formatter: Callable[[Any], str] = str) -> Callable[[dict], str]:
    return lambda row: formatter(row[key])


def interval_of(value: str, low: str, high: str, formatter: Callable[[Any], str] = pct) -> Callable[[dict], str]:
    return lambda row: f"{formatter(row[value])} {interval(row[low], row[high], formatter)}"


SETTLE_COLUMN = ("games to settle", column("games_needed", whole_games))  # the column `tables.with_games_to_settle` adds


def experiment_section(run: Run) -> Section:
    """What was run: the experiment spec, code version and how many games ended how."""
    section = Section("Experiment")
    spec = run.spec
    status = run.status_counts()
    session = (run.manifest.get("sessions") or [{}])[-1].get("code", {})
    rows = [("folder", str(run.path)), ("experiment id", run.manifest.get("experiment_id", "?")),
            ("game", spec.get("game")), ("players", spec.get("players")), ("bots", ", ".join(map(str, spec.get("bots", [])))),
            ("options", ", ".join(f"{k}={v}" for k, v in spec.get("options", {}).items())),
            ("games planned", spec.get("games")), ("seed", spec.get("seed")),
            ("data folder", spec.get("data") or "none (the game's own data files)"),
            ("overrides", ", ".join(spec.get("overrides", [])) or "none"),
            ("data version", run.manifest.get("data_version")),
            ("code", f"arkmc {session.get('arkmc', '?')}, commit {str(session.get('git_commit', '?'))[:10]}"
                     f"{' (modified)' if session.get('git_modified') else ''}"),
            ("games saved", f"{sum(status.values())}: finished {status.get('finished', 0)}, "
                            f"capped {status.get('capped', 0)}, failed {status.get('error', 0)}")]
    section.tables.append(Table("The experiment as run (manifest.json)", ["key", "value"],
                                [[k, str(v)] for k, v in rows]))
    section.text.append(f"Every figure below uses the {run.n_games} finished games only ({run.seats.height} seats).")
    return section


def seats_section(run: Run) -> Section:
    section = Section("Seat advantage")
    table = seats.seat_advantage(run)
    counts = table.group_by("players").agg(pl.col("n").max()) if not table.is_empty() else table
    if table.is_empty() or counts["n"].max() < MIN_SEAT_GAMES:
        have = 0 if table.is_empty() else int(counts["n"].max())
        section.text.append(f"Too few games to judge the seat advantage: {have} finished, at least "
                            f"{MIN_SEAT_GAMES} per player count are needed.")
        return section
    section.figure("Win rate per seat; the dashed line is the fair share", plots.seat_plot(table))
    table = with_games_to_settle(table, "n", pl.col("win_rate") - pl.col("fair"), "win_rate_low", "win_rate_high")
    section.table("Win rate and points difference to the starting seat, by player count; games to settle: the "
                  "games that would tell the seat's win rate from the fair share", table, [
        ("players", column("players")), ("seat", column("seat")), ("games n", column("n")),
        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")), ("fair", column("fair", pct)),
        SETTLE_COLUMN, ("mean points", column("mean_points", num)),
        ("points vs seat 1 [95% CI]", interval_of("vs_first_points", "vs_first_low", "vs_first_high", num))])
    for row in seats.seat_fairness(run).iter_rows(named=True):
        part = table.filter(pl.col("players") == row["players"])
        best = part.sort("win_rate", descending=True).row(0, named=True)
        verdict = (f"the seat changes the chance to win (chi-square test of equal win shares, {p_phrase('p', row['p_value'])}, "
                   f"{p_phrase('q', row['q_value'])}); seat {best['seat']} wins most often ({pct(best['win_rate'])} against a "
                   f"fair {pct(best['fair'])})" if row["q_value"] < 0.05 else
                   f"no evidence that the seat changes the chance to win (chi-square test of equal win shares, "
                   f"{p_phrase('p', row['p_value'])})")
        shared = (f" {row['shared']} game{'s' if row['shared'] > 1 else ''} ended in a shared win; each tied seat "
                  "counts an equal share of it, so the seats' win rates add up to 100%." if row["shared"] else "")
        section.text.append(f"{row['players']} players, {row['games']} games: {verdict}.{shared}")
    return section


def bots_section(run: Run) -> Section:
    section = Section("Bots")
    if run.seats.is_empty():
        section.text.append("No finished games: nothing to compare.")
        return section
    matrix = bots.win_matrix(run)
    if matrix.is_empty():
        only = ", ".join(sorted(run.seats["bot_spec"].unique().to_list()))
        section.text.append(f"Only one bot played ({only}): a comparison needs different bots at one table, e.g. "
                            "`arkmc run --bots default,random --games 100` (about 100 games give a win rate within ±10%).")
    else:
        rating = bots.ratings(run)
        section.text.append(rating_summary(rating, matrix))
        section.figure("Win-rate matrix", plots.matrix_plot(matrix))
        section.table("Bradley-Terry ratings on the Elo scale, highest first (400 points = finishes ahead 10 "
                      "times in 11)", rating, [
            ("bot", column("bot_spec")), ("seats n", column("n")), ("rating", column("rating", lambda v: num(v, 0)))])
        matrix = with_games_to_settle(matrix, "n", pl.col("ahead") - 0.5, "ahead_low", "ahead_high")
        section.table("Head to head: share of meetings the bot finished ahead (ties count half) and its mean points "
                      "margin over the opponent; a game counts once; games to settle: the meetings that would tell "
                      "the bot's share from an even 50%", matrix, [
                          ("bot", column("bot")), ("opponent", column("opponent")), ("games n", column("n")),
                          ("ahead [95% CI]", interval_of("ahead", "ahead_low", "ahead_high")), SETTLE_COLUMN,
                          ("points margin [95% CI]", interval_of("margin", "margin_low", "margin_high", num))])
    section.figure("Score distributions", plots.score_plot(run.seats, run.points_unit))
    section.table(f"Final points per bot{plots.in_unit(run.points_unit)}", bots.score_distribution(run), [
        ("bot", column("bot_spec")), ("n", column("n")), ("mean", column("mean_points", num)),
        ("5%", column("points_5", num)), ("25%", column("points_25", num)), ("median", column("points_50", num)),
        ("75%", column("points_75", num)), ("95%", column("points_95", num))])
    return section


def rating_summary(rating: pl.DataFrame, matrix: pl.DataFrame) -> str:
    """In words: the ratings, and how the top-rated bot did against the next one, with the intervals.

    The closest contest at the top is the one whose uncertainty matters: is the best bot really the best?
    """
    order = ", ".join(f"{row['bot_spec']} {row['rating']:.0f}" for row in rating.iter_rows(named=True))
    best, next_best = rating["bot_spec"][0], rating["bot_spec"][1]
    met = matrix.filter((pl.col("bot") == best) & (pl.col("opponent") == next_best))
    if met.is_empty():
        return f"Ratings: {order}. {best} and {next_best} never sat at one table."
    row = met.row(0, named=True)
    return (f"Ratings: {order}. The top-rated {best} finished ahead of {next_best} in {pct(row['ahead'])} "
            f"{interval(row['ahead_low'], row['ahead_high'])} of their {row['n']} games, by "
            f"{num(row['margin'])} points {interval(row['margin_low'], row['margin_high'], num)} on average (95% intervals).")


METHODS = [
    "Only finished games count; games stopped by the safety cap or an error are listed in the experiment table.",
    "Win rates carry 95% Wilson score intervals. A shared win counts as a win for every tied seat (rank 1), except "
    "in the seat table: there each tied seat gets an equal share of it, so the seats' win rates add up to 100% and "
    "a fair game gives every seat 1/players. Whether the seat matters is one chi-square test of equal win shares "
    "per player count (Benjamini-Hochberg over the player counts), not one test per seat.",
    "Mean points and their differences carry 95% percentile bootstrap intervals (2,000 resamples; paired by game "
    "for the seat differences and the bots' head-to-head margins). When a sample takes few distinct values, as "
    "points do, each resample is drawn as multinomial counts of those values, which is the same bootstrap at a "
    "cost that does not grow with the number of games.",
    "Where many things are tested at once, p-values are adjusted by Benjamini-Hochberg (q) within each family of "
    f"tests; a q below {SIGNIFICANT_Q} keeps the expected share of false discoveries under 5%, and the tables mark "
    f"it with {MARK}. A p- or q-value below 0.001 is printed as < 0.001.",
    "Games to settle: how many games of a run like this one would find the difference seen (a win rate from the "
    "fair share or an even 50%, a change from none) with 80% power at a two-sided 5% level, the standard error "
    "read off the 95% interval and shrinking as one over the square root of the games. A borderline row shows what "
    "would settle it; a row already clear shows fewer games than were played. Differences of two rates are in "
    "percentage points (pp).",
    "Seats are numbered from 1 in this report (seat 1 starts); the dataset numbers them from 0 (docs/dataset.md).",
    "Bot ratings are Bradley-Terry strengths fitted to every pair of seats in a game (ties half), on the Elo "
    "scale. In the head-to-head table a game counts once: its score is the share of its pairs the bot won.",
    "Comparisons of two runs give the change of a win rate with Newcombe's hybrid Wilson interval and a "
    f"two-proportion z-test; cards played fewer than {compare.MIN_N} times in either run are not tested, and the "
    "overridden cards are a family of their own for the q-values.",
    "Paired comparisons: game i's seed depends only on the base seed and i, so two runs with one base seed play "
    "the same deals, and a game goes as in the baseline until the change matters. Each game is paired with the "
    "other run's game of the same seed; a change is the sum of the per-game differences (variant - baseline) of "
    "the seats looked at over their number: a seat in every game, or a card's player (the seat that played it in "
    "the variant, else in the baseline) in the games where it was played in either run. Its 95% interval is a "
    "percentile bootstrap over games (2,000 resamples) that keeps each pair together, its p-value a normal "
    "approximation with the bootstrap's standard error. Games needed: n = ((1.96 + 0.84) x SD / change)^2 "
    "paired games for 80% power at a two-sided 5% level, with SD the spread of one game's contribution seen here "
    "(the bootstrap's standard error times the square root of the games paired).",
]


def methods_section(run: Run) -> Section:
    """The methods of a one-run report: the generic paragraphs, then the game's own (`report_methods`)."""
    own = list(run.factory.report_methods()) if run.factory is not None else []
    return Section("Methods", METHODS + own)


def length_section(run: Run) -> Section:
    """How long the games were, in decisions, per bot: the shape every game has."""
    section = Section("Game shape")
    table = shape.decisions_per_game(run)
    if table.is_empty():
        section.text.append("No finished games: at least one is needed.")
        return section
    section.table("Decisions per game (every seat's together), over the games each bot played", table, [
        ("bot", column("bot_spec")), ("games n", column("n")),
        ("decisions: median [5%, 95%]", interval_of("decisions_median", "decisions_5", "decisions_95",
                                                  lambda v: num(v, 0))),
        ("seconds per game (median)", column("seconds_median", lambda v: num(v, 3)))])
    return section


def run_sections(run: Run, progress: bool | None = None) -> list[Section]:
    """All sections of a one-run report, in reading order: the generic ones, then the game's own.

    A progress bar on stderr counts the sections as they are built (see `built`).
    """
    factory = run.factory
    sections = [experiment_section(run)]
    if factory is None:
        sections[0].text.append(f"The game {run.spec.get('game')!r} cannot be loaded here: only the generic "
                                "sections are shown.")
    else:
        if factory.info.data_note:
            sections[0].text.append(f"Data: {factory.info.data_note}")
        if factory.info.notebooks:
            sections[0].text.append("Notebooks that take this run further (notebooks/README.md says how to run "
                                    f"them on {run.path}): " + ", ".join(f"`notebooks/{name}.ipynb`"
                                                                       for name in factory.info.notebooks) + ".")
    if run.n_games == 0:
        sections[0].text.append("The run has no finished games yet, so there is nothing to analyse. "
                                f"The seat section needs at least {MIN_SEAT_GAMES} games.")
        return sections + [methods_section(run)]
    parts: list[Any] = [seats_section, bots_section, length_section]
    if factory is not None:
        parts += factory.report_sections(run)
    return sections + built(parts, (run,), progress) + [methods_section(run)]


def shape_sections(run: Run, progress: bool | None = False) -> list[Section]:
    """The game's own sections on how the run's games look (its factory's optional `shape_sections`,
    `sim.core.protocols.GameShapes`); none for a game without them, or a run whose game is not installed."""
    sections: Callable[[Run], Sequence[Any]] | None = getattr(run.factory, "shape_sections", None)
    return built(sections(run), (run,), progress) if sections is not None else []


def built(parts: Sequence[Any], runs: tuple[Run, ...], progress: bool | None) -> list[Section]:
    """Each part's section made from `runs` (a part that is a Section already is taken as it is; a part
    that finds nothing to show returns None and is left out), counted by a progress bar on stderr, shown
    by default when stderr is a terminal: a large run's regressions and bootstraps take a while."""
    show = sys.stderr.isatty() if progress is None else progress
    sections = []
    with tqdm(total=len(parts), desc="report", unit="section", disable=not show) as bar:
        for part in parts:
            bar.set_postfix_str(getattr(part, "__name__", "section").removesuffix("_section").replace("_", " "))
            section = part(*runs) if callable(part) else part
            if section is not None:
                sections.append(section)
            bar.update()
    return sections


def comparison_sections(base: Run, variant: Run, progress: bool | None = None) -> list[Section]:
    """A two-run report: both experiments, the changes paired game by game, the change in card win rates
    (variant - base) where the game records cards, then the game's own comparison sections (Ark Nova: the
    maps); `progress` as in `run_sections`."""
    sections = []
    for label, run in (("Baseline", base), ("Variant", variant)):
        section = experiment_section(run)
        section.title = f"{label}: {run.name}"
        sections.append(section)
    differences = compare.spec_differences(base, variant)
    sections[-1].text.append("The variant differs from the baseline in " + "; ".join(
        f"{key}: {before} → {after}" for key, before, after in differences) + "." if differences else
        "The two experiments have the same specification: any change below is chance.")
    factory = base.factory or variant.factory
    own = list(factory.comparison_sections(base, variant)) if factory is not None else []
    changes = built([paired_section, card_change_section, *own], (base, variant), progress)
    return sections + changes + [Section("Methods", METHODS)]


def signed(value: float | None) -> str:
    """A difference with its sign and one decimal: "+4.8", "-3.5", and "+0.0" for a tiny negative one."""
    return "–" if value is None or math.isnan(value) else f"{value:+z.1f}"


def signed_pp(value: float | None) -> str:
    """A difference of two rates in percentage points, signed: "+21.4" (for a column that says pp)."""
    return signed(None if value is None else 100 * value)


RANDOMISED_COLUMNS = [  # a `randomised.randomised_table`'s columns for people, after the card's own facts
    ("dealt n", column("n")),
    ("win rate when dealt, pp [95% CI]", interval_of("effect_win", "effect_win_low", "effect_win_high", signed_pp)),
    ("q (BH)", column("q_value", marked_q)),
    ("points when dealt [95% CI]", interval_of("effect_points", "effect_points_low", "effect_points_high", signed)),
    ("drawn n", column("drawn_n", whole_games)),
    ("win rate when drawn, pp [95% CI]", interval_of("drawn_win", "drawn_win_low", "drawn_win_high", signed_pp)),
    SETTLE_COLUMN]


def change_pp(value: float) -> str:
    """A change of a rate in percentage points, signed, with its unit: "+2.5 pp"."""
    return "–" if math.isnan(value) else f"{signed_pp(value)} pp"


def power_line(change: dict[str, stats.PairedChange]) -> str:
    """How many paired games find a change of the size seen (win rate and points) with 80% power at a
    two-sided 5% level, and the smallest changes the games paired find so, from the paired spread seen."""
    won, points = change["won"], change["points"]
    needed = [f"{games:,} games a change of {label}" for games, label in (
        (stats.games_to_detect(won.game_sd, won.change), f"{change_pp(won.change)} in win rate"),
        (stats.games_to_detect(points.game_sd, points.change), f"{signed(points.change)} points"))
        if games is not None]
    size = f"about {' and '.join(needed)} (the sizes seen here); " if needed else ""
    return (f"Power (80%, two-sided 5% level, from the paired spread per game seen here): {size}{won.games:,} "
            f"paired games detect changes of ±{stats.detectable_change(won.game_sd, won.games) * 100:.1f} pp in win "
            f"rate or ±{stats.detectable_change(points.game_sd, points.games):.1f} points.")


def paired_section(base: Run, variant: Run) -> Section:
    """The changes measured game by game on the runs' common seeds: each overridden card's player or the
    seats with an overridden value of a per-seat factor (Ark Nova: a map), with the paired interval next to
    the unpaired one, and each seat (bot), with how many games detect a change of the size seen."""
    section = Section("Paired on common seeds")
    reason = paired.unpaired_reason(base, variant)
    if reason:
        section.text.append(f"The runs cannot be compared game by game: {reason}. Only the unpaired changes below apply.")
        return section
    pairs = paired.common_games(base, variant).height
    left = max(base.n_games, variant.n_games) - pairs
    factors = variant.seat_factors
    same = "".join(f", same {factor.plural}" for factor in factors)
    section.text.append(f"{pairs:,} finished games of the two runs share their seed (same deal{same}) and are "
                        "compared game by game: a game that went the same way in both runs adds nothing to the "
                        "uncertainty" + (f"; {left:,} games have no partner and are left out." if left else "."))
    changes = paired.override_changes(base, variant)
    for item in changes:
        won, (_, unpaired_low, unpaired_high) = item.change["won"], item.unpaired
        unpaired = "" if math.isnan(unpaired_low) else (
            f" against {(unpaired_high - unpaired_low) * 100:.1f} pp for the unpaired change of its win rate "
            + ("when played" if item.focus.factor is None else _with_value(item.focus.factor)))
        seen = (f"played in {won.count} of the {won.games} paired games, in either run" if item.focus.kind == "card"
                else f"{won.count} seats in {won.games} paired games")
        section.text.append(
            f"{item.label[:1].upper()}{item.label[1:]} ({seen}): the win rate changed by {change_pp(won.change)} "
            f"{interval(won.low, won.high, change_pp)} ({p_phrase('p', won.p_value)}), an interval "
            f"{(won.high - won.low) * 100:.1f} pp wide{unpaired}. "
            + power_line(item.change))
    if changes:
        rows = [{"label": item.label, **paired.changes_row(item.change),
                 **dict(zip(("change", "change_low", "change_high"), item.unpaired, strict=True))} for item in changes]
        whose = " or ".join(["a card's player (the seat that played it in either run)",
                             *(f"the seats {factor.preposition} a {factor.column}" for factor in factors)])
        where = " or ".join(["when played", *(_with_value(factor) for factor in factors)])
        section.table(f"What the overrides change: {whose}, on the same deals (paired, 95% bootstrap), and, "
                      f"unpaired, the change of the win rate {where} (Newcombe 95% CI)", pl.DataFrame(rows), [
                          ("seats looked at", column("label")), ("seats n", column("count")),
                          ("win rate change, paired [95% CI]", interval_of("win_change", "win_low", "win_high",
                                                                            change_pp)),
                          ("points change, paired [95% CI]", interval_of("points_change", "points_low", "points_high",
                                                                         signed)),
                          ("p (win rate, paired)", column("win_p", p_value)),
                          ("win rate change, unpaired [95% CI]", interval_of("change", "change_low", "change_high",
                                                                              change_pp))])
    table = paired.seat_changes(base, variant)
    section.table("Each seat, the same games in both runs: change of its win rate and points (variant - baseline, "
                  "paired 95% bootstrap)", table, [
                      ("seat", column("seat")), ("bot: baseline → variant", lambda row: (
                          row["bot_base"] if row["bot_base"] == row["bot_variant"]
                          else f"{row['bot_base']} → {row['bot_variant']}")),
                      ("games n", column("games")),
                      ("win rate change [95% CI]", interval_of("win_change", "win_low", "win_high", change_pp)),
                      ("p (win rate)", column("win_p", p_value)),
                      ("points change [95% CI]", interval_of("points_change", "points_low", "points_high", signed)),
                      ("p (points)", column("points_p", p_value))])
    changed = table.filter(pl.col("bot_base") != pl.col("bot_variant"))
    if changed.height:
        seat = int(changed["seat"][0])
        section.text.append(f"Seat {seat} ({changed['bot_base'][0]} → {changed['bot_variant'][0]}): "
                            + power_line(paired.paired_focus(base, variant, paired.Focus("seat", seat - 1))))
    return section


def _with_value(factor: SeatFactor) -> str:
    """A seat's relation to a per-seat factor's value, in a sentence: "on the map"."""
    return f"{factor.preposition} the {factor.column}"


def recorded_by_both(base: Run, variant: Run, has: Callable[[Run], bool]) -> bool:
    """Whether the runs' game records what `has` looks for (a run with no finished game says nothing)."""
    return all(has(run) for run in (base, variant) if run.n_games)


def card_change_section(base: Run, variant: Run) -> Section | None:
    """The change of every card's win rate when played; None when the game records no card events."""
    if not recorded_by_both(base, variant, lambda run: not run.card_events.is_empty()):
        return None
    cards_change = Section("Change of card win rates")
    table = compare.compare_cards(base, variant)
    if table.is_empty():
        every = compare.compare_cards(base, variant, min_n=0)
        have = float(every.select(pl.min_horizontal("n_base", "n_variant")).max().item() or 0) if every.height else 0.0
        games = min(base.n_games, variant.n_games)
        cards_change.text.append(
            f"No card was played at least {compare.MIN_N} times in both runs (the best: {have:.0f}). About "
            f"{games_needed(games, have, compare.MIN_N, PLAYS_PER_CARD_PER_GAME)} games per run would do.")
        return cards_change
    shown = pl.concat([table.filter(pl.col("overridden")),
                       table.filter(~pl.col("overridden")).sort("p_value", nulls_last=True).head(TOP)])
    cards_change.figure("Card changes", plots.interval_plot(
        plots.card_label(shown), "label", "change", "change_low",
        "change_high", "Change of win rate when played, variant - baseline (95% CI)",
        "change of win rate when played", 0.0, reference_label="no change", unit=plots.POINTS))
    cards_change.table(f"Overridden cards first, then the {TOP} clearest changes (smallest p; cards played at least "
                       f"{compare.MIN_N} times in both runs)", shown, [("card", column("card")), ("name", column("name"))] +
                       compare_columns("card")[1:])
    found = table.filter(pl.col("q_value") < 0.05)
    cards_change.text.append(f"{table.height} cards compared; {found.height} changed at a 5% false-discovery rate "
                             "(the overridden cards form their own family, the other cards another).")
    return cards_change


def compare_columns(key: str) -> list[tuple[str, Callable[[dict], str]]]:
    """The columns of a change table keyed by `key` (a card, or a per-seat factor such as Ark Nova's map)."""
    return [(key, column(key)), ("baseline n", column("n_base")), ("baseline", column("win_base", pct)),
            ("variant n", column("n_variant")), ("variant", column("win_variant", pct)),
            ("change, pp [95% CI]", interval_of("change", "change_low", "change_high", signed_pp)),
            ("q (BH)", column("q_value", p_value)), SETTLE_COLUMN]


STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1400px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.7em;margin-bottom:.2em} h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
.sub{color:#666;margin-top:0} nav a{margin-right:1em}
table{border-collapse:collapse;margin:.2em 0 1.4em;font-size:.86em} .caption{font-weight:600;margin:1em 0 .2em}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:left;vertical-align:top} td.n{text-align:right;white-space:nowrap}
th{background:#f3f3f3} tr:nth-child(even) td{background:#fafafa}
figure{margin:1em 0} figure img{max-width:100%;height:auto} figcaption{color:#555;font-size:.9em}
.note{background:#fff8e1;border-left:4px solid #f0c040;padding:.4em .8em}
.beside{display:flex;flex-wrap:wrap;gap:0 1.2em;align-items:flex-start} .beside table{font-size:.8em} .beside td{padding:2px 5px}
"""


def render_html(title: str, subtitle: str, sections: list[Section]) -> str:
    """One self-contained HTML page: styles inline, figures as data URIs."""
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1><p class='sub'>{html.escape(subtitle)}</p>",
             "<nav>" + "".join(f"<a href='#{s.anchor}'>{html.escape(s.title)}</a>" for s in sections) + "</nav>"]
    parts += [section.html() for section in sections]
    parts.append("</body></html>")
    return "\n".join(parts)


def _align(cell: str) -> str:
    """Numbers and intervals right-aligned (class n), words left-aligned: a cell that starts like a
    number and holds no word ("8.3% of 760" is a number, "3 Silver Lake" and "level 5" are words)."""
    numeric = (cell[:1].isdigit() or cell[:1] in "-–+[<") and not re.search(r"[A-Za-z]{3,}", cell)
    return " class='n'" if numeric else ""


def _inline_code(text: str) -> str:
    pieces = text.split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))


def render_markdown(title: str, subtitle: str, sections: list[Section], image_folder: Path) -> str:
    """Markdown with the figures written as PNG files into `image_folder` (linked relatively)."""
    lines = [f"# {title}", "", f"_{subtitle}_", ""]
    count = 0
    for section in sections:
        lines += [f"## {section.title}", ""]
        for paragraph in section.text:
            lines += [paragraph, ""]
        for caption, png in section.figures:
            count += 1
            image_folder.mkdir(parents=True, exist_ok=True)
            path = image_folder / f"figure-{count:02d}.png"
            path.write_bytes(png)
            lines += [f"![{caption}]({image_folder.name}/{path.name})", ""]
        for table in section.tables:
            lines += [f"**{table.caption}**", "", "| " + " | ".join(table.header) + " |",
                      "|" + "---|" * len(table.header)]
            lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in table.rows]
            lines.append("")
    return "\n".join(lines)


def write_report(runs: Sequence[Run], out: Path, fmt: str = "html", progress: bool | None = None) -> Path:
    """Build the report of one run, or compare two (baseline first), and write it to `out`; `progress`
    as in `run_sections`."""
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    from sim.analysis.study import Study, is_study

    studies = [Study.of(run) for run in runs if is_study(run)]
    if studies:
        return write_sections(*study_report(runs, studies, stamp), out, fmt)
    if len(runs) == 1:
        run = runs[0]
        title = f"arkmc report: {run.name}"
        subtitle = (f"Run {run.path} ({run.n_games} finished games, experiment "
                    f"{run.manifest.get('experiment_id', 'none')}), generated {stamp}")
        sections = run_sections(run, progress)
    else:
        base, variant = runs
        games = [run.spec.get("game") or default_game() for run in runs]
        if games[0] != games[1]:
            raise NotComparable(f"{base.path} is a run of {games[0]} and {variant.path} one of {games[1]}: only runs of "
                                "one game can be compared")
        title = f"arkmc comparison: {variant.name} against {base.name}"
        subtitle = (f"Baseline {base.path} ({base.n_games} games), variant {variant.path} ({variant.n_games} games), "
                    f"generated {stamp}")
        sections = comparison_sections(base, variant, progress)
    return write_sections(title, subtitle, sections, out, fmt)


def study_report(runs: Sequence[Run], studies: list[Any], stamp: str) -> tuple[str, str, list[Section]]:
    """Title, subtitle and sections of a study's report, or of two studies of the same design compared; a
    NotComparable when a study is given with a run, or two studies differ in more than their bots."""
    from sim.analysis.study_report import agreement_sections, study_sections

    if len(studies) != len(runs):
        raise NotComparable("a study can be compared only with another study of the same components (given: a study "
                            "and a run)")
    if len(studies) == 1:
        study = studies[0]
        return (f"arkmc study: {study.run.name}", f"Study {study.run.path} ({study.run.n_games} finished games, "
                f"experiment {study.run.manifest.get('experiment_id', 'none')}), generated {stamp}", study_sections(study))
    first, second = studies
    if first.design != second.design or first.run.spec.get("game") != second.run.spec.get("game"):
        raise NotComparable(f"{first.run.path} and {second.run.path} are different studies ({first.design.kind} of "
                            f"{len(first.design.components)} and {second.design.kind} of {len(second.design.components)} "
                            "components, or other games): only studies of the same components can be compared")
    return (f"arkmc studies compared: {second.run.name} against {first.run.name}",
            f"Studies {first.run.path} and {second.run.path}, generated {stamp}", agreement_sections(first, second))


def write_sections(title: str, subtitle: str, sections: list[Section], out: Path, fmt: str = "html") -> Path:
    """Write a report's sections to `out`: one self-contained HTML file, or Markdown with its figures beside it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "md":
        text = render_markdown(title, subtitle, sections, out.with_name(out.stem + "_files"))
    else:
        text = render_html(title, subtitle, sections)
    out.write_text(text, encoding="utf-8")
    return out
