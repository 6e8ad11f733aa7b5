"""The toy's own bot: greedy, it takes the option whose immediate gain is worth most under its
weights. The weights are a frozen dataclass of floats, so `arkmc tune` can tune them (`tunable`)."""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, assert_never

from sim.core.decision import Decision
from sim.core.registry import register_bot
from toygame.catalog import Card
from toygame.game import INFO
from toygame.observation import ToyObservation
from toygame.rules import INCOME
from toygame.steps import DISCARD, TARGET, Draw, Income, Play, TurnOption

GAMES = (INFO.name,)
BOT = "greedy"
ARCHETYPE = "default"  # the one shipped archetype: the default weights


@dataclass(frozen=True)
class GreedyWeights:
    """What a gain is worth: a point, a coin, a card drawn, a coin a steal can take."""

    points: float = 1.0
    money: float = 0.4
    card: float = 0.6
    steal: float = 0.5

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any]) -> "GreedyWeights":
        unknown = sorted(set(table) - {field.name for field in fields(cls)})
        if unknown:
            raise ValueError(f"unknown greedy weight(s): {', '.join(unknown)}")
        return cls(**{name: float(value) for name, value in table.items()})


class GreedyTuning:
    """The greedy bot as `heuristics.tuning.Tunable`: its start weights, a bot, an archetype file."""

    def start(self, archetype: str) -> GreedyWeights:
        if archetype == ARCHETYPE:
            return GreedyWeights()
        if not archetype.endswith(".toml"):
            raise ValueError(f"unknown greedy archetype {archetype!r}: {ARCHETYPE}, or a .toml file")
        try:
            with open(archetype, "rb") as handle:
                return GreedyWeights.from_mapping(tomllib.load(handle).get("weights", {}))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ValueError(f"cannot read greedy archetype {archetype}: {error}") from None

    def bot(self, weights: GreedyWeights) -> "GreedyBot":
        return GreedyBot(weights)

    def archetype_text(self, weights: GreedyWeights, description: str) -> str:
        lines = [f'bot = "{BOT}"', f"description = {json.dumps(description)}", "", "[weights]"]
        lines += [f"{name} = {value!r}" for name, value in asdict(weights).items()]
        return "\n".join(lines) + "\n"


@register_bot(BOT, GAMES)
class GreedyBot:
    """Plays the option of best immediate worth; discards its least worthy card; robs the leader."""

    name = BOT
    games = GAMES
    tunable = GreedyTuning()

    def __init__(self, weights: GreedyWeights | Mapping[str, Any] | None = None) -> None:
        if weights is None:
            weights = GreedyWeights()
        self.weights = weights if isinstance(weights, GreedyWeights) else GreedyWeights.from_mapping(weights)

    def choose(self, observation: ToyObservation, decision: Decision, rng: random.Random) -> Any:
        cards = observation.catalog.cards
        if decision.kind == DISCARD:
            return min(decision.options, key=lambda number: self.worth(cards[number]))
        if decision.kind == TARGET:
            return max(decision.options, key=lambda seat: (observation.points[seat], observation.money[seat]))
        return max(decision.options, key=lambda option: self.option_worth(option, cards))

    def option_worth(self, option: TurnOption, cards: Mapping[int, Card]) -> float:
        """What a turn option brings, less the coins it costs."""
        match option:
            case Income():
                return self.weights.money * INCOME
            case Draw():
                return self.weights.card
            case Play(card=number):
                card = cards[number]
                return self.worth(card) - self.weights.money * card.cost
            case _:
                assert_never(option)

    def worth(self, card: Card) -> float:
        """What playing `card` brings, its cost aside."""
        weights = self.weights
        per_keyword = {"points": weights.points, "money": weights.money, "draw": weights.card, "steal": weights.steal}
        return weights.points * card.value + sum(per_keyword[effect.keyword] * effect.amount for effect in card.effects)
