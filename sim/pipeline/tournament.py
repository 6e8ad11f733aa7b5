"""A tournament between bots: every table, every seat rotation, the same deals for each rotation.

A table is a set of `players` bots (every combination of the named bots). Each table is
played in `players` seat rotations, so each bot sits in each seat equally often, and every
rotation of a table is its own experiment folder with the same base seed: game i of each
rotation is the same deal (common random numbers), which cancels much of the luck of the
deal out of the comparison. The results are read back from the Parquet datasets:
win rates with Wilson intervals, mean points with bootstrap intervals, a pairwise win-rate
matrix, and openskill (Plackett-Luce) ratings.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.stats import bootstrap_mean
from sim.core.data_folder import resolved_folder
from sim.core.protocols import ShapeMeasure
from sim.core.registry import default_game
from sim.pipeline.experiment import (
    Experiment,
    ExperimentError,
    build_experiment,
    differences_text,
    game_factory,
    setting_differences,
    study_config,
    validate_config,
)
from sim.pipeline.runner import RunSummary, run
from sim.pipeline.storage import RunFolder, current_spelling
from sim.pipeline.summary import wilson, with_win_share

DEFINITION = "tournament.json"
SEAT_COLUMNS = ("game", "seat", "bot_spec", "points", "rank", "won", "win_share")   # what every standing reads


@dataclass(frozen=True)
class Seating:
    """One experiment of the tournament: a table in one seat rotation (`bots[seat]` are bot indices)."""

    table: int
    rotation: int
    bots: tuple[int, ...]

    @property
    def folder(self) -> str:
        return f"table{self.table:03d}-rotation{self.rotation}"


@dataclass(frozen=True)
class Tournament:
    """Which bots meet, how many deals per table, and where the experiment folders go."""

    bots: tuple[str, ...]
    out: str
    game: str = field(default_factory=default_game)
    players: int = 2
    games: int = 100  # deals per table; each is played once in every seat rotation
    options: dict[str, Any] = field(default_factory=dict)  # the game's study options fill the rest
    data: str = ""  # a folder whose files replace the game's data files of the same name
    seed: int = 0
    jobs: int = -1
    backend: str = "loky"
    scheduler: str = ""

    def __post_init__(self) -> None:
        if self.players < 2:
            raise ExperimentError(f"a tournament needs at least 2 players per table, got {self.players}")
        # the game's own limits first: five bots for a table of 5 still cannot play a game of at most 4
        validate_config(game_factory(self.game, self.data),
                        study_config(self.game, {**self.options, "players": self.players}))
        if len(self.bots) < self.players:
            raise ExperimentError(f"{len(self.bots)} bot(s) cannot fill a table of {self.players} players")
        duplicates = sorted({spec for spec in self.bots if self.bots.count(spec) > 1})
        if duplicates:
            raise ExperimentError(f"bot(s) named twice: {', '.join(duplicates)}")
        if self.games < 1:
            raise ExperimentError(f"games must be at least 1, got {self.games}")

    def seatings(self) -> list[Seating]:
        """Every table in every cyclic seat rotation: each bot of a table sits once in each seat."""
        seatings = []
        for table, members in enumerate(combinations(range(len(self.bots)), self.players)):
            for rotation in range(self.players):
                seatings.append(Seating(table, rotation, members[rotation:] + members[:rotation]))
        return seatings

    def experiment(self, seating: Seating) -> Experiment:
        """The seating's experiment: the same seed (so the same deals) for every rotation."""
        return build_experiment({
            "game": self.game, "players": self.players, "bots": [self.bots[index] for index in seating.bots],
            "options": dict(self.options), "data": self.data, "games": self.games, "seed": self.seed,
            "out": str(Path(self.out) / seating.folder), "jobs": self.jobs, "backend": self.backend,
            "scheduler": self.scheduler,
        })

    def identity(self) -> dict[str, Any]:
        """What decides the games (not where or how they run): a resumed tournament must match it."""
        values = asdict(self) | {"bots": list(self.bots), "data": resolved_folder(self.data)}
        keys = ("game", "bots", "players", "games", "options", "seed") + (("data",) if self.data else ())
        return {key: values[key] for key in keys}


def play(tournament: Tournament, resume: bool = False, progress: bool | None = None) -> list[RunSummary]:
    """Play every seating's experiment (finishing interrupted ones with `resume`)."""
    experiments = [tournament.experiment(seating) for seating in tournament.seatings()]
    out = Path(tournament.out)
    definition = out / DEFINITION
    if definition.exists():
        _check_resumable(out, current_spelling(json.loads(definition.read_text(encoding="utf-8"))), tournament, resume)
    elif out.exists() and any(out.iterdir()):
        raise ExperimentError(f"{out} is not empty and holds no arkmc tournament; choose another --out")
    out.mkdir(parents=True, exist_ok=True)
    definition.write_text(json.dumps(tournament.identity(), indent=2, sort_keys=True), encoding="utf-8")
    summaries = []
    for experiment in experiments:
        summary = run(experiment, resume=resume, progress=progress)
        summaries.append(summary)
        if summary.interrupted:
            break
    return summaries


def _check_resumable(out: Path, saved: dict[str, Any], tournament: Tournament, resume: bool) -> None:
    """Refuse, in one line, to play `tournament` into `out` holding `saved`, unless it is the same tournament
    resumed, possibly with more deals: each seating's run is then extended, as `arkmc run --resume` does."""
    differences = [difference for difference in setting_differences(saved, tournament.identity())
                   if difference[0] != "games"]
    if differences:
        raise ExperimentError(f"{out} holds another tournament: {differences_text(differences)}; choose another --out")
    if tournament.games < saved["games"]:
        raise ExperimentError(f"{out} holds a tournament of {saved['games']} deals per table; --games "
                              f"{tournament.games} would shorten it (a tournament can be extended, not shortened)")
    if not resume:
        more = f" and extend it to {tournament.games} deals per table" if tournament.games > saved["games"] else ""
        raise ExperimentError(f"{out} already holds this tournament; add --resume to finish it{more}")


def load_seats(tournament: Tournament) -> pl.DataFrame:
    """Every seat of every finished game, with its table and rotation; bot = index into `bots`."""
    frames = []
    index = {spec: position for position, spec in enumerate(tournament.bots)}
    for seating in tournament.seatings():
        folder = RunFolder(Path(tournament.out) / seating.folder)
        manifest = folder.read_manifest()
        games, seats = folder.scan("games", manifest), folder.scan("seats", manifest)
        if games is None or seats is None:  # a seating not played yet
            continue
        game_columns = shape_columns(tournament, "games", games.collect_schema().names())
        seat_columns = shape_columns(tournament, "seats", seats.collect_schema().names())
        finished = games.filter(pl.col("status") == "finished").select("game", *game_columns)
        seats = with_win_share(seats.join(finished, on="game")).select(*SEAT_COLUMNS, *seat_columns, *game_columns)
        frames.append(seats.collect().with_columns(
            pl.lit(seating.table, pl.UInt32).alias("table"), pl.lit(seating.rotation, pl.UInt8).alias("rotation"),
            pl.col("bot_spec").cast(pl.String).replace_strict(index, return_dtype=pl.UInt16).alias("bot"),
            pl.col("points").cast(pl.Float64), pl.col("rank").cast(pl.Int64)))
    return pl.concat(frames).drop("bot_spec").sort("game", "table", "rotation", "seat")


def shape_measures(tournament: Tournament) -> tuple[ShapeMeasure, ...]:
    """The game's shape measures (`GameInfo.shape_measures`): the columns of the game-shape table."""
    return game_factory(tournament.game).info.shape_measures


def shape_columns(tournament: Tournament, table: str, present: list[str]) -> list[str]:
    """The columns of the game's `table` ("seats" or "games") that its shape measures read and the table has,
    less those every standing reads already."""
    wanted = dict.fromkeys(measure.column for measure in shape_measures(tournament) if measure.table == table)
    return [name for name in wanted if name in present and name not in SEAT_COLUMNS]


def pairwise(seats: pl.DataFrame, bots: int) -> tuple[np.ndarray, np.ndarray]:
    """rates[i, j]: the share of games with both at the table in which bot i ranked above bot j
    (a tie counts one half); counts[i, j]: how many such games. The diagonal is NaN."""
    keys = ["table", "rotation", "game"]
    pairs = seats.select(*keys, "bot", "rank").join(seats.select(*keys, "bot", "rank"), on=keys, suffix="_other")
    pairs = pairs.filter(pl.col("bot") != pl.col("bot_other")).with_columns(
        pl.when(pl.col("rank") < pl.col("rank_other")).then(1.0)
        .when(pl.col("rank") == pl.col("rank_other")).then(0.5).otherwise(0.0).alias("score"))
    table = pairs.group_by("bot", "bot_other").agg(pl.col("score").sum(), pl.len().alias("n"))
    scores = np.zeros((bots, bots))
    counts = np.zeros((bots, bots), dtype=np.int64)
    for row in table.iter_rows(named=True):
        scores[row["bot"], row["bot_other"]] = row["score"]
        counts[row["bot"], row["bot_other"]] = row["n"]
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = np.where(counts > 0, scores / np.maximum(counts, 1), np.nan)
    np.fill_diagonal(rates, np.nan)
    return rates, counts


def ratings(seats: pl.DataFrame, bots: int) -> list[tuple[float, float, float]]:
    """Openskill Plackett-Luce rating (mu, sigma, ordinal) of each bot, the games rated in
    order of deal, then table, then rotation."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = [model.rating(name=str(index)) for index in range(bots)]
    for _, game in seats.group_by("game", "table", "rotation", maintain_order=True):
        members = game["bot"].to_list()
        rated = model.rate([[players[index]] for index in members], ranks=game["rank"].to_list())
        for index, (rating,) in zip(members, rated):
            players[index] = rating
    return [(player.mu, player.sigma, player.ordinal()) for player in players]


STANDINGS_ORDER = ("win rate, highest first (a shared win split between the tied seats); equal win rates by "
                   "openskill rating")


def standings(tournament: Tournament, seats: pl.DataFrame) -> pl.DataFrame:
    """One row per bot: games, wins (a shared win split between the tied seats), win rate with its
    Wilson interval, mean points with a bootstrap interval, and the openskill rating; sorted by
    STANDINGS_ORDER. The win rate comes first because it is what the rows show; the rating also
    weighs every finishing place and its own uncertainty, so it may order two bots otherwise
    (`order_notes` says where)."""
    rows = []
    for index, (mu, sigma, ordinal) in enumerate(ratings(seats, len(tournament.bots))):
        own = seats.filter(pl.col("bot") == index)
        games, wins = own.height, float(own["win_share"].sum())
        points = own["points"].to_numpy()
        low, high = wilson(wins, games)
        mean_points, points_low, points_high = bootstrap_mean(points, seed=tournament.seed + index)
        rows.append({"bot": tournament.bots[index], "games": games, "wins": wins,
                     "win_rate": wins / games if games else float("nan"), "win_low": low, "win_high": high,
                     "mean_points": mean_points,
                     "points_low": points_low, "points_high": points_high,
                     "mu": mu, "sigma": sigma, "ordinal": ordinal})
    return pl.DataFrame(rows).sort("win_rate", "ordinal", descending=True)


def order_notes(table: pl.DataFrame, rates: np.ndarray, counts: np.ndarray, bots: tuple[str, ...]) -> list[str]:
    """Where the standings' order could mislead: for each bot listed right above another, a note when
    the one below has the higher rating or won their head-to-head."""
    notes = []
    rows = table.to_dicts()
    for above, below in zip(rows, rows[1:]):
        i, j = bots.index(above["bot"]), bots.index(below["bot"])
        if below["ordinal"] > above["ordinal"]:
            notes.append(f"note: {below['bot']} is rated above {above['bot']} ({below['ordinal']:.2f} against "
                         f"{above['ordinal']:.2f}) although its win rate is lower: the rating also weighs every "
                         "finishing place and is lowered by its uncertainty (mu - 3 sigma)")
        if counts[j, i] and rates[j, i] > 0.5:
            notes.append(f"note: {below['bot']} ranked above {above['bot']} in {rates[j, i]:.1%} of the "
                         f"{counts[j, i]} games they shared, although its win rate over all its games is lower")
    return notes


def separation_notes(table: pl.DataFrame, rates: np.ndarray, counts: np.ndarray, bots: tuple[str, ...]) -> list[str]:
    """For each bot listed right above another, a note when the data cannot tell them apart: their head-to-head
    share's 95% Wilson interval holds 50%, or, when they never met, their win-rate intervals overlap."""
    notes = []
    rows = table.to_dicts()
    for above, below in zip(rows, rows[1:]):
        i, j = bots.index(above["bot"]), bots.index(below["bot"])
        if counts[i, j]:
            low, high = wilson(rates[i, j] * counts[i, j], counts[i, j])
            if low <= 0.5 <= high:
                notes.append(f"note: {above['bot']} and {below['bot']} cannot be told apart: {above['bot']} ranked "
                             f"above {below['bot']} in {rates[i, j]:.1%} [{low:.1%}, {high:.1%}] of the {counts[i, j]} "
                             "games they shared (50% = equal)")
        elif above["win_low"] <= below["win_high"]:
            notes.append(f"note: {above['bot']} and {below['bot']} cannot be told apart: they never shared a game and "
                         "their win-rate intervals overlap")
    return notes


RATING_NOTE = ("rating: the openskill ordinal mu - 3 sigma (a bot's skill estimate mu less three times its "
               "uncertainty sigma), from every finishing place of every game; higher is stronger")


def report(tournament: Tournament, seats: pl.DataFrame) -> list[str]:
    """The plain-text report: standings, then the pairwise matrix (row bot vs column bot)."""
    table = standings(tournament, seats)
    rates, counts = pairwise(seats, len(tournament.bots))
    deals = seats.select("table", "game").unique().height
    width = max(28, *(len(spec) for spec in tournament.bots))
    lines = [f"tournament: {len(tournament.bots)} bots, {tournament.players} players per table, "
             f"{len(tournament.seatings())} table rotations, {seats.select('table', 'rotation', 'game').unique().height} "
             f"finished games ({deals} deals, each played in every seat rotation)",
             f"standings by {STANDINGS_ORDER}",
             f"{'bot':<{width}} {'n':>6} {'win rate':>9} {'95% CI':>16} {'mean points':>12} {'95% CI':>16} "
             f"{'rating':>7} {'mu':>6} {'sigma':>6}"]
    for row in table.iter_rows(named=True):
        wins = f"[{row['win_low']:.1%}, {row['win_high']:.1%}]"
        points = f"[{row['points_low']:.1f}, {row['points_high']:.1f}]"
        lines.append(f"{row['bot']:<{width}} {row['games']:>6} {row['win_rate']:>9.1%} {wins:>16} "
                     f"{row['mean_points']:>12.1f} {points:>16} {row['ordinal']:>7.2f} "
                     f"{row['mu']:>6.2f} {row['sigma']:>6.2f}")
    lines.append(RATING_NOTE)
    lines += order_notes(table, rates, counts, tournament.bots)
    lines += separation_notes(table, rates, counts, tournament.bots)
    lines.append("pairwise: share of shared games in which the row bot ranked above the column bot [95% Wilson] (n games)")
    labels = [f"[{index + 1}]" for index in range(len(tournament.bots))]
    lines.append(" " * (width + 6) + "".join(f"{label:>{CELL}}" for label in labels))
    for i, spec in enumerate(tournament.bots):
        cells = "".join(f"{_cell(rates[i, j], counts[i, j]) if i != j else '-':>{CELL}}"
                        for j in range(len(tournament.bots)))
        lines.append(f"{labels[i]:>4} {spec:<{width + 1}}{cells}")
    return lines + shape_lines(game_shape(tournament, seats), shape_measures(tournament), width)


def game_shape(tournament: Tournament, seats: pl.DataFrame) -> pl.DataFrame:
    """One row per bot over the games it played: seats n and each of the game's shape measures whose column
    the seats have (`GameInfo.shape_measures`; Ark Nova's are the realism targets of docs/bots.md). Empty
    when the game declares none or the seats have none of their columns."""
    measures = [measure for measure in shape_measures(tournament) if measure.column in seats.columns]
    if not measures:
        return pl.DataFrame()
    keys = ["table", "rotation", "game"]
    rows = seats
    for measure in (measure for measure in measures if measure.summary == "winner"):
        winners = seats.filter(pl.col("rank") == 1).group_by(keys).agg(
            pl.col(measure.column).max().alias(f"winner_{measure.column}"))
        rows = rows.join(winners, on=keys)
    table = rows.group_by("bot").agg(pl.len().alias("seats"), *(
        summary for measure in measures for summary in _summaries(measure)))
    names = pl.DataFrame({"bot": range(len(tournament.bots)), "spec": list(tournament.bots)},
                         schema={"bot": pl.UInt16, "spec": pl.String})
    return names.join(table, on="bot").sort("bot").drop("bot").rename({"spec": "bot"})


def _summaries(measure: ShapeMeasure) -> list[pl.Expr]:
    """The shape table's columns of one measure, per bot."""
    value = pl.col(measure.column)
    if measure.summary == "spread":
        return [value.median().alias(f"{measure.key}_median"), value.quantile(0.05).alias(f"{measure.key}_5"),
                value.quantile(0.95).alias(f"{measure.key}_95")]
    if measure.summary == "share":
        return [(value != -1).mean().alias(measure.key)]
    source = pl.col(f"winner_{measure.column}") if measure.summary == "winner" else value
    return [source.cast(pl.Float64).mean().alias(measure.key)]


def shape_lines(shape: pl.DataFrame, measures: tuple[ShapeMeasure, ...], width: int) -> list[str]:
    """The game-shape table as report lines (none for an empty table): each measure under its header,
    a spread as its median and its 5%-95% range, a share in percent, a mean with one decimal."""
    if shape.is_empty():
        return []
    shown = [measure for measure in measures if measure.key in shape.columns or f"{measure.key}_median" in shape.columns]
    notes = [measure.note for measure in shown if measure.note]
    if any(measure.summary in ("mean", "winner") for measure in shown):
        notes.append("means per game or seat")
    header = f"{'bot':<{width}}"
    for measure in shown:
        header += f" {measure.header:>{len(measure.header) + 1}}" + (f" {'5%-95%':>8}" if measure.summary == "spread" else "")
    lines = [f"game shape: per bot over the games it played ({', '.join(notes)})", header]
    for row in shape.iter_rows(named=True):
        lines.append(f"{row['bot']:<{width}}" + "".join(_shape_cells(measure, row) for measure in shown))
    return lines


def _shape_cells(measure: ShapeMeasure, row: dict[str, Any]) -> str:
    """One measure's cells in a bot's row of the printed shape table, under its header (a spread has two)."""
    width = len(measure.header) + 1
    if measure.summary == "spread":
        spread = f"{row[f'{measure.key}_5']:.0f}-{row[f'{measure.key}_95']:.0f}"
        return f" {row[f'{measure.key}_median']:>{width}.0f} {spread:>8}"
    return f" {row[measure.key]:>{width}.0%}" if measure.summary == "share" else f" {row[measure.key]:>{width}.1f}"


CELL = 26  # width of a pairwise cell: "55.0% [39.8, 69.3] (40)"


def _cell(rate: float, count: int) -> str:
    if not count:
        return "(0)"
    low, high = wilson(rate * count, count)
    return f"{rate:.1%} [{100 * low:.1f}, {100 * high:.1f}] ({count})"


def write_report(tournament: Tournament, seats: pl.DataFrame) -> list[str]:
    """Write report.txt, standings.csv/.parquet, pairwise.csv, pairwise.png and shape.csv in the folder;
    return the report's lines."""
    out = Path(tournament.out)
    lines = report(tournament, seats)
    (out / "report.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    table = standings(tournament, seats)
    table.write_csv(out / "standings.csv")
    table.write_parquet(out / "standings.parquet")
    rates, counts = pairwise(seats, len(tournament.bots))
    matrix = pl.DataFrame({"bot": list(tournament.bots)}).with_columns(
        [pl.Series(spec, rates[:, j]) for j, spec in enumerate(tournament.bots)])
    matrix.write_csv(out / "pairwise.csv")
    game_shape(tournament, seats).write_csv(out / "shape.csv")
    draw_heatmap(rates, counts, tournament.bots, out / "pairwise.png")
    return lines


def draw_heatmap(rates: np.ndarray, counts: np.ndarray, bots: tuple[str, ...], path: Path) -> None:
    """The pairwise matrix as a heatmap PNG, each cell labelled with its rate and game count."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    size = 2.0 + 1.1 * len(bots)
    figure, axes = plt.subplots(figsize=(size + 1.5, size))
    image = axes.imshow(np.ma.masked_invalid(rates), cmap="RdBu", vmin=0.0, vmax=1.0)
    labels = [axis_label(spec) for spec in bots]
    axes.set_xticks(range(len(bots)), labels, rotation=45, ha="right")
    axes.set_yticks(range(len(bots)), labels)
    axes.set_xlabel("opponent")
    axes.set_ylabel("bot")
    axes.set_title("share of games ranked above the opponent")
    for i in range(len(bots)):
        for j in range(len(bots)):
            if i != j and counts[i, j]:
                dark = abs(rates[i, j] - 0.5) > 0.3  # the colour scale's ends are dark: white text there
                axes.text(j, i, f"{rates[i, j]:.0%}\nn={counts[i, j]}", ha="center", va="center", fontsize=8,
                          color="white" if dark else "black")
    figure.colorbar(image, ax=axes)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def axis_label(spec: str, width: int = 28) -> str:
    """A bot spec short enough for an axis: a file path loses its folders, a long spec its middle."""
    head, colon, rest = spec.partition(":")
    if colon and ("/" in head or "\\" in head):
        spec = Path(head).name + colon + rest
    return spec if len(spec) <= width else spec[:width // 2 - 1] + "…" + spec[-(width // 2):]
