"""Fit the gain bounds of a heuristic-family bot (heuristics/arknova/parts/gain_bounds.py) and write them.

The bot plays 2-player self-play games on maps 1-8 with every turn option played out (no bounds); each
played option's gain (its outcome's value less the value of the position before the turn, both at the
turn's progress) is one sample of its key (action card, side, strength). A key's bound is the `--quantile`
of its samples. The games are made again from the seed, so the command is the data: re-run it after a
rules, data or evaluation change, e.g.
`.venv/bin/python scripts/data/fit_gain_bounds.py --bot heuristic:prune=true --games 200 --seed 7 --name default`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tqdm import tqdm

from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.gain_bounds import BOUNDS_DIR, Key, fit_bounds, option_key
from sim.arknova.engine import ArkNovaGame
from sim.core.play import play_game
from sim.core.registry import get_game, make_bot
from sim.core.seeds import derive_seeds


def recording(bot: HeuristicBot, gains: list[tuple[Key, float]]) -> HeuristicBot:
    """The bot, noting the gain of every option it plays out in `gains`."""
    play = bot._play_options

    def noted(base: ArkNovaGame, seat: int, progress: float, options: list[Any]) -> Any:
        outcomes, skipped = play(base, seat, progress, options)
        now = bot.value(base, seat, progress)
        for value, option, _ in outcomes:
            key = option_key(base, seat, option)
            if key is not None:
                gains.append((key, value - now))
        return outcomes, skipped

    bot._play_options = noted  # type: ignore[method-assign]
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="heuristic:prune=true", help="the bot spec, without bounds "
                        "(default heuristic:prune=true: the default archetype)")
    parser.add_argument("--games", type=int, default=200, help="self-play games (200)")
    parser.add_argument("--seed", type=int, default=7, help="base seed of the games (7)")
    parser.add_argument("--quantile", type=float, default=0.95, help="quantile of a key's gains taken as its bound (0.95)")
    parser.add_argument("--name", default="default", help="the bounds' name: written to heuristics/arknova/data/bounds/NAME.json")
    args = parser.parse_args()
    if args.games < 1 or not 0 < args.quantile <= 1:
        parser.error("--games must be at least 1 and --quantile in (0, 1]")
    factory = get_game("arknova")
    gains: list[tuple[Key, float]] = []
    evaluation: dict[str, Any] = {}
    for seed in tqdm(derive_seeds(args.seed, args.games), total=args.games, desc="self-play"):
        bots = [make_bot(args.bot, "arknova") for _ in range(2)]
        if not all(isinstance(bot, HeuristicBot) and bot.gain_bounds is None for bot in bots):
            parser.error(f"{args.bot!r} is not a heuristic-family bot without bounds")
        evaluation = bots[0].evaluation()  # type: ignore[attr-defined]
        game = factory.new_game({"players": 2, "maps": "random"}, seed)
        play_game(game, [recording(bot, gains) for bot in bots], seed)  # type: ignore[arg-type]
    bounds = fit_bounds(gains, evaluation, args.quantile)
    table = {"bot": args.bot, "games": args.games, "seed": args.seed, "quantile": args.quantile,
             "samples": len(gains), **bounds.as_table()}
    path = BOUNDS_DIR / f"{args.name}.json"
    BOUNDS_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(table, indent=1) + "\n")
    print(f"{len(bounds.bounds)} bounds from {len(gains)} options of {args.games} games written to {path}")


if __name__ == "__main__":
    main()
