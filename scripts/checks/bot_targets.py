"""Ark Nova bots' targets and tracked figures, measured side by side in one run: a new bot against an old one
(the check behind `make targets`; docs/bots.md).

    python scripts/checks/bot_targets.py                          # --new default --old heuristic_v1, full size
    python scripts/checks/bot_targets.py --new experimental.keeper --old heuristic_v2 --quick --json targets.json

Every figure comes with its interval and n. Strength, speed and the opening keep are targets, each with its
verdict (met / not met); realism and solo are tracked figures, each shown beside its reference and what that
reference is, without a verdict (issue 43: they are not gates):
- realism: 4-player self-play of each bot (`--realism-games`, 200): turns per player, breaks per game,
  sponsors, final score, appeal, CP, animals and projects per player; means with 95% percentile bootstrap
  intervals over games (a game's seats are averaged first, so the games are the resampled units), beside
  the figures of real online games;
- strength: new against old at 2 players, each deal played in both seat orders (`--strength-games` in all,
  400): the new bot's win share (a shared win counts half) with its Wilson interval; `--search` adds
  `--search-bot` (default_search) against the new bot the same way;
- speed: seconds per 2-player self-play game of each bot, the median of `--speed-batches` batches played on
  one worker (the bots are not timed against each other's load), and their ratio;
- opening keeps: where each bot's keep ranks among the 70 keeps of its dealt 8 (sim/arknova/analysis/opening.py's
  cross-fitted `keep_percentiles`, card values learned on both bots' realism games), with a bootstrap
  interval over seats; and how often each bot keeps Galapagos Giant Tortoise and Scarlet Macaw when dealt;
- solo: the share of solo games (`--solo-games`, 200) each bot wins (score 100 before the end), Wilson, beside
  issue 27's former target.
`--only` names the parts to measure (e.g. `--only strength,speed`).

The games are played by the project's runner into Parquet folders under `--out` (a temporary folder,
removed at the end, when none is given; a given one is resumed, so an interrupted measurement continues).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim.analysis.data import Run
from sim.analysis.stats import bootstrap_mean
from sim.arknova.analysis.opening import keep_percentiles
from sim.core.registry import RegistryError, make_bot
from sim.pipeline.experiment import ExperimentError, build_experiment
from sim.pipeline.runner import RunFailed, run
from sim.pipeline.summary import wilson, with_win_share

GAME = "arknova"
NAMED_CARDS = ("Galapagos Giant Tortoise", "Scarlet Macaw")   # never kept by heuristic_v1 (issue 27)
RANDOM_KEEP = 0.495   # the percentile of heuristic_v1's keep: no better than a random keep of the same cards


@dataclass(frozen=True)
class Band:
    """The values a target accepts: `low <= value <= high`, either end open when None."""

    low: float | None = None
    high: float | None = None

    def holds(self, value: float) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def __str__(self) -> str:
        if self.low is not None and self.high is not None:
            return f"{self.low:.4g}-{self.high:.4g}"
        return f">= {self.low:g}" if self.low is not None else f"<= {self.high:g}"


@dataclass(frozen=True)
class Reference:
    """A figure a tracked measure is shown beside, and what that figure is."""

    figure: str
    source: str

    def __str__(self) -> str:
        return f"{self.figure} ({self.source})"


@dataclass(frozen=True)
class Tracked:
    """A realism figure, tracked and not gated: a seats (per player) or games (per game) column and its reference."""

    label: str
    column: str
    table: str            # "seats" or "games"
    reference: Reference


REAL_PLAY = "real 4-player online games, issue 27"
REALISM = (
    Tracked("turns per player", "turns", "seats", Reference("~31", REAL_PLAY)),
    Tracked("breaks per game", "breaks", "games", Reference("~5.2", REAL_PLAY)),
    Tracked("sponsors per player", "sponsors", "seats", Reference("4.2", REAL_PLAY)),
    Tracked("final score", "score", "seats", Reference("109", REAL_PLAY)),
    Tracked("appeal", "appeal", "seats", Reference("67.6", REAL_PLAY)),
    Tracked("conservation points", "cp", "seats", Reference("21.9", REAL_PLAY)),
    Tracked("animals per player", "animals", "seats", Reference("9.3", REAL_PLAY)),
    Tracked("projects per player", "projects", "seats", Reference("3.2", REAL_PLAY)),
)
SOLO = Reference("30%", "issue 27's former target")
STRENGTH = Band(0.60, None)
SPEED_RATIO = Band(None, 0.6)    # issue 43: the new default at no more than 0.6 of the old one's cost a game
KEEP = Band(RANDOM_KEEP, None)   # judged on the interval's lower end: "clearly above" a random keep
PARTS = ("realism", "strength", "speed", "keep", "solo")   # the keep is judged on the realism games


@dataclass(frozen=True)
class Estimate:
    """A measured figure: its value, 95% interval, sample size and how the interval was made."""

    value: float
    low: float
    high: float
    n: int
    method: str

    def text(self, percent: bool = False) -> str:
        if np.isnan(self.value):
            return f"- (n={self.n})"
        form = "{:.1%}" if percent else "{:.2f}"
        return f"{form.format(self.value)} [{form.format(self.low)}, {form.format(self.high)}] n={self.n}"


@dataclass(frozen=True)
class Row:
    """One line of the table: a measure of the new and (where it has one) the old bot, with verdicts."""

    section: str
    measure: str
    new: Estimate | None
    old: Estimate | None
    target: str
    reference: str
    new_met: bool | None
    old_met: bool | None
    percent: bool = False


def verdict(estimate: Estimate | None, band: Band, on_low: bool = False) -> bool | None:
    """Whether `estimate` meets `band`: its value, or with `on_low` its interval's lower end (a target
    that asks for clearly more); None when there is nothing to judge."""
    if estimate is None or np.isnan(estimate.value):
        return None
    return band.holds(estimate.low if on_low else estimate.value)


def mean_over_games(values: np.ndarray, method: str = "bootstrap over games") -> Estimate:
    """Mean with its 95% percentile bootstrap interval (sim.analysis.stats.bootstrap_mean)."""
    mean, low, high = bootstrap_mean(values)
    return Estimate(mean, low, high, int(values.size), method)


def win_share(wins: float, games: int) -> Estimate:
    """A win share (shared wins counted as fractions) with its Wilson 95% interval."""
    low, high = wilson(wins, games)
    return Estimate(wins / games if games else float("nan"), low, high, games, "Wilson")


# -- playing -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """What to play: the two bots, the sizes, and where the runs go."""

    new: str
    old: str
    out: Path
    realism_games: int = 200
    strength_games: int = 400
    speed_games: int = 40
    speed_batches: int = 5
    solo_games: int = 200
    search: bool = False
    search_bot: str = "default_search"
    search_games: int = 40
    seed: int = 0
    jobs: int = -1
    parts: tuple[str, ...] = PARTS


def play(plan: Plan, name: str, bots: list[str], games: int, players: int, jobs: int | None = None,
         chunk_size: int = 0) -> Run:
    """Play (or finish) one experiment in `plan.out / name` with the project's runner and open it."""
    experiment = build_experiment({
        "game": GAME, "players": players, "bots": bots, "games": games, "seed": plan.seed,
        "chunk_size": chunk_size, "out": str(plan.out / name), "jobs": plan.jobs if jobs is None else jobs})
    summary = run(experiment, resume=True, label=name)
    if summary.interrupted:
        raise KeyboardInterrupt
    return Run.open(plan.out / name)


def rotated(plan: Plan, name: str, first: str, second: str, games: int) -> list[Run]:
    """`first` against `second` at 2 players, the same deals in both seat orders (half the games each)."""
    deals = max(1, games // 2)
    return [play(plan, f"{name}-a", [first, second], deals, 2), play(plan, f"{name}-b", [second, first], deals, 2)]


# -- measuring ---------------------------------------------------------------------------------------

def realism_estimate(runs: Run, target: Tracked) -> Estimate:
    """The figure's mean over the run's finished games, each game's seats averaged first."""
    if target.table == "games":
        values = runs.games[target.column].cast(pl.Float64).to_numpy()
    else:
        per_game = runs.seats.group_by("game").agg(pl.col(target.column).cast(pl.Float64).mean())
        values = per_game[target.column].to_numpy()
    return mean_over_games(values)


def rotated_share(runs: list[Run]) -> Estimate:
    """Win share of the bot that sits in seat 0 of the first run and seat 1 of the second, over their
    finished games (a win shared by k seats counts 1/k)."""
    wins, games = 0.0, 0
    for seat, one in enumerate(runs):
        seats = with_win_share(one.seats.select("game", "seat", "won")).filter(pl.col("seat") == seat)
        wins += float(seats["win_share"].sum())
        games += seats.height
    return win_share(wins, games)


def seconds_per_game(one: Run, batch: int) -> Estimate:
    """Median over batches (consecutive games) of a batch's mean seconds per game, with the smallest and
    largest batch as its range."""
    games = one.games.select(pl.col("game") // batch, pl.col("seconds").cast(pl.Float64))
    means = games.group_by("game").agg(pl.col("seconds").mean())["seconds"].to_list()
    if not means:
        return Estimate(float("nan"), float("nan"), float("nan"), 0, "median of batches")
    return Estimate(statistics.median(means), min(means), max(means), one.games.height,
                    f"median of {len(means)} batches (range)")


def speed_ratio(new: Estimate, old: Estimate) -> Estimate:
    """new / old seconds per game; the interval is the batches' ranges divided crosswise."""
    return Estimate(new.value / old.value, new.low / old.high, new.high / old.low, min(new.n, old.n),
                    "ratio of medians (range)")


def keep_estimates(runs: dict[str, Run]) -> dict[str, pl.DataFrame]:
    """Each role's seats with the cross-fitted percentile of its keep, card values learned on all roles'
    games together (game numbers made distinct per role, so no seat is judged by its own game)."""
    roles = list(runs)
    frames = [runs[role].seats.select("game", "seat", "won", "points", "dealt", "kept").with_columns(
        (pl.col("game").cast(pl.Int64) * len(roles) + index).alias("game"), pl.lit(role).alias("role"))
        for index, role in enumerate(roles)]
    seats = pl.concat(frames)
    seats = seats.with_columns(keep_percentiles(seats))
    return {role: seats.filter(pl.col("role") == role) for role in roles}


def keep_percentile(seats: pl.DataFrame) -> Estimate:
    values = seats["percentile"].drop_nulls().to_numpy()
    return mean_over_games(values, "bootstrap over seats")


def named_keep_rate(seats: pl.DataFrame, card: int) -> Estimate:
    """How often the card was kept when dealt, with its Wilson interval."""
    dealt = seats.filter(pl.col("dealt").list.contains(card))
    kept = int(dealt["kept"].list.contains(card).sum())
    return win_share(kept, dealt.height)


def solo_share(one: Run) -> Estimate:
    return win_share(float(one.seats["won"].sum()), one.seats.height)


def card_number(one: Run, name: str) -> int | None:
    return next((number for number, card in one.card_names.items() if card == name), None)


def measure(plan: Plan) -> list[Row]:
    """Play every run the plan's parts need and return the table's rows, part by part."""
    roles = {"new": plan.new, "old": plan.old}
    rows: list[Row] = []
    realism = ({role: play(plan, f"realism-{role}", [spec], plan.realism_games, 4) for role, spec in roles.items()}
               if {"realism", "keep"} & set(plan.parts) else {})
    if "realism" in plan.parts:
        rows += realism_rows(realism)
    if "strength" in plan.parts:
        rows += strength_rows(plan)
    if "speed" in plan.parts:
        rows += speed_rows(plan, roles)
    if "keep" in plan.parts:
        rows += keep_rows(realism)
    if "solo" in plan.parts:
        solo = {role: solo_share(play(plan, f"solo-{role}", [spec], plan.solo_games, 1)) for role, spec in roles.items()}
        rows.append(Row("solo (tracked)", "solo games won (score 100 before the end)", solo["new"], solo["old"], "",
                        str(SOLO), None, None, percent=True))
    return rows


def realism_rows(realism: dict[str, Run]) -> list[Row]:
    rows = []
    for target in REALISM:
        new, old = (realism_estimate(realism[role], target) for role in ("new", "old"))
        rows.append(Row("realism (4p self-play, tracked)", target.label, new, old, "", str(target.reference), None, None))
    return rows


def strength_rows(plan: Plan) -> list[Row]:
    strength = rotated_share(rotated(plan, "strength", plan.new, plan.old, plan.strength_games))
    rows = [Row("strength (2p, seat-rotated)", "new's win share against old", strength, None, str(STRENGTH),
                "", verdict(strength, STRENGTH), None, percent=True)]
    if plan.search:
        search = rotated_share(rotated(plan, "search", plan.search_bot, plan.new, plan.search_games))
        rows.append(Row("strength (2p, seat-rotated)", f"{plan.search_bot}'s win share against new", search, None,
                        str(STRENGTH), "", verdict(search, STRENGTH), None, percent=True))
    return rows


def speed_rows(plan: Plan, roles: dict[str, str]) -> list[Row]:
    batch = max(1, plan.speed_games // plan.speed_batches)
    speed = {role: seconds_per_game(play(plan, f"speed-{role}", [spec], plan.speed_games, 2, jobs=1,
                                         chunk_size=batch), batch) for role, spec in roles.items()}
    ratio = speed_ratio(speed["new"], speed["old"])
    return [Row("speed (2p self-play, 1 worker)", "seconds per game", speed["new"], speed["old"], "", "", None, None),
            Row("speed (2p self-play, 1 worker)", "new / old seconds per game", ratio, None, str(SPEED_RATIO),
                "", verdict(ratio, SPEED_RATIO), None)]


def keep_rows(realism: dict[str, Run]) -> list[Row]:
    keeps = keep_estimates(realism)
    new, old = (keep_percentile(keeps[role]) for role in ("new", "old"))
    rows = [Row("opening keep (4p realism games)", "keep percentile among the 70 keeps", new, old,
                f"lower end > {RANDOM_KEEP:g}", "heuristic_v1 0.495", verdict(new, KEEP, on_low=True),
                verdict(old, KEEP, on_low=True))]
    for name in NAMED_CARDS:
        number = card_number(realism["new"], name)
        if number is not None:
            new, old = (named_keep_rate(keeps[role], number) for role in ("new", "old"))
            rows.append(Row("opening keep (4p realism games)", f"keeps {name} when dealt", new, old, "", "heuristic_v1 never",
                            None, None, percent=True))
    return rows


# -- output ------------------------------------------------------------------------------------------

def mark(met: bool | None) -> str:
    return "" if met is None else ("met" if met else "NOT MET")


def table_lines(rows: list[Row], new: str, old: str) -> list[str]:
    """The rows as a plain-text table, grouped by section."""
    lines, section = [], ""
    header = f"{'measure':<44} {'new: ' + new:<43} {'old: ' + old:<43} {'target':<14} reference"
    for row in rows:
        if row.section != section:
            section = row.section
            lines += ["", f"== {section}", header]
        new_text = row.new.text(row.percent) if row.new else ""
        old_text = row.old.text(row.percent) if row.old else ""
        lines.append(f"{row.measure:<44} {new_text:<34} {mark(row.new_met):<8} {old_text:<34} {mark(row.old_met):<8} "
                     f"{row.target:<14} {row.reference}")
    methods = sorted({estimate.method for row in rows for estimate in (row.new, row.old) if estimate})
    lines += ["", "intervals: 95%; " + "; ".join(methods)]
    return lines


def rows_json(rows: list[Row], plan: Plan) -> dict[str, Any]:
    """The plan and the rows as JSON-ready values (a figure that could not be measured is null)."""
    def clean(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: clean(item) for key, item in value.items()}
        if isinstance(value, float) and np.isnan(value):
            return None
        return str(value) if isinstance(value, Path) else value
    return {"plan": clean(asdict(plan)), "rows": [clean(asdict(row)) for row in rows]}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--new", default="default", help="the new bot (any bot spec; default: default)")
    parser.add_argument("--old", default="heuristic_v1", help="the old bot (default: heuristic_v1)")
    parser.add_argument("--realism-games", type=int, default=200, help="4-player self-play games per bot (200)")
    parser.add_argument("--strength-games", type=int, default=400, help="2-player games new vs old, half in each "
                        "seat order (400)")
    parser.add_argument("--speed-games", type=int, default=40, help="2-player self-play games per bot, timed (40)")
    parser.add_argument("--speed-batches", type=int, default=5, help="batches the timed games are split into (5)")
    parser.add_argument("--solo-games", type=int, default=200, help="solo games per bot (200)")
    parser.add_argument("--search", action="store_true", help="also play --search-bot against the new bot")
    parser.add_argument("--search-bot", default="default_search", help="the search bot of --search (default_search)")
    parser.add_argument("--search-games", type=int, default=40, help="games of --search, half in each seat order (40)")
    parser.add_argument("--only", default=",".join(PARTS), help=f"the parts to measure, comma-separated "
                        f"(default all: {','.join(PARTS)}; keep plays the realism games too)")
    parser.add_argument("--quick", action="store_true", help="a smoke size: 8 games of each kind (speed: 4 in 2 batches)")
    parser.add_argument("--seed", type=int, default=0, help="base seed of every run (0)")
    parser.add_argument("--jobs", type=int, default=-1, help="workers of the realism, strength and solo runs "
                        "(-1 = all cores; the speed runs always use 1)")
    parser.add_argument("--out", type=Path, help="folder for the runs (resumed if it holds them); default: a "
                        "temporary folder removed at the end")
    parser.add_argument("--json", type=Path, help="also write the table as JSON to this file")
    return parser.parse_args(argv)


def plan_of(args: argparse.Namespace, out: Path) -> Plan:
    sizes = {"realism_games": args.realism_games, "strength_games": args.strength_games,
             "speed_games": args.speed_games, "speed_batches": args.speed_batches, "solo_games": args.solo_games,
             "search_games": args.search_games}
    if args.quick:
        sizes = {key: 8 for key in sizes} | {"speed_games": 4, "speed_batches": 2}
    for key, value in sizes.items():
        if value < 1:
            raise ExperimentError(f"--{key.replace('_', '-')} must be at least 1, got {value}")
    parts = tuple(part.strip() for part in args.only.split(",") if part.strip())
    unknown = sorted(set(parts) - set(PARTS))
    if unknown or not parts:
        raise ExperimentError(f"--only takes parts among {', '.join(PARTS)}, got {args.only!r}")
    for spec in (args.new, args.old, *([args.search_bot] if args.search else [])):
        try:
            make_bot(spec, GAME)
        except RegistryError as error:
            raise ExperimentError(str(error)) from None
    return Plan(new=args.new, old=args.old, out=out, search=args.search, search_bot=args.search_bot,
                seed=args.seed, jobs=args.jobs, parts=parts, **sizes)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    with tempfile.TemporaryDirectory(prefix="bot-targets-") as temporary:
        plan = None
        try:
            plan = plan_of(args, args.out or Path(temporary))
            rows = measure(plan)
        except (ExperimentError, RunFailed) as error:
            print(f"bot_targets: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("bot_targets: interrupted" + (f"; run again with --out {args.out} to continue" if args.out else ""),
                  file=sys.stderr)
            return 130
    print("\n".join(table_lines(rows, plan.new, plan.old)))
    if args.json:
        args.json.write_text(json.dumps(rows_json(rows, plan), indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
