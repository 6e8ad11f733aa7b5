"""Learn the opening keep's card values from self-play runs and write heuristics/arknova/data/keep_values.json.

    .venv/bin/arkmc run --bots default --players 2 --games 8000 --seed 778 --out runs/keep2
    .venv/bin/arkmc run --bots default --players 3 --games 5000 --seed 779 --out runs/keep3
    .venv/bin/arkmc run --bots default --players 4 --games 4000 --seed 777 --out runs/keep4
    .venv/bin/python scripts/data/train_keep_values.py runs/keep2 runs/keep3 runs/keep4

Each run gives the table of its player count: sim/arknova/analysis/opening.py's `keep_values` of its seats, the
log-odds of a card's shrunk win rate when kept less the average kept card's (the card strength the `report`
command shows, and the values the keep percentile of scripts/checks/bot_targets.py judges a keep by). The keep
(heuristics/arknova/parts/keep.py) adds them to the cards it can play. Solo runs are refused: a solo seat wins only at
100 points, too rarely to learn from. The file records each run's experiment, so the commands above are the
data: run them again after a rules, data or bot change.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from heuristics.arknova.parts.keep import LEARNED_FILE
from sim.analysis.data import NotARun, Run
from sim.arknova.analysis.opening import keep_values

MIN_SEATS = 1000  # fewer seats than this give values that are mostly noise


def run_table(path: Path, min_seats: int = MIN_SEATS) -> tuple[int, dict[str, float], dict[str, Any]]:
    """(player count, card values, where they came from) of one run; a bad run is a one-line SystemExit."""
    try:
        run = Run.open(path)
    except NotARun as error:
        raise SystemExit(str(error)) from None
    spec = run.spec
    players = int(spec.get("players", 0))
    if spec.get("game", "arknova") != "arknova":
        raise SystemExit(f"{path} is a run of {spec.get('game')!r}, not Ark Nova")
    if players < 2:
        raise SystemExit(f"{path} is a solo run: a solo seat wins only at 100 points, too rarely to learn keeps from")
    seats = run.seats
    if seats.height < min_seats:
        raise SystemExit(f"{path} holds {seats.height} finished seats; play at least {min_seats} first")
    values = keep_values(seats)
    source = {key: spec.get(key) for key in ("bots", "players", "games", "seed", "options")}
    return players, {str(card): round(value, 6) for card, value in sorted(values.items())}, {
        **source, "seats": seats.height, "data_version": run.manifest.get("data_version")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="+", help="run folders of Ark Nova self-play, one per player count")
    parser.add_argument("--out", type=Path, default=LEARNED_FILE, help=f"the file to write (default {LEARNED_FILE})")
    parser.add_argument("--min-seats", type=int, default=MIN_SEATS,
                        help=f"refuse a run with fewer finished seats (default {MIN_SEATS})")
    args = parser.parse_args()
    values: dict[str, dict[str, float]] = {}
    sources: list[dict[str, Any]] = []
    for path in args.runs:
        players, table, source = run_table(path, args.min_seats)
        if str(players) in values:
            parser.error(f"two runs of {players} players; give one run per player count")
        values[str(players)] = table
        sources.append(source)
    args.out.write_text(json.dumps({"values": values, "trained": sources}, indent=1) + "\n")
    counts = ", ".join(f"{players} players: {len(table)} cards" for players, table in values.items())
    print(f"keep values of {counts}; written to {args.out}")


if __name__ == "__main__":
    main()
