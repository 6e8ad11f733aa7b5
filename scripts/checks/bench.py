"""The benchmark behind `make bench`, a game at a time. Every game: the cost of a 2-player game at each rung
of its skill ladder (`GameInfo.ladder`), every seat playing the rung. Ark Nova: median speed of complete
2-player games of each bot, decisions per second, the search bot's time per decision, peak memory, scaling
of the experiment runner with workers, bytes per game on disk, its workers' peak memory over many games of the
default bot (--memory-games), and the fuzz of its invariants over
random-bot games (issue 46's Reptile House game among them). Ark & Noah: 4-player games of random
bots and of its default heuristic, and the fuzz of its invariants over random games (checked after every
decision). Inhabit the Earth: its game speeds; its invariant fuzz and its bots' win shares when asked for.

A rung is timed on up to --rung-games games, fewer when they take more than --rung-seconds together (at
least one game), so that a search bot's rung costs the benchmark a minute or two, not an hour.

    .venv/bin/python scripts/checks/bench.py                         # every game: what `make bench` prints
    .venv/bin/python scripts/checks/bench.py --only arknoah          # one game's lines
    .venv/bin/python scripts/checks/bench.py --only inhabit --inhabit-fuzz 2000 --inhabit-bots 300
    .venv/bin/python scripts/checks/bench.py --baseline HEAD~3 --only arknova   # against another commit
    .venv/bin/python scripts/checks/bench.py --baseline none                    # no side-by-side table

First of all, the side-by-side table: the CPU time per game of each game's `default` and `random` bots at this
tree and at a baseline commit (--baseline, by default `BASELINE`, the commit issue 45's speed targets are measured
against), with the ratio old / new. The baseline's files are exported (`git archive`, into a temporary folder that
is deleted afterwards, so that no worktree is left registered in the repository if the run is stopped) and each
tree plays in a subprocess of its own (`--serve`) whose PYTHONPATH points at it; the two take the same batches in
turn, so that both see the same load, and each counts the CPU time (`time.process_time`) of its games only: the
machine's other work then changes the ratio little.

The figures go into the docs with their date and command, not into tests."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psutil  # comes with distributed, of the test extra that `make` installs

from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import experiment_bots, indexed_seed, run
from sim.pipeline.summary import wilson

GAMES = ("arknova", "arknoah", "inhabit")
Setting = tuple[str, dict[str, Any]]  # a game and its config
ARKNOVA: Setting = ("arknova", {"players": 2, "maps": "random"})  # the setting of Ark Nova's bots' targets
ARKNOAH: Setting = ("arknoah", {"players": 4})  # Ark & Noah's targets: 4 players
INHABIT: Setting = ("inhabit", {"players": 4})
BASELINE = "7f21f55"  # the commit issue 45's speed targets are measured against
ROOT = Path(__file__).resolve().parents[2]  # the tree this script belongs to
# (game and config, bot, games per batch at --random-games 40): each line of the side-by-side table
COMPARED: tuple[tuple[Setting, str, int], ...] = (
    (ARKNOVA, "default", 10), (ARKNOVA, "random", 40), (ARKNOAH, "default", 25), (ARKNOAH, "random", 100),
    (INHABIT, "default", 10), (INHABIT, "random", 60))


def one_batch(bot: str, games: int, seed: int, setting: Setting,
              clock: Callable[[], float] = time.perf_counter) -> tuple[float, float, int]:
    """Seconds per game by `clock` (wall time unless told), decisions per second, games stopped by the cap."""
    name, config = setting
    factory = get_game(name)
    players = config["players"]
    decisions, capped, elapsed = 0, 0, 0.0
    for game_seed in derive_seeds(seed, games):
        game = factory.new_game(config, game_seed)
        bots = [make_bot(bot, name) for _ in range(players)]
        started = clock()
        record = play_game(game, bots, game_seed)
        elapsed += clock() - started
        decisions += record.decisions
        capped += record.status != "finished"
    return elapsed / games, decisions / elapsed, capped


def speed_table(title: str, setting: Setting, games: dict[str, int], repeats: int) -> dict[str, float]:
    """Print a line per bot (games per batch in `games`): the medians over `repeats` batches of its
    milliseconds per game, games and decisions per second, and the games capped; the bots' batches are
    interleaved, so that each bot sees the same load. Returns the median seconds per game by bot."""
    print(f"{title} (median of {repeats} batches)")
    print(f"{'bot':<14} {'ms/game':>9} {'games/s':>8} {'decisions/s':>12} {'capped':>7}")
    batches: dict[str, list[tuple[float, float, int]]] = {bot: [] for bot in games}
    for repeat in range(repeats):
        for bot, count in games.items():
            batches[bot].append(one_batch(bot, count, repeat, setting))
    medians = {}
    for bot, runs in batches.items():
        per_game = medians[bot] = statistics.median(batch[0] for batch in runs)
        rate = statistics.median(batch[1] for batch in runs)
        print(f"{bot:<14} {per_game * 1000:>9.1f} {1 / per_game:>8.1f} {rate:>12,.0f} {sum(b[2] for b in runs):>7}")
    return medians


def serve() -> None:
    """The subprocess of a side-by-side table: for each request line (game, config, bot, games, seed as JSON)
    play the games and answer the CPU seconds per game and the folder `sim` was imported from. It uses only the
    registry and the play loop, whose interface every commit compared has, so that it runs against an older tree's
    `sim` as well."""
    import sim

    tree = str(Path(sim.__file__).resolve().parents[1])
    warmed: set[tuple[str, str]] = set()
    for line in sys.stdin:
        name, config, bot, games, seed = json.loads(line)
        try:
            print(json.dumps([play_batch(name, config, bot, games, seed, (name, bot) not in warmed), tree]), flush=True)
        except Exception as error:  # e.g. a game or bot the baseline does not have yet: one line for the table
            print(json.dumps([f"{type(error).__name__}: {error}", tree]), flush=True)
        warmed.add((name, bot))


def play_batch(name: str, config: dict[str, Any], bot: str, games: int, seed: int, warm: bool) -> float:
    """CPU seconds per game of `games` games of `bot` in every seat; with `warm`, a game first that is not timed
    (the data a game loads once is not charged to the first batch)."""
    if warm:
        play_game(get_game(name).new_game(config, 0), [make_bot(bot, name) for _ in range(config["players"])], 0)
    return one_batch(bot, games, seed, (name, config), time.process_time)[0]


def resolve_commit(revision: str) -> str | None:
    """The short hash of `revision` in this repository, None when it names no commit."""
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "--short",
                            f"{revision}^{{commit}}"], capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None


def export_tree(commit: str, folder: Path) -> None:
    """The files of `commit` of this repository written into `folder`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True,
                             check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        # the "data" filter (paths inside the folder, no devices) where this Python has it (3.11.4 on)
        tar.extractall(folder, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))


def side_by_side(commit: str, only: str | None, repeats: int, scale: float) -> None:
    """Print, for each line of `COMPARED` (of the game `only`, or all), the medians over `repeats` batches of the
    CPU milliseconds per game at `commit` and at this tree, and their ratio; batches scaled by `scale`."""
    lines = [(setting, bot, max(1, round(games * scale))) for setting, bot, games in COMPARED
             if only in (None, setting[0])]
    with tempfile.TemporaryDirectory() as folder:
        old_tree = Path(folder)
        export_tree(commit, old_tree)
        servers, trees = {}, {"old": old_tree, "new": ROOT}
        for label, tree in trees.items():
            servers[label] = subprocess.Popen([sys.executable, __file__, "--serve"], cwd=tree, text=True,
                                              env={**os.environ, "PYTHONPATH": str(tree)},
                                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        times: dict[tuple[str, int], list[float]] = {(label, index): [] for label in servers for index in
                                                     range(len(lines))}
        try:
            for repeat in range(repeats):
                for index, ((name, config), bot, games) in enumerate(lines):
                    order = ("old", "new") if (repeat + index) % 2 == 0 else ("new", "old")
                    for label in order:
                        server = servers[label]
                        assert server.stdin is not None and server.stdout is not None
                        server.stdin.write(json.dumps([name, config, bot, games, repeat]) + "\n")
                        server.stdin.flush()
                        answer = server.stdout.readline()
                        if not answer:
                            sys.exit(f"error: the {label} tree's benchmark process stopped (its error is above)")
                        seconds, imported = json.loads(answer)
                        if isinstance(seconds, str):
                            print(f"bench.py: error: the {label} tree cannot play {bot} at {name}: {seconds}",
                                  file=sys.stderr)
                            raise SystemExit(2)
                        if Path(imported) != trees[label].resolve():  # e.g. a sim installed without -e
                            sys.exit(f"error: the {label} tree's games imported sim from {imported}, not from "
                                     f"{trees[label]}")
                        times[(label, index)].append(seconds)
        finally:
            for server in servers.values():
                server.kill()
                server.wait()
    print(f"CPU time per game, {commit} (old) and this tree (new), median of {repeats} batches played in turn")
    print(f"{'game':<9}{'players':>8} {'bot':<8}{'games':>6} {'old ms':>9} {'new ms':>9} {'old/new':>8}")
    for index, ((name, config), bot, games) in enumerate(lines):
        old, new = (statistics.median(times[(label, index)]) * 1000 for label in ("old", "new"))
        print(f"{name:<9}{config['players']:>8} {bot:<8}{games:>6} {old:>9.1f} {new:>9.1f} {old / new:>8.2f}")


def ladder_table(game: str, games: int, seconds: float) -> None:
    """Print the cost of a 2-player game (the game's fewest players when it has no 2-player game, its study
    options) at each rung of its ladder: milliseconds per game and decisions per game, each rung's games
    played one after another until `games` games or `seconds` seconds."""
    factory = get_game(game)
    info = factory.info
    if not info.ladder:
        print(f"{info.title}: no skill ladder declared")
        return
    players = 2 if info.min_players <= 2 <= info.max_players else info.min_players
    config = factory.validate({**factory.default_config(), **info.study_options, "players": players})
    print(f"{info.title}, skill ladder, {players} players, every seat the rung "
          f"(up to {games} games or {seconds:g} s a rung)")
    width = max(len(spec) for spec in info.ladder)
    print(f"{'rung':<5}{'bot':<{width}} {'games':>5} {'ms/game':>10} {'decisions/game':>15} {'capped':>7}")
    play_game(factory.new_game(config, 0), [make_bot("random", game) for _ in range(players)], 0)  # load its data
    for rung, spec in enumerate(info.ladder, 1):
        elapsed, decisions, capped, played = 0.0, 0, 0, 0
        for game_seed in derive_seeds(rung, games):
            record_started = time.perf_counter()
            record = play_game(factory.new_game(config, game_seed), [make_bot(spec, game) for _ in range(players)],
                               game_seed)
            elapsed += time.perf_counter() - record_started
            decisions += record.decisions
            capped += record.status != "finished"
            played += 1
            if elapsed >= seconds:
                break
        print(f"{rung:<5}{spec:<{width}} {played:>5} {elapsed / played * 1000:>10.1f} {decisions / played:>15.0f} "
              f"{capped:>7}", flush=True)


def search_decision_times(games: int, seed: int) -> list[float]:
    """Seconds of every searched decision of `default_search` playing `default` (maps 1-8),
    the search bot in seat 1 of even games and seat 2 of odd ones."""
    name, config = ARKNOVA
    factory = get_game(name)
    times: list[float] = []
    for index, game_seed in enumerate(derive_seeds(seed, games)):
        search = make_bot("default_search", name)

        def timed(observation: Any, decision: Decision, rng: random.Random, search: Any = search) -> Any:
            started = time.perf_counter()
            option = search.choose(observation, decision, rng)
            if search.last_simulations:
                times.append(time.perf_counter() - started)
            return option

        searcher = SimpleNamespace(choose=timed)
        bots = [searcher, make_bot("default", name)] if index % 2 == 0 else [make_bot("default", name), searcher]
        play_game(factory.new_game(config, game_seed), bots, game_seed)
    return times


def process_cpu() -> float:
    """CPU seconds of this process and of its living children (the runner's workers, kept between runs)."""
    here = psutil.Process()
    return sum(sum(process.cpu_times()[:2]) for process in [here, *here.children(recursive=True)])


def runner_batch(jobs: int, games: int, seed: int, bot: str = "random") -> tuple[float, float, float, float]:
    """`arkmc run` of `games` games of `bot` on `jobs` workers: CPU seconds per game (this process and
    its workers), games per second of wall time, worker peak memory (MB) and bytes per game on disk."""
    with tempfile.TemporaryDirectory() as folder:
        experiment = build_experiment({"bots": [bot], "games": games, "seed": seed, "jobs": jobs,
                                       "chunk_size": 20, "out": folder, "options": {"maps": "random"}})
        started = process_cpu()
        summary = run(experiment, progress=False)
        cpu = (process_cpu() - started) / games
        manifest = json.loads((Path(folder) / "manifest.json").read_text())
        peak = max(chunk["peak_memory_mb"] for chunk in manifest["chunks_done"].values())
        size = sum(part.stat().st_size for part in Path(folder).glob("*/*.parquet"))
    return cpu, games / summary.seconds, peak, size / games


def in_process_batch(games: int, seed: int) -> float:
    """CPU seconds per game of the games `runner_batch` plays (same seeds and options), played here by the play
    loop alone."""
    experiment = build_experiment({"bots": ["random"], "games": games, "seed": seed, "options": {"maps": "random"}})
    factory = get_game(experiment.game)
    started = time.process_time()
    for index in range(games):
        seed_of_game = indexed_seed(experiment, index)
        play_game(factory.new_game(experiment.config, seed_of_game), experiment_bots(experiment), seed_of_game)
    return (time.process_time() - started) / games


def runner_lines(games: int, repeats: int) -> None:
    """The runner against the play loop alone, batches in turn: its overhead in CPU per game on 1 worker, its
    speed-up with 2 workers (in wall time, which the machine's other load changes, and from CPU per game, which
    is what 2 free cores would give), its workers' peak memory and the bytes a game takes on disk."""
    plain: list[float] = []
    batches: dict[int, list[tuple[float, float, float, float]]] = {1: [], 2: []}
    for repeat in range(repeats):
        plain.append(in_process_batch(games, repeat))
        for jobs in batches:
            batches[jobs].append(runner_batch(jobs, games, repeat))
    alone = statistics.median(plain)
    print(f"arkmc run, random bots, {games} games, chunks of 20 (median of {repeats} runs); the same games played by "
          f"the play loop alone: {alone * 1000:.1f} ms CPU a game")
    cpu, rate = {}, {}
    for jobs, runs in batches.items():
        cpu[jobs] = statistics.median(item[0] for item in runs)
        rate[jobs] = statistics.median(item[1] for item in runs)
        print(f"  {jobs} worker{'s' if jobs > 1 else ' '}: {cpu[jobs] * 1000:5.1f} ms CPU a game "
              f"({cpu[jobs] / alone - 1:+.1%} over the play loop), {rate[jobs]:6.1f} games/s, worker peak memory "
              f"{max(item[2] for item in runs):.0f} MB, {statistics.median(item[3] for item in runs):,.0f} bytes/game")
    print(f"  speed-up with 2 workers: x{rate[2] / rate[1]:.2f} in wall time, x{2 * cpu[1] / cpu[2]:.2f} from CPU "
          "per game (2 free cores)")


def fuzz(game: str, deals: list[tuple[dict[str, Any], int]]) -> tuple[float, int, Counter[str]]:
    """The game's invariants after every decision of random games, one per (config, seed) of `deals`:
    seconds, decisions checked, games by end reason."""
    factory = get_game(game)
    started, decisions, ends = time.perf_counter(), 0, Counter[str]()
    for config, game_seed in deals:
        state = factory.new_game(config, game_seed)
        choices = random.Random(game_seed)
        while not state.is_over():
            options = state.decision().options
            state.apply(options[choices.randrange(len(options))])
            state.check_invariants()  # type: ignore[attr-defined]
            decisions += 1
        ends[state.end_reason] += 1  # type: ignore[attr-defined]
    return time.perf_counter() - started, decisions, ends


def win_share(game: str, bot: str, opponent: str, games: int, players: int, seed: int = 7) -> str:
    """`bot` against `opponent` in every other seat, its seat rotating; its win share (a shared win counts
    as a share) with a Wilson interval."""
    factory = get_game(game)
    wins = 0.0
    for index, game_seed in enumerate(derive_seeds(seed, games, players)):
        seat = index % players
        specs = [opponent] * players
        specs[seat] = bot
        record = play_game(factory.new_game({"players": players}, game_seed),
                           [make_bot(spec, game) for spec in specs], game_seed)
        winners = [result.seat for result in record.results if result.rank == 1]
        wins += 1 / len(winners) if seat in winners else 0.0
    low, high = wilson(wins, games)
    return (f"{game}: {bot} vs {opponent}, {players} players: won {wins:g} of {games} games = {wins / games:.1%} "
            f"(Wilson 95% {low:.1%}-{high:.1%})")


# issue 46's cases, as random bots play them since the extra actions became whole actions (the seeds of the issue,
# 34523 and 15, no longer meet them): three animals move into a new special enclosure; a Hypnosis gives P2 a
# third partner zoo on side I of Association
ARKNOVA_CASES = [({"players": 4, "maps": "2"}, 34532), ({"players": 4, "maps": "random"}, 22)]


def arknova_fuzz(games: int) -> str:
    """Ark Nova's invariants (sim/arknova/invariants.py) at every decision of games that random bots play as
    `arkmc play --bots random` does: `games` games of 2-4 players on maps 1-8 and the cases of ARKNOVA_CASES.
    The line counts the rare cases the checker met: animals moved into a new special enclosure, games with a
    third partner zoo on side I of Association (Hypnosis, decision A8) and flock animals that joined the herd."""
    from sim.arknova.invariants import check_decision, check_end

    factory = get_game("arknova")
    deals = [({"players": 2 + index % 3, "maps": "random"}, seed) for index, seed in enumerate(derive_seeds(46, games))]
    seen: Counter[str] = Counter()
    third: set[int] = set()  # seats of the game being played with a third partner zoo on side I
    started, decisions = time.perf_counter(), 0

    def listen(state: Any, decision: Decision, choice: Any) -> None:
        check_decision(state, decision)
        seen["moves"] += decision.kind == "relocate" and choice != "stay"
        seen["herd"] += decision.kind == "animal_play" and isinstance(choice, tuple) and choice[2] < 0
        third.update(p.seat for p in state.players if len(p.partner_zoos) > 2 and "association" not in p.upgraded)

    for config, game_seed in deals + ARKNOVA_CASES:
        third.clear()
        state = factory.new_game(factory.validate({**factory.default_config(), **config}), game_seed)
        record = play_game(state, [make_bot("random", "arknova") for _ in range(config["players"])], game_seed,
                           listeners=[listen])
        check_end(state)
        decisions += record.decisions
        seen["third"] += bool(third)
    return (f"Ark Nova: invariants held at each of {decisions:,} decisions of {len(deals) + len(ARKNOVA_CASES)} "
            f"random-bot games in {time.perf_counter() - started:.0f} s; met {seen['moves']} moves into a new "
            f"special enclosure, {seen['third']} games with a third partner zoo on side I, {seen['herd']} flock "
            "animals joining the herd")


def arknova_lines(args: argparse.Namespace) -> None:
    medians = speed_table("Ark Nova, 2 players, maps 1-8", ARKNOVA,
                          {"random": args.random_games, "heuristic_v1": args.default_games,
                           "default": args.default_games}, args.repeats)
    print(f"default / heuristic_v1, seconds per game: {medians['default'] / medians['heuristic_v1']:.2f} "
          "(issue 43's bound for the default: at most 0.6)")
    if args.search_games:
        times = sorted(search_decision_times(args.search_games, 0))
        print(f"default_search: {len(times)} searched decisions in {args.search_games} games, seconds per decision: "
              f"median {statistics.median(times):.2f}, 95% {times[int(0.95 * (len(times) - 1))]:.2f}, "
              f"max {times[-1]:.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")
    runner_lines(args.runner_games, args.repeats)
    if args.memory_games:
        _, rate, peak, _ = runner_batch(2, args.memory_games, 0, "default")
        print(f"arkmc run, default bots, {args.memory_games} games on 2 workers ({rate:.1f} games/s): worker peak "
              f"memory {peak:.0f} MB (the issue's bound: 200 MB; the bots' kept tables grow with the games played)")
    if args.arknova_fuzz:
        print(arknova_fuzz(args.arknova_fuzz), flush=True)


def arknoah_lines(args: argparse.Namespace) -> None:
    speed_table("Ark & Noah, 4 players (targets: random <= 10 ms, default <= 100 ms a game)", ARKNOAH,
                {"random": args.arknoah_games, "default": args.arknoah_games // 4}, args.repeats)
    if args.arknoah_fuzz:
        deals = [({"players": 2 + index % 3, "quick": index % 5 == 4}, seed)
                 for index, seed in enumerate(derive_seeds(7, args.arknoah_fuzz))]
        seconds, decisions, ends = fuzz("arknoah", deals)
        print(f"invariants held after each of {decisions:,} decisions of {args.arknoah_fuzz:,} random games "
              f"(2-4 players, 1 in 5 quick) in {seconds:.0f} s; ends: {dict(ends)}")


def inhabit_lines(args: argparse.Namespace) -> None:
    speed_table("Inhabit the Earth, 4 players (targets: random <= 20 ms, default <= 200 ms a game)",
                INHABIT,
                {"random": args.inhabit_games, "default": args.inhabit_games // 6}, args.repeats)
    speed_table("Inhabit the Earth, 2 players (target: default <= 200 ms a game)", ("inhabit", {"players": 2}),
                {"default": args.inhabit_games // 6}, args.repeats)
    if args.inhabit_fuzz:
        deals = [({"players": players}, seed) for players in (2, 3, 4)
                 for seed in derive_seeds(0, args.inhabit_fuzz, players)]
        seconds, decisions, ends = fuzz("inhabit", deals)
        print(f"invariants held after each of {decisions:,} decisions of {len(deals):,} random games "
              f"({args.inhabit_fuzz:,} each of 2, 3 and 4 players) in {seconds:.0f} s; ends: {dict(ends)}")
    if args.inhabit_bots:
        for players in (2, 4):
            print(win_share("inhabit", "default", "random", args.inhabit_bots, players), flush=True)
        print(win_share("inhabit", "default_search", "default", max(1, args.inhabit_bots // 3), 2), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=GAMES, help="only this game's lines")
    parser.add_argument("--baseline", default=BASELINE, help="the commit the side-by-side table compares this tree "
                        f"with (default {BASELINE}, the start of issue 45; 'none' = no table)")
    parser.add_argument("--compare-scale", type=float, default=1.0, help="games per side-by-side batch, as a multiple "
                        "of the usual (10 default and 40 random Ark Nova games, ...)")
    parser.add_argument("--compare-only", action="store_true", help="only the side-by-side table")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a side-by-side subprocess
    parser.add_argument("--repeats", type=int, default=5, help="batches per measurement; medians are over batches")
    parser.add_argument("--random-games", type=int, default=40, help="Ark Nova games per random batch")
    parser.add_argument("--default-games", type=int, default=10,
                        help="Ark Nova games per batch of heuristic_v1 and default")
    parser.add_argument("--runner-games", type=int, default=400, help="games per runner batch")
    parser.add_argument("--memory-games", type=int, default=2000, help="games of default bots whose workers' peak "
                        "memory is measured (0: none)")
    parser.add_argument("--search-games", type=int, default=2, help="games of default_search against default")
    parser.add_argument("--arknova-fuzz", type=int, default=300, help="random-bot Ark Nova games whose invariants are "
                        "checked at every decision, plus issue 46's game (0 = none)")
    parser.add_argument("--arknoah-games", type=int, default=100, help="Ark & Noah games per random batch (a quarter "
                        "of it for the default heuristic)")
    parser.add_argument("--arknoah-fuzz", type=int, default=2000, help="random Ark & Noah games whose invariants are "
                        "checked after every decision (0 = none)")
    parser.add_argument("--inhabit-games", type=int, default=60, help="Inhabit the Earth games per random batch (a "
                        "sixth of it for the default bot)")
    parser.add_argument("--inhabit-fuzz", type=int, default=0, help="random Inhabit the Earth games per player count "
                        "whose invariants are checked after every decision (0 = none)")
    parser.add_argument("--inhabit-bots", type=int, default=0, help="Inhabit the Earth games per bot match: default "
                        "against random at 2 and 4 players, default_search against default (a third as many; 0 = none)")
    parser.add_argument("--rung-games", type=int, default=10, help="games per rung of each game's skill ladder, "
                        "fewer once they took --rung-seconds (0 = no ladder lines)")
    parser.add_argument("--rung-seconds", type=float, default=30.0, help="seconds after which a rung's games stop "
                        "(it plays at least one)")
    args = parser.parse_args()
    if min(args.repeats, args.random_games, args.default_games, args.runner_games) < 1 or args.arknoah_games < 4 \
            or args.inhabit_games < 6:
        parser.error("--repeats, --random-games, --default-games and --runner-games must be at least 1, "
                     "--arknoah-games at least 4 and --inhabit-games at least 6 (the default bots' batches are a "
                     "quarter and a sixth of them)")
    if min(args.search_games, args.arknoah_fuzz, args.inhabit_fuzz, args.inhabit_bots, args.rung_games) < 0:
        parser.error("--search-games, --arknoah-fuzz, --inhabit-fuzz, --inhabit-bots and --rung-games must be at "
                     "least 0")
    if min(args.arknova_fuzz, args.memory_games) < 0:
        parser.error("--arknova-fuzz and --memory-games must be at least 0")
    if args.rung_seconds <= 0 or args.compare_scale <= 0:
        parser.error("--rung-seconds and --compare-scale must be more than 0")
    if args.serve:
        serve()
        return
    if args.baseline != "none":
        commit = resolve_commit(args.baseline)
        if commit is None:
            parser.error(f"--baseline {args.baseline!r} is not a commit of {ROOT}")
        side_by_side(commit, args.only, args.repeats, args.compare_scale)
    elif args.compare_only:
        parser.error("--compare-only needs a --baseline")
    if args.compare_only:
        return
    lines = {"arknova": arknova_lines, "arknoah": arknoah_lines, "inhabit": inhabit_lines}
    for game in [args.only] if args.only else GAMES:
        if args.rung_games:
            ladder_table(game, args.rung_games, args.rung_seconds)
        lines[game](args)


if __name__ == "__main__":
    main()
