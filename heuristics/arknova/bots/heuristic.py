"""The heuristic bot family: whole-turn lookahead judged by a weighted position evaluation.

At its turn the bot determinizes (re-deals what it cannot see), plays each legal action
to the end of the turn on a copy with the cheap in-turn policy (heuristics/arknova/parts/policy.py),
and keeps the action whose outcome scores best under `position_value` with its weights, crediting
`used_slot` points per slot of the action card it uses (the evaluation cannot see the strength an
action card loses when it is used early: an action only permutes the slots).
The weights come from an archetype TOML file; every shipped archetype but `default` is also a bot name
(heuristics/arknova/zoo.py; the `default` archetype's bot is `heuristic_v2`, since `default` is the distilled bot).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from heuristics.archetypes import shipped_or_path
from heuristics.arknova.parts.evaluation import (
    ARCHETYPE_DIR,
    Weights,
    archetype_path,
    game_progress,
    load_weights,
    position_value,
    read_toml,
)
from heuristics.arknova.parts.gain_bounds import GainBounds, load_bounds
from heuristics.arknova.parts.policy import SCORERS, finish_turn, in_turn_choice, in_turn_ranked
from heuristics.arknova.parts.pruning import prune_turn_options
from heuristics.arknova.parts.tuning import HeuristicTuning
from sim.arknova.engine import ArkNovaGame
from sim.arknova.observation import ArkNovaObservation
from sim.arknova.state import ACTION_CARDS
from sim.core.decision import Decision
from sim.core.play import VIEW

MAX_STRENGTH = len(ACTION_CARDS)  # the strongest slot: one slot per action card
GAMES = ("arknova",)
WeightsSpec = str | Mapping[str, Any] | Weights | None


def resolve_archetype(archetype: str) -> Path:
    """A shipped archetype name, or a path to an archetype TOML file."""
    return shipped_or_path(ARCHETYPE_DIR, archetype, ".toml", "archetype")


def resolve_weights(archetype: str, weights: WeightsSpec) -> Weights:
    """The archetype's weights, with `weights` (a TOML file, a table or Weights) on top."""
    if isinstance(weights, Weights):
        return weights
    base = load_weights(resolve_archetype(archetype))
    if weights is None:
        return base
    if isinstance(weights, str):
        return Weights.from_mapping(read_toml(weights).get("weights", {}), base, weights)
    return Weights.from_mapping(weights, base)


class HeuristicBot:
    """Whole-turn lookahead scored by weighted features; weights from an archetype TOML file.

    `archetype` is a shipped archetype name or a path to an archetype file; `weights` (a TOML
    file path or a table) overrides some of its weights. With `horizon=2` the `shortlist`
    best actions are also judged by the best plain action of the seat's following turn. With `prune`
    the options that cheap tests show need no playout (heuristics/arknova/parts/pruning.py) are left out; with
    `bounds` (a shipped gain-bounds name or a .json file, heuristics/arknova/parts/gain_bounds.py) the options
    are played best bound first and the lookahead stops when no bound left can beat the best outcome.
    `inturn` names in-turn decision kinds (`|`-separated, e.g. `animal_play|take_card`) answered by the same
    lookahead: each option (the rule's `inturn_width` best; 0, every one) played to the turn's end by the in-turn
    rules and valued (the rule's own choice wins ties); the other kinds are answered by the in-turn rules alone.
    """

    name = "heuristic"
    games = GAMES
    observes = VIEW  # it reads the table only while it decides (its lookahead plays on determinizations)
    tunable = HeuristicTuning()  # what `arkmc tune` needs of the family

    def __init__(self, archetype: str = "default", weights: WeightsSpec = None, horizon: int = 1,
                 shortlist: int = 4, max_rollout_decisions: int = 80, prune: bool = False, bounds: str = "",
                 inturn: str = "", inturn_width: int = 0) -> None:
        if horizon not in (1, 2):
            raise ValueError(f"horizon must be 1 or 2, got {horizon}")
        if shortlist < 1 or max_rollout_decisions < 1:
            raise ValueError("shortlist and max_rollout_decisions must be at least 1")
        if inturn_width < 0:
            raise ValueError(f"inturn_width must be 0 (every option) or more, got {inturn_width}")
        self.inturn = frozenset(filter(None, inturn.split("|")))
        self.inturn_width = inturn_width
        unknown = sorted(self.inturn - set(SCORERS))
        if unknown:
            raise ValueError(f"unknown in-turn decision kind(s) {', '.join(unknown)}; known: {', '.join(sorted(SCORERS))}")
        self.archetype = archetype
        self.weights = resolve_weights(archetype, weights)
        self.horizon = horizon
        self.shortlist = shortlist
        self.max_rollout_decisions = max_rollout_decisions
        self.prune = prune
        self.gain_bounds: GainBounds | None = load_bounds(bounds, self.evaluation()) if bounds else None

    def evaluation(self) -> dict[str, Any]:
        """What `value` depends on besides the position: the bot family and its weights (gain bounds are
        fitted for one evaluation)."""
        return {"bot": self.name, "weights": self.weights.as_table()}

    def value(self, state: ArkNovaGame, seat: int, progress: float | None = None) -> float:
        """The bot's evaluation of `seat`'s position (higher is better), e.g. for a search leaf.
        `progress` (see `game_progress`) is the game's progress at the root of a lookahead."""
        return position_value(state, seat, self.weights, progress)

    def choose(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        if decision.kind != "turn":
            return self._in_turn_answer(observation, decision, rng)
        outcomes, progress, _ = self._outcomes(observation, decision, rng)
        if self.horizon < 2:
            return outcomes[0][1]
        best_option, best_value = outcomes[0][1], float("-inf")
        for value, option, game in outcomes[:self.shortlist]:
            follow_up = self._next_turn_value(game, decision.seat, progress)
            total = value + follow_up if follow_up is not None else value
            if total > best_value:
                best_option, best_value = option, total
        return best_option

    def _in_turn_answer(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> Any:
        """An in-turn decision: the in-turn rule's choice, or, for a kind of `inturn`, the option whose outcome at
        the turn's end is valued highest on one determinization, among the rule's `inturn_width` best (all with
        0; the rule's order, so its choice wins ties)."""
        if decision.kind not in self.inturn:
            return in_turn_choice(observation, decision)
        ranked = in_turn_ranked(observation, decision)
        base = observation.determinize(rng, decision)
        base.decision()
        progress = game_progress(base)
        return max(ranked[:self.inturn_width or None],
                   key=lambda option: self._play_turn(base.copy(), option, decision.seat, progress))

    def ranked(self, observation: ArkNovaObservation, decision: Decision, rng: random.Random) -> list[Any]:
        """The options, best first: a turn's by the one-turn lookahead (then those not played out: cut off by
        the gain bounds, then pruned), another decision's with the in-turn rules' choice first (a search
        narrows its root to the first few)."""
        if decision.kind != "turn":
            first = in_turn_choice(observation, decision)
            return [first] + [option for option in decision.options if option != first]
        outcomes, _, rest = self._outcomes(observation, decision, rng)
        return [option for _, option, _ in outcomes] + rest

    def _outcomes(self, observation: ArkNovaObservation, decision: Decision,
                  rng: random.Random) -> tuple[list[tuple[float, Any, ArkNovaGame]], float, list[Any]]:
        """The turn's options `_played_out` chooses, each played to the turn's end on a copy of one
        determinization: (value, option, game), best first; the game's progress they were valued at; and
        the options not played out, in the order `_played_out` left them."""
        seat = decision.seat
        base = observation.determinize(rng, None if self.weights.rotation else decision)
        unsettled = base.copy() if self.weights.rotation else None
        base.decision()  # settled once here (or given), so the copies below do not each recompute the options
        progress = game_progress(base)
        played, rest = self._played_out(base, seat, decision.options)
        outcomes, skipped = self._play_options(base, seat, progress, played)
        rest = skipped + rest
        if unsettled is not None:
            outcomes = self._with_rotation(unsettled, seat, progress, outcomes)
        if self.weights.used_slot:
            slot = base.players[seat].strength_slot
            outcomes = [(value + self.weights.used_slot * slot(option[1]) if option[0] == "act" else value, option, game)
                        for value, option, game in outcomes]
        outcomes.sort(key=lambda outcome: outcome[0], reverse=True)
        return outcomes, progress, rest

    def _played_out(self, game: ArkNovaGame, seat: int, options: Sequence[Any]) -> tuple[list[Any], list[Any]]:
        """The turn options to play to the turn's end in `game` (settled, a determinization), and those
        left out: with `prune` those `prune_turn_options` finds not worth it, else none."""
        return prune_turn_options(game, seat, options) if self.prune else (list(options), [])

    def _play_options(self, base: ArkNovaGame, seat: int, progress: float,
                      options: list[Any]) -> tuple[list[tuple[float, Any, ArkNovaGame]], list[Any]]:
        """Each option played out on a copy of `base`: (value, option, game) in the order given; and the options
        the gain bounds rule out, best bound first. With bounds (and no rotation, which revalues outcomes) the
        options are played best bound (plus `used_slot` credit) first, until none left can beat the best."""
        if self.gain_bounds is None or self.weights.rotation:
            return [(self._play_turn(game := base.copy(), option, seat, progress), option, game)
                    for option in options], []
        slot = base.players[seat].strength_slot
        credit = {option: self.weights.used_slot * slot(option[1]) if option[0] == "act" else 0.0 for option in options}
        ceiling = {option: bound + credit[option]
                   for option, bound in zip(options, self.gain_bounds.of_options(base, seat, options))}
        order = sorted(options, key=ceiling.__getitem__, reverse=True)
        now, best = self.value(base, seat, progress), float("-inf")
        outcomes, skipped = [], []
        for index, option in enumerate(order):
            if now + ceiling[option] < best:
                skipped = order[index:]
                break
            game = base.copy()
            value = self._play_turn(game, option, seat, progress)
            outcomes.append((value, option, game))
            best = max(best, value + credit[option])
        position = {option: index for index, option in enumerate(options)}
        outcomes.sort(key=lambda outcome: position[outcome[1]])  # ties then fall as without bounds
        return outcomes, skipped

    def _play_turn(self, game: ArkNovaGame, option: Any, seat: int, progress: float) -> float:
        """Play `option` and the rest of its turn on `game` itself (a copy the caller made) with the
        in-turn rules, and value the outcome for `seat`."""
        game.apply(option)
        finish_turn(game, self.max_rollout_decisions)
        return self.value(game, seat, progress)

    def _with_rotation(self, unsettled: ArkNovaGame, seat: int, progress: float,
                       outcomes: list[tuple[float, Any, ArkNovaGame]]) -> list[tuple[float, Any, ArkNovaGame]]:
        """Outcomes with the change of the action cards' promise added: using a card sends it to
        slot 1 and moves the cards left of it up one. A card's promise is what its use would gain
        now at its strength, read from the outcomes themselves (an X-token option is the card one
        stronger) or, without X-tokens, played on a copy given one. `unsettled` is the position
        before its turn's options were computed (a fresh determinization), so such a copy offers
        the stronger option."""
        now = self.value(unsettled, seat, progress)
        player = unsettled.players[seat]
        slots = {card: index for index, card in enumerate(player.action_cards, start=1)}
        gain: dict[tuple[str, int], float] = {}
        for value, option, _ in outcomes:
            if option[0] == "act":
                key = (option[1], slots[option[1]] + option[2])
                gain[key] = max(gain.get(key, 0.0), value - now + option[2] * self.weights.xtoken)
        if player.xtokens == 0:
            for card, slot in slots.items():
                if slot < MAX_STRENGTH and (card, slot + 1) not in gain:
                    trial = unsettled.copy()
                    trial.players[seat].xtokens = 1
                    if ("act", card, 1) in trial.decision().options:
                        stronger = self._play_turn(trial, ("act", card, 1), seat, progress)
                        gain[(card, slot + 1)] = max(0.0, stronger - now)

        def promise_at(card: str, strength: int) -> float:
            return gain.get((card, strength), 0.0) if strength > 1 else 0.0

        adjusted = []
        for value, option, game in outcomes:
            if option[0] in ("act", "xtoken"):
                used = slots[option[1]]
                change = sum(promise_at(card, slot + 1) - promise_at(card, slot)
                             for card, slot in slots.items() if slot < used) - promise_at(option[1], used)
                value += self.weights.rotation * change
            adjusted.append((value, option, game))
        return adjusted

    def _next_turn_value(self, game: ArkNovaGame, seat: int, progress: float) -> float | None:
        """Gain of the best plain action on the seat's next turn (others play by the in-turn rules)."""
        for _ in range(self.max_rollout_decisions * len(game.players)):
            if game.is_over():
                return None
            decision = game.decision()
            if decision.kind == "turn" and decision.seat == seat:
                break
            game.apply(decision.options[0] if decision.kind == "turn" else in_turn_choice(game, decision))
        else:
            return None
        now = self.value(game, seat, progress)
        best = float("-inf")
        for option in game.decision().options:
            if option[0] == "act" and option[2] == 0:
                best = max(best, self._play_turn(game.copy(), option, seat, progress) - now)
        return best if best > float("-inf") else None


def archetype_bot(name: str) -> Callable[..., HeuristicBot]:
    """A bot factory for a shipped archetype, pruning its turn options when the file says `prune = true`
    (checked to leave its games as they were); its doc is the archetype's description."""
    table = read_toml(archetype_path(name))
    factory = partial(HeuristicBot, archetype=name, prune=bool(table.get("prune", False)))
    factory.__doc__ = table.get("description", f"heuristic bot, archetype {name}")
    return factory

