"""Gain bounds: how much one turn option can raise the position value, so a lookahead can stop early.

A whole-turn lookahead plays every turn option to the turn's end and keeps the best. With a bound on what
each option can gain over the position before the turn, it plays the options of highest bound first and
stops as soon as no bound left can beat the best outcome found (branch and bound). The bound of an option
depends on its action card, the card's side and the strength the option gives it; it is the `quantile` of
the gains such options reached in self-play of the same evaluation, so the lookahead rarely misses the
option the full lookahead would choose, and when it does, it takes one the full lookahead values a little less
(how often and by how much, for the shipped `default` bounds: docs/research/arknova-bots.md, "A cheaper lookahead").

The bounds are data (`bounds/*.json`), fitted by `scripts/data/fit_gain_bounds.py`; they are in the units of
the evaluation they were fitted with (the bot family and its weights, `HeuristicBot.evaluation`), which the
file records: a bot that judges otherwise is refused, not silently misled.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from heuristics.archetypes import ArchetypeError, shipped_or_path
from heuristics.arknova import DATA_DIR
from sim.arknova import action_tokens
from sim.arknova.engine import ArkNovaGame
from sim.arknova.state import PlayerState

BOUNDS_DIR = DATA_DIR / "bounds"
Key = tuple[str, bool, int]  # action card, upgraded, strength


def option_key(game: ArkNovaGame, seat: int, option: Any) -> Key | None:
    """The bound's key of an ("act", card, spent) option; None for the other options (never bounded)."""
    if option[0] != "act":
        return None
    card = option[1]
    upgraded, strength = card_side(game.players[seat], card)
    return card, upgraded, strength + option[2]


def card_side(player: PlayerState, card: str) -> tuple[bool, int]:
    """What a bound's key reads of an action card besides the X-tokens spent: its side and its strength."""
    return player.is_upgraded(card), action_tokens.card_strength(player, card)


class GainBounds:
    """The largest gain (in points of value) to expect of an option, by action card, side and strength."""

    def __init__(self, bounds: Mapping[Key, float], evaluation: Mapping[str, Any]) -> None:
        self.bounds = dict(bounds)
        self.evaluation = dict(evaluation)

    def of(self, game: ArkNovaGame, seat: int, option: Any) -> float:
        """The option's bound; infinite (always played) for an option of no key (`option_key`) or a key never seen."""
        return self.of_options(game, seat, (option,))[0]

    def of_options(self, game: ArkNovaGame, seat: int, options: Iterable[Any]) -> list[float]:
        """`of` of each option, its `option_key` made with each action card's side and strength found once (a
        turn offers a card at several X-token spends)."""
        player, bounds, inf = game.players[seat], self.bounds, float("inf")
        sides: dict[str, tuple[bool, int]] = {}
        found = []
        for option in options:
            if option[0] != "act":
                found.append(inf)
                continue
            card = option[1]
            side = sides.get(card)
            if side is None:
                side = sides[card] = card_side(player, card)
            found.append(bounds.get((card, side[0], side[1] + option[2]), inf))
        return found

    def as_table(self) -> dict[str, Any]:
        return {"evaluation": self.evaluation,
                "bounds": [[card, side_two, strength, bound] for (card, side_two, strength), bound
                           in sorted(self.bounds.items())]}


def fit_bounds(gains: Iterable[tuple[Key, float]], evaluation: Mapping[str, Any], quantile: float) -> GainBounds:
    """The `quantile` of the gains seen for each key (the largest at 1.0)."""
    seen: dict[Key, list[float]] = defaultdict(list)
    for key, gain in gains:
        seen[key].append(gain)
    bounds = {}
    for key, values in seen.items():
        values.sort()
        bounds[key] = values[min(len(values) - 1, int(quantile * len(values)))]
    return GainBounds(bounds, evaluation)


def bounds_path(name: str) -> Path:
    """A shipped bounds name (a file of `bounds/`), or a path to a bounds JSON file."""
    return shipped_or_path(BOUNDS_DIR, name, ".json", "gain bounds")


def load_bounds(name: str, evaluation: Mapping[str, Any]) -> GainBounds:
    """The bounds of a shipped name or file, checked to be fitted with `evaluation` (see the module doc)."""
    path = bounds_path(name)
    bounds = _read_bounds(str(path.resolve()))
    fitted, wanted = _flat(bounds.evaluation), _flat(evaluation)
    differ = sorted(key for key in set(fitted) | set(wanted) if fitted.get(key) != wanted.get(key))
    if differ:
        raise ArchetypeError(f"{path}: fitted for another evaluation (differing: {', '.join(differ)}); "
                             "refit it with scripts/data/fit_gain_bounds.py")
    return bounds


def _flat(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested table as {"weights.appeal": 1.0, ...}, lists as tuples (as JSON gives them back)."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[prefix + key] = tuple(value) if isinstance(value, list | tuple) else value
    return flat


@lru_cache(maxsize=8)
def _read_bounds(path: str) -> GainBounds:
    """Cached by path: every game of a run builds its bots anew."""
    table = json.loads(Path(path).read_text())
    bounds = {(card, bool(side_two), int(strength)): float(bound) for card, side_two, strength, bound in table["bounds"]}
    return GainBounds(bounds, table["evaluation"])
