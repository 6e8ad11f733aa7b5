"""Learn the solo value (heuristics/arknova/parts/solo_value.py) from solo self-play and write it.

    .venv/bin/python scripts/data/train_solo_value.py --rounds 3 --games 4000 --seed 200 --jobs 2

Round 1's games are played by `default` (the distilled bot) without a solo model (valuing solo positions as
in the other games); each next round's by `default` valuing them with the model fitted on every round before it (policy
iteration). Every position at the start of a turn is one row, labelled with the game's final score; the model
is refitted on every round's rows. The games are made again from the seed, so the command is the data: run it
again after a rules, data or bot change (docs/research/arknova-bots.md gives its duration). The file records each
round's games and bot, their mean final score and solo games won, and the held-out R² of each solo round's model.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from tqdm import tqdm

from heuristics.arknova.parts.solo_value import ROUNDS, SOLO_VALUE_DIR, fit_solo_value, solo_features
from sim.arknova.engine import ArkNovaGame
from sim.arknova.tracks import score
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds

HELD_OUT = 5  # one game in this many is held out to measure the model's R² (then it is refitted on all)


def solo_game_rows(bot_spec: str, seed: int) -> tuple[list[list[float]], list[int], float]:
    """One solo game of `bot_spec`: the position at the start of each of its turns, the breaks before it, and
    the final score."""
    factory = get_game("arknova")
    bot = make_bot(bot_spec, "arknova")
    features: list[list[float]] = []
    breaks: list[int] = []

    def note(state: ArkNovaGame, decision: Any, choice: Any) -> None:
        if decision.kind == "turn":
            features.append(solo_features(state, 0, bot.weights))  # type: ignore[attr-defined]
            breaks.append(state.breaks)

    game = factory.new_game({"players": 1, "maps": "random"}, seed)
    record = play_game(game, [bot], seed, listeners=[note])
    return features, breaks, float(score(record.state.players[0]))


def play_round(bot_spec: str, seeds: list[int], jobs: int, label: str) -> list[tuple[list[list[float]], list[int], float]]:
    games = Parallel(n_jobs=jobs, return_as="generator")(delayed(solo_game_rows)(bot_spec, seed) for seed in seeds)
    return list(tqdm(games, total=len(seeds), desc=label))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of self-play (3)")
    parser.add_argument("--games", type=int, default=4000, help="solo games a round (4000)")
    parser.add_argument("--seed", type=int, default=200, help="base seed: round k plays the games of seed + k (200)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel workers (2)")
    parser.add_argument("--ridge", type=float, default=10.0, help="ridge penalty on standardized features (10)")
    parser.add_argument("--out", type=Path, default=SOLO_VALUE_DIR / "default.json",
                        help="the file to write (default heuristics/arknova/data/solo_values/default.json)")
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 2 * HELD_OUT or args.jobs < 1 or args.ridge < 0:
        parser.error(f"--rounds and --jobs must be at least 1, --games at least {2 * HELD_OUT}, --ridge at least 0")
    features: list[list[float]] = []
    rounds: list[int] = []
    finals: list[float] = []
    held_out: list[bool] = []
    record: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        previous = ""
        for round_number in range(1, args.rounds + 1):
            bot_spec = f"default:solo_model={previous}"
            seeds = list(derive_seeds(args.seed + round_number - 1, args.games))
            games = play_round(bot_spec, seeds, args.jobs, f"round {round_number}")
            for index, (positions, breaks, final) in enumerate(games):
                features += positions
                rounds += breaks
                finals += [final] * len(positions)
                held_out += [index % HELD_OUT == 0] * len(positions)
            scores = [final for _, _, final in games]
            record.append({"round": round_number, "bot": "default valuing solo positions with "
                           + ("the model of the rounds before" if previous else "its multiplayer value"),
                           "seed": args.seed + round_number - 1, "games": args.games,
                           "mean_final_score": round(float(np.mean(scores)), 2),
                           "won": int(sum(final >= 100 for final in scores))})
            matrix, labels = np.asarray(features, dtype=float), np.asarray(finals)
            model, r_squared = fit_solo_value(matrix, np.asarray(rounds), labels, args.ridge, np.asarray(held_out))
            model, _ = fit_solo_value(matrix, np.asarray(rounds), labels, args.ridge)
            print(f"round {round_number}: mean final score {record[-1]['mean_final_score']}, "
                  f"{record[-1]['won']} of {args.games} won; held-out R² by solo round "
                  + " ".join(f"{value:.3f}" for value in r_squared))
            previous = str(Path(folder) / f"round{round_number}.json")
            Path(previous).write_text(json.dumps(model.as_table()))
    table = {**model.as_table(), "trained": {"rounds": record, "ridge": args.ridge, "positions": len(finals),
                                              "held_out_r_squared": [round(value, 4) for value in r_squared],
                                              "solo_rounds": ROUNDS}}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(table, indent=1) + "\n")
    print(f"solo value from {len(finals)} positions of {args.rounds * args.games} games written to {args.out}")


if __name__ == "__main__":
    main()
