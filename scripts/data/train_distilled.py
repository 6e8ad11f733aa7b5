"""Label turn decisions with the search's choices, and fit the distilled bot's correction on them.

    python scripts/data/train_distilled.py label --first-seed 1000 --games 100 --out runs/distill
    python scripts/data/train_distilled.py fit runs/distill --name search
    python scripts/data/train_distilled.py label --rollout default:model=search,bounds=distilled_search --first-seed 2000 \
        --games 120 --out runs/distill2 && python scripts/data/train_distilled.py fit runs/distill runs/distill2 --name round2

`label` plays 2-player self-play games (maps 1-8) of the search preset `default_search` with a fixed
simulation budget (`--simulations`, so the games are reproducible) and its rollouts by `heuristic_v1`, or by
`--rollout` (a next round labels with the last model's `default` rollouts, so the search it learns from is the
stronger one: dataset aggregation). At each turn of each seat every option is played to the turn's end by the
heuristic (heuristics/arknova/bots/distilled.py, `outcome_features`) and its row is kept with whether the search chose
it; one file per game (`g<seed>.npz`), so an interrupted labelling resumes where it stopped, and the folder's
`labelling.json` says what labelled it (one rollout and budget a folder). `fit` fits a conditional logit (the chosen
option against the others of its decision) over the games of one or more folders, with a ridge penalty on
standardized features, checks it on a fifth of the decisions held out, refits on all and writes
`heuristics/arknova/data/distilled/<name>.json` with each folder's rollout, budget and seeds. The seeds and the labelling
are the data: the same command makes the same rows.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from scipy.optimize import minimize
from tqdm import tqdm

from heuristics.arknova.bots.distilled import DISTILLED_DIR, OUTCOME_FEATURES, outcome_features, used_slot
from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.zoo import DEFAULT_SEARCH
from heuristics.search import SearchBot
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import RegistryError, get_game, make_bot

RIDGE = 1.0  # penalty per standardized coefficient (the heuristic value's own is free)
LABELLING = "labelling.json"  # a folder's rollout bot and simulation budget
Decisions = list[tuple[np.ndarray, np.ndarray]]  # per decision: (options x features, chosen)


class Labeller:
    """The search at a fixed budget, recording every turn option's outcome and whether it chose it."""

    def __init__(self, simulations: int, rollout: str) -> None:
        self.search = SearchBot(**{**DEFAULT_SEARCH, "rollout": rollout, "ms": 0.0, "simulations": simulations})
        self.judge = HeuristicBot()
        self.decisions: Decisions = []

    def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
        choice = self.search.choose(observation, decision, rng)
        if decision.kind == "turn" and len(decision.options) > 1:
            outcomes, _, _ = self.judge._outcomes(observation, decision, random.Random(rng.random()))
            rows = [outcome_features(value, game, decision.seat, used_slot(observation, decision.seat, option), self.judge)
                    for value, option, game in outcomes]
            chosen = np.array([option == choice for _, option, _ in outcomes])
            if chosen.any():
                self.decisions.append((np.array(rows), chosen))
        return choice


def label_game(seed: int, simulations: int, rollout: str, out: Path) -> int:
    """Play one labelled game and write its decisions; the number of decisions."""
    factory = get_game("arknova")
    bots = [Labeller(simulations, rollout), Labeller(simulations, rollout)]
    play_game(factory.new_game(factory.validate({"players": 2, "maps": "random"}), seed), bots, seed)
    decisions = [decision for bot in bots for decision in bot.decisions]
    write_decisions(out / f"g{seed}.npz", decisions)
    return len(decisions)


def write_decisions(path: Path, decisions: Decisions) -> None:
    """A game's labelled decisions as one file: the rows (X), whether each was chosen (y), its decision (g)."""
    np.savez(path, X=np.vstack([rows for rows, _ in decisions]),
             y=np.concatenate([chosen for _, chosen in decisions]),
             g=np.concatenate([np.full(len(chosen), index) for index, (_, chosen) in enumerate(decisions)]))


def read_decisions(folder: Path) -> Decisions:
    """Every labelled decision of the folder's games, game by game in seed order."""
    decisions: Decisions = []
    for path in sorted(folder.glob("g*.npz"), key=lambda p: int(p.stem[1:])):
        data = np.load(path)
        if data["X"].shape[1] != len(OUTCOME_FEATURES):
            raise SystemExit(f"{path} has {data['X'].shape[1]} features, not {len(OUTCOME_FEATURES)}: label it again")
        decisions += [(data["X"][data["g"] == index], data["y"][data["g"] == index].astype(bool))
                      for index in np.unique(data["g"])]
    return decisions


class Packed:
    """Decisions stacked into one array of standardized features (divided by `scale` once), for a loss
    computed at once instead of decision by decision."""

    def __init__(self, decisions: Decisions, scale: np.ndarray) -> None:
        self.rows = np.vstack([rows for rows, _ in decisions]) / scale
        self.chosen = np.concatenate([chosen for _, chosen in decisions])
        self.starts = np.cumsum([0] + [len(chosen) for _, chosen in decisions[:-1]])
        self.group = np.repeat(np.arange(len(decisions)), [len(chosen) for _, chosen in decisions])


def negative_log_likelihood(beta: np.ndarray, packed: Packed) -> tuple[float, np.ndarray]:
    """The conditional logit's loss (the chosen option's log share of its decision) and its gradient, with the
    ridge penalty on every standardized coefficient but the value's."""
    utility = packed.rows @ beta
    peak = np.maximum.reduceat(utility, packed.starts)
    shifted = np.exp(utility - peak[packed.group])
    normalizer = peak + np.log(np.add.reduceat(shifted, packed.starts))
    share = shifted / np.exp(normalizer - peak)[packed.group]
    total = float(normalizer.sum() - utility[packed.chosen].sum())
    gradient = share @ packed.rows - packed.rows[packed.chosen].sum(axis=0)
    penalty = RIDGE * beta.copy()
    penalty[0] = 0.0
    return total + float(penalty @ beta), gradient + 2 * penalty


def fit(decisions: Decisions, scale: np.ndarray) -> np.ndarray:
    """The conditional logit's coefficients on standardized features."""
    start = np.zeros(len(OUTCOME_FEATURES))
    start[0] = 1.0
    result = minimize(negative_log_likelihood, start, args=(Packed(decisions, scale),), jac=True, method="L-BFGS-B")
    return np.asarray(result.x)


def agreement(beta: np.ndarray, decisions: Decisions, scale: np.ndarray) -> float:
    """Share of the decisions whose best option by the model is the one the search chose."""
    return float(np.mean([chosen[np.argmax((rows / scale) @ beta)] for rows, chosen in decisions]))


def labelling(folder: Path) -> dict[str, Any]:
    """What labelled the folder's games (its `labelling.json`): the search's rollout bot and simulations."""
    path = folder / LABELLING
    if not path.is_file():
        raise SystemExit(f"{folder} has no {LABELLING} saying what labelled its games: label them with this script")
    return dict(json.loads(path.read_text()))


def fit_command(folders: list[Path], name: str) -> None:
    sources = [{**labelling(folder), "seeds": sorted(int(path.stem[1:]) for path in folder.glob("g*.npz"))}
               for folder in folders]
    decisions = [decision for folder in folders for decision in read_decisions(folder)]
    if len(decisions) < 50:
        raise SystemExit(f"{', '.join(map(str, folders))} hold {len(decisions)} labelled decisions; label at least 50 first")
    scale = np.vstack([rows for rows, _ in decisions]).std(axis=0)
    scale[scale == 0] = 1.0
    order = np.random.default_rng(0).permutation(len(decisions))
    held = [decisions[i] for i in order[:len(decisions) // 5]]
    train = [decisions[i] for i in order[len(decisions) // 5:]]
    beta = fit(train, scale)
    value_only = np.zeros_like(beta)
    value_only[0] = 1.0
    checks = {"held_out_decisions": len(held),
              "loss_per_decision": round(negative_log_likelihood(beta, Packed(held, scale))[0] / len(held), 4),
              "agreement": round(agreement(beta, held, scale), 4),
              "heuristic_agreement": round(agreement(value_only, held, scale), 4)}
    coefficients = fit(decisions, scale) / scale
    out = DISTILLED_DIR / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "features": list(OUTCOME_FEATURES),
        "coefficients": [round(float(value), 6) for value in coefficients],
        "trained": {"decisions": len(decisions), "games": sum(len(source["seeds"]) for source in sources),
                    "sources": sources, **checks}}, indent=1) + "\n")
    print(f"{len(decisions)} decisions; held out {checks['held_out_decisions']}: the search's choice is the model's "
          f"best in {checks['agreement']:.1%} (the heuristic's: {checks['heuristic_agreement']:.1%}); written to {out}")


def label_command(first_seed: int, games: int, simulations: int, rollout: str, out: Path, jobs: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    wanted = {"rollout": rollout, "simulations": simulations}
    recorded = labelling(out) if (out / LABELLING).is_file() else None
    if recorded is not None and recorded != wanted:
        raise SystemExit(f"{out} holds games labelled with {recorded}; label {wanted} into another folder")
    if recorded is None and any(out.glob("g*.npz")):
        raise SystemExit(f"{out} holds games but no {LABELLING} saying what labelled them; label into another folder")
    (out / LABELLING).write_text(json.dumps(wanted) + "\n")
    seeds = [seed for seed in range(first_seed, first_seed + games) if not (out / f"g{seed}.npz").exists()]
    labelled = Parallel(n_jobs=jobs, return_as="generator")(
        delayed(label_game)(seed, simulations, rollout, out) for seed in seeds)
    total = sum(tqdm(labelled, total=len(seeds), desc="labelled games"))
    print(f"{total} decisions of {len(seeds)} new games in {out} ({games - len(seeds)} were there)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    label = commands.add_parser("label", help="play and label self-play games of the search")
    label.add_argument("--first-seed", type=int, default=1000, help="seed of the first game (default 1000)")
    label.add_argument("--games", type=int, default=100, help="games, one seed each (default 100)")
    label.add_argument("--simulations", type=int, default=120, help="search simulations a decision (default 120)")
    label.add_argument("--rollout", default="heuristic_v1", help="the search's rollout bot (default heuristic_v1)")
    label.add_argument("--out", type=Path, required=True, help="folder of the labelled games")
    label.add_argument("--jobs", type=int, default=-1, help="parallel workers (default all cores)")
    fitting = commands.add_parser("fit", help="fit the correction on folders of labelled games")
    fitting.add_argument("folders", type=Path, nargs="+", help="folders of labelled games")
    fitting.add_argument("--name", default="search", help="model name, heuristics/arknova/data/distilled/<name>.json")
    args = parser.parse_args()
    if args.command == "label":
        if args.games < 1 or args.simulations < 1:
            parser.error("--games and --simulations must be at least 1")
        try:
            make_bot(args.rollout, "arknova")
        except RegistryError as error:
            parser.error(f"--rollout: {error}")
        label_command(args.first_seed, args.games, args.simulations, args.rollout, args.out, args.jobs)
    else:
        missing = [str(folder) for folder in args.folders if not folder.is_dir()]
        if missing:
            parser.error(f"no folder {', '.join(missing)}")
        fit_command(args.folders, args.name)


if __name__ == "__main__":
    main()
