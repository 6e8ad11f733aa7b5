"""The planner: whole turns judged by the plan they leave, at a fraction of the heuristic's cost.

At its turn the bot determinizes, scores every legal turn option statically (without a copy: the learned
prior of heuristics/arknova/parts/prior.py over what the action card can do at the strength the option gives it,
heuristics/arknova/parts/plan_value.py), and plays only the `shortlist` best to the end of the turn on a copy,
where the heuristic family plays every option. Each outcome is judged by the heuristic's position value
(its archetype's weights, with the `used_slot` credit) plus the plan it leaves: the work waiting for the
action cards in the strong slots, at their strength (`plan_value`). The opening keep is
heuristics/arknova/parts/keep.py's. Decisions inside a turn are answered by the heuristic family's in-turn rules,
except the choice of a card to take, keep or discard, which also counts what a sponsor adds to the plan
(`hand_plan_gain`).

Its plan weights are data: a planner file (`heuristics/arknova/data/planners/*.toml`) holds a `[plan]` table
(`PlanWeights`) and names the heuristic archetype whose weights judge the positions (`archetype`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, fields
from functools import cache, partial
from pathlib import Path
from typing import Any

from heuristics.archetypes import ArchetypeError, read_toml, shipped_or_path
from heuristics.arknova import DATA_DIR
from heuristics.arknova.bots.heuristic import HeuristicBot, WeightsSpec
from heuristics.arknova.parts.gain_bounds import load_bounds
from heuristics.arknova.parts.keep import choose_keep
from heuristics.arknova.parts.plan_value import PlanWeights, card_readiness, hand_plan_gain, option_prior, plan_value
from heuristics.arknova.parts.policy import SCORERS, View, finish_turn, in_turn_choice
from heuristics.arknova.parts.prior import GAIN_FILE, best_next_gain, load_prior, prior_features
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.core.decision import Decision

PLANNER_DIR = DATA_DIR / "planners"


def _display_card(view: View, option: Any) -> int | None:
    return view.display[option[1]] if option[0] == "display" else None


# The in-turn decisions that choose a hand card, and the card each option brings or gives up.
CARD_OF_OPTION: dict[str, Callable[[View, Any], int | None]] = {
    "take_card": _display_card, "snap": _display_card,
    "keep_drawn": lambda view, card: card, "discard": lambda view, card: card,
}


def planner_path(plan: str) -> Path:
    """A shipped planner name, or a path to a planner TOML file."""
    return shipped_or_path(PLANNER_DIR, plan, ".toml", "planner")


def plan_weights(table: Mapping[str, Any], source: str) -> PlanWeights:
    """The `[plan]` table as PlanWeights; a missing or unknown name is a one-line error."""
    names = {field.name for field in fields(PlanWeights)}
    if set(table) != names:
        unknown, missing = sorted(set(table) - names), sorted(names - set(table))
        raise ArchetypeError(f"{source}: plan weights unknown: {', '.join(unknown) or '-'}; "
                             f"missing: {', '.join(missing) or '-'}")
    values = dict(table)
    for name in ("shortlist", "learned"):
        values[name] = int(values[name])
    if values["shortlist"] < 1:
        raise ArchetypeError(f"{source}: shortlist must be at least 1")
    return PlanWeights(**values)


class PlannerBot(HeuristicBot):
    """Shortlisted whole-turn lookahead judged by the heuristic evaluation plus the plan it leaves.

    `plan` is a shipped planner name or a path to a planner file; `shortlist` (0 = the file's)
    is how many turn options are played out; `archetype`, `weights`, `prune` and `bounds` as for the heuristic.
    """

    name = "planner"

    def __init__(self, plan: str = "default", archetype: str = "", weights: WeightsSpec = None,
                 shortlist: int = 0, max_rollout_decisions: int = 80, prune: bool = False, bounds: str = "") -> None:
        path = planner_path(plan)
        table = read_toml(path)
        super().__init__(archetype=archetype or table.get("archetype", "default"), weights=weights,
                         max_rollout_decisions=max_rollout_decisions, prune=prune)
        self.plan = plan_weights(table.get("plan", {}), str(path))
        self.gain_bounds = load_bounds(bounds, self.evaluation()) if bounds else None
        if shortlist < 0:
            raise ValueError("shortlist must be 0 (the planner file's) or more")
        self.shortlist = shortlist or self.plan.shortlist

    def evaluation(self) -> dict[str, Any]:
        """The heuristic's, with the plan weights."""
        return {**super().evaluation(), "plan": asdict(self.plan)}

    def value(self, state: ArkNovaGame, seat: int, progress: float | None = None) -> float:
        """The heuristic's evaluation of `seat`'s position plus the plan it leaves (a search leaf): the
        work waiting for the strong action cards and, with `lookahead`, the learned gain of the best
        use of an action card next turn."""
        value = super().value(state, seat, progress) + plan_value(state, seat, self.plan)
        if self.plan.lookahead:
            readiness = cache(partial(card_readiness, state, seat, w=self.plan))
            value += self.plan.lookahead * best_next_gain(state, seat, load_prior(str(GAIN_FILE)), readiness)
        return value

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind == "keep_cards":
            return choose_keep(observation, decision, rng)
        if decision.kind != "turn":
            return self.in_turn(observation, decision)
        return self._outcomes(observation, decision, rng)[0][0][1]

    def in_turn(self, view: View, decision: Decision) -> Any:
        """The heuristic's in-turn rule; a hand card taken, kept or discarded also by what it adds to
        the plan (a discard gives that up)."""
        card_of = CARD_OF_OPTION.get(decision.kind)
        if card_of is None or not self.plan.card_plan:
            return in_turn_choice(view, decision)
        seat, payload, scorer = decision.seat, decision.payload, SCORERS[decision.kind]
        player = view.players[seat]  # the own full state, in an observation as in a game
        sign = -1.0 if decision.kind == "discard" else 1.0

        def score(option: Any) -> float:
            card = card_of(view, option)
            plan = 0.0 if card is None else sign * hand_plan_gain(view, seat, card, self.plan)
            return scorer(player, view, option, payload) + self.plan.card_plan * plan

        return max(decision.options, key=score)

    def _play_turn(self, game: ArkNovaGame, option: Any, seat: int, progress: float) -> float:
        """Play `option` and the rest of its turn on `game` (a copy) with the planner's in-turn rules."""
        game.apply(option)
        finish_turn(game, self.max_rollout_decisions, self.in_turn)
        return self.value(game, seat, progress)

    def ranked(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """The options, best first: a turn's shortlist by its outcomes, then the rest by their static
        score; another decision's with the planner's own choice first."""
        if decision.kind != "turn":
            first = self.choose(observation, decision, rng)
            return [first] + [option for option in decision.options if option != first]
        outcomes, _, rest = self._outcomes(observation, decision, rng)
        return [option for _, option, _ in outcomes] + rest

    def _played_out(self, game: ArkNovaGame, seat: int, options: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        """The `shortlist` options of best static score (`prior`) among those the heuristic's pruning keeps,
        and the rest, best static score first, then those the pruning left out."""
        kept, left_out = super()._played_out(game, seat, options)
        order = sorted(kept, key=self.prior(game, seat), reverse=True)
        return order[:self.shortlist], order[self.shortlist:] + left_out

    def prior(self, game: ArkNovaGame, seat: int) -> Callable[[Any], float]:
        """The static score of the seat's turn options in `game`: the learned prior (`planners/prior.json`)
        when the plan says `learned`, else the hand-set `option_prior`; the harbor always first."""
        readiness = cache(partial(card_readiness, game, seat, w=self.plan))
        if not self.plan.learned:
            return partial(option_prior, game, seat, used_slot=self.weights.used_slot, w=self.plan,
                           readiness=readiness)
        learned = load_prior()

        def score(option: Any) -> float:
            return float("inf") if option[0] == "harbor" else learned.score(prior_features(game, seat, option, readiness))

        return score


def planner_bot(name: str) -> Callable[..., PlannerBot]:
    """A bot factory for a shipped planner file; its doc is the file's description."""
    factory = partial(PlannerBot, plan=name)
    factory.__doc__ = read_toml(PLANNER_DIR / f"{name}.toml").get("description", f"planner {name}")
    return factory

