"""A game-agnostic search bot: information-set Monte Carlo tree search over determinizations.

Each simulation re-deals what the bot cannot see (`observation.determinize(rng)`, declared by
the core's Observation protocol), walks down one shared tree of decisions
with UCB1 (counting how often each option was available, since the options of a hidden
hand differ between determinizations), adds one new node (the rollout bot's own choice
first, with a fading bonus when that bot is a heuristic), plays on with the rollout bot and
backs the outcome up. Every seat chooses for itself in the tree (max^n): a node keeps the
reward of the seat that moved into it.

Rewards are in [0, 1]. A finished game gives each seat half its share of the win (1/k for
each of k tied winners) plus half of sigmoid((its score - best other score) / scale). When
the rollout bot can evaluate a position (`value(state, seat) -> float`), a simulation stops
once the searching seat's `turns`-th turn is over and each seat gets
sigmoid((its value - best other value) / scale). Decisions with one option are never
searched. A rollout bot that ranks options (`ranked`) can narrow the root to its best few
(`width`), so that the budget goes to the plausible options. The bot uses nothing but the
GameState protocol, so it plays any game.
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Any, Protocol

from sim.core.decision import Decision
from sim.core.play import observe
from sim.core.protocols import ANY_GAME, Bot, GameState
from sim.core.registry import make_bot, register_bot


class Determinizable(Protocol):
    """The observation the search bot needs: it can sample a full game consistent with itself."""

    seat: int

    def determinize(self, rng: random.Random) -> GameState: ...


class Node:
    """One decision reached by a sequence of chosen options; `seat` moved into it."""

    __slots__ = ("seat", "visits", "available", "reward", "children", "preferred")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Any, Node] = {}
        self.preferred = False  # the rollout bot's own choice at its parent

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


@register_bot("search")
class SearchBot:
    """Determinized UCT: a tree search over re-dealt hidden information, rollouts by another bot.

    Budget: `simulations` per decision, or `ms` of wall time (the first reached when both
    are given; only a simulation budget is reproducible). A simulation starts only if the
    longest one so far would still end within `ms`, so a decision does not overrun it.
    `rollout` names the rollout bot (a registry name, or a bot object). When that bot has
    `value`, simulations stop once the
    searching seat's `turns`-th turn is over (a turn is a run of decisions by one seat);
    otherwise they play to the end (at most `max_rollout` decisions). `exploration` is the
    UCB1 constant; `scale` turns a score or value margin into a reward; `prior` is a bonus
    of the evaluating rollout bot's own choice in UCB1, divided by its visits, so the search
    departs from the heuristic only on evidence. `kinds` limits the search to decisions of
    those kinds ('|'-separated, e.g. ``turn``); the rollout bot answers the others, and the
    simulations then pass through them without branching. Empty means every kind. `width`
    (0 = all) keeps only the root's `width` best options as the rollout bot ranks them (it needs
    `ranked(observation, decision, rng)`), so the budget is spent on the plausible ones.
    """

    name = "search"
    games = (ANY_GAME,)

    def __init__(self, simulations: int = 200, ms: float = 0.0, rollout: str | Bot = "random",
                 turns: int = 1, exploration: float = 0.2, scale: float = 3.0, prior: float = 3.0,
                 kinds: str = "", width: int = 0, max_rollout: int = 20_000) -> None:
        if simulations < 1 and ms <= 0:
            raise ValueError("it needs simulations >= 1 or ms > 0")
        if turns < 1:
            raise ValueError("it needs turns >= 1")
        if width < 0:
            raise ValueError("it needs width >= 0 (0 = every option)")
        self.simulations = simulations if simulations >= 1 else math.inf
        self.seconds = ms / 1000 if ms > 0 else math.inf
        self.rollout_bot = make_bot(rollout) if isinstance(rollout, str) else rollout
        self.rollout_observes = getattr(self.rollout_bot, "observes", True)
        self.evaluate = getattr(self.rollout_bot, "value", None)
        self.turns = turns if self.evaluate is not None else math.inf
        self.max_rollout = max_rollout
        self.exploration = exploration
        self.scale = scale
        self.prior = prior if self.evaluate is not None else 0.0  # trust only a heuristic's choice
        self.kinds = frozenset(filter(None, kinds.split("|")))
        self.rank = getattr(self.rollout_bot, "ranked", None) if width else None
        if width and self.rank is None:
            raise ValueError("width needs a rollout bot that ranks options; "
                             f"{type(self.rollout_bot).__name__} does not")
        self.width = width
        self.last_simulations = 0  # how many simulations the last searched decision used

    def choose(self, observation: Determinizable, decision: Decision, rng: random.Random) -> Any:
        self.last_simulations = 0
        if len(decision.options) == 1:
            return decision.options[0]
        if self.kinds and decision.kind not in self.kinds:
            return self.rollout_bot.choose(observation, decision, rng)
        if not hasattr(observation, "determinize"):
            raise TypeError(f"search needs an observation with determinize(rng); got {type(observation).__name__}")
        start = now = perf_counter()
        root = Node(decision.seat)
        shortlist = None
        if self.rank is not None and len(decision.options) > self.width:
            shortlist = self.rank(observation, decision, rng)[:self.width]
        done, longest = 0, 0.0
        while done < self.simulations and now - start + longest < self.seconds:
            self._simulate(root, shortlist, observation.determinize(rng), rng)
            done += 1
            previous, now = now, perf_counter()
            longest = max(longest, now - previous)
        self.last_simulations = done
        return max(decision.options, key=lambda option: _rank(root.children.get(option)))

    def _simulate(self, root: Node, shortlist: list[Any] | None, state: GameState, rng: random.Random) -> None:
        """One simulation: select down the tree (among the `shortlist` at the root, when there is
        one), expand one node, roll out, back up."""
        horizon = Horizon(root.seat, self.turns)
        path = [root]
        node, in_tree = root, True
        for _ in range(self.max_rollout):
            if state.is_over():
                rewards = _final_rewards(state, self.scale)
                break
            decision = state.decision()
            if horizon.reached(decision.seat):
                rewards = _margins({seat: self.evaluate(state, seat) for seat in sorted(horizon.seats)}, self.scale)
                break
            if len(decision.options) == 1:
                option = decision.options[0]
            elif in_tree and (not self.kinds or decision.kind in self.kinds):
                option, node, in_tree = self._select(state, node, decision, shortlist if node is root else None, rng)
                path.append(node)
            else:
                option = self._rollout_choice(state, decision, rng)
            state.apply(option)
        else:
            rewards = {}  # the safety cap stopped the simulation: a loss for every seat
        for visited in path:
            visited.visits += 1
            visited.reward += rewards.get(visited.seat, 0.0)

    def _select(self, state: GameState, node: Node, decision: Decision, shortlist: list[Any] | None,
                rng: random.Random) -> tuple[Any, Node, bool]:
        """The option to follow from `node` (one of `shortlist`, best first, when given), its child,
        and whether the walk stays in the tree. An option never tried here is added and ends the
        walk: first the rollout bot's own choice (so a node's first estimates follow the policy),
        then the others at random."""
        children = node.children
        options = shortlist or decision.options
        if not children:
            if shortlist:
                option = shortlist[0]
            else:
                option = self._rollout_choice(state, decision, rng)
            child = children[option] = Node(decision.seat)
            child.available, child.preferred = 1, True
            return option, child, False
        untried = []
        for option in options:
            child = children.get(option)
            if child is None:
                untried.append(option)
            else:
                child.available += 1
        if untried:
            option = untried[rng.randrange(len(untried))]
            child = children[option] = Node(decision.seat)
            child.available = 1
            return option, child, False
        option = max(options, key=lambda option: self._ucb(children[option]))
        return option, children[option], True

    def _rollout_choice(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        """The rollout bot's answer, given what it declares it looks at (`observe`)."""
        return self.rollout_bot.choose(observe(state, decision.seat, self.rollout_observes), decision, rng)

    def _ucb(self, child: Node) -> float:
        bias = self.prior / child.visits if child.preferred else 0.0  # fades as evidence comes in
        return child.mean() + bias + self.exploration * math.sqrt(math.log(child.available) / child.visits)


class Horizon:
    """Where a simulation stops when positions can be evaluated: at the first decision of
    another seat once the searching seat's `turns`-th turn (a run of its decisions) is over.
    It also collects the seats seen, whose values a truncated simulation compares."""

    __slots__ = ("seat", "limit", "turns", "previous", "seats")

    def __init__(self, seat: int, limit: float) -> None:
        self.seat, self.limit = seat, limit
        self.turns, self.previous = 1, seat
        self.seats = {seat}

    def reached(self, seat: int) -> bool:
        if seat != self.previous:
            self.previous = seat
            self.seats.add(seat)
            if seat == self.seat:
                self.turns += 1
        return seat != self.seat and self.turns >= self.limit


def _sigmoid(margin: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -margin / scale))))


def value_margins(values: dict[int, float]) -> dict[int, float]:
    """Each seat's value minus the best other seat's (a lone seat's own value): the lead that the
    search's rewards squash and that scripts/data/calibrate_search_scale.py fits its scale on."""
    return {seat: value - max((other for key, other in values.items() if key != seat), default=0.0)
            for seat, value in values.items()}


def _margins(values: dict[int, float], scale: float) -> dict[int, float]:
    """Each seat's lead over the best other seat, squashed into (0, 1)."""
    return {seat: _sigmoid(margin, scale) for seat, margin in value_margins(values).items()}


def _final_rewards(state: GameState, scale: float) -> dict[int, float]:
    """A finished game: half the seat's share of the win (1/k for each of k tied winners),
    half its score margin, so that noisy rollouts still tell a close loss from a rout."""
    results = state.results()
    winners = [result.seat for result in results if result.rank == 1]
    margins = _margins({result.seat: float(result.score) for result in results}, scale)
    return {result.seat: 0.5 * margins[result.seat] + (0.5 / len(winners) if result.seat in winners else 0.0)
            for result in results}


def _rank(child: Node | None) -> tuple[int, float]:
    """The final choice: the most visited option, then the best mean."""
    return (child.visits, child.mean()) if child is not None else (-1, 0.0)
