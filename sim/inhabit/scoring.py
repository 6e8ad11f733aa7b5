"""Final scoring (Schlusswertung) and the tie-break.

"1. Für jeden Kreaturenmarker gibt es Siegpunkte gleich der Nummer der Region, in welcher er ist.
2. Jedes nicht benutzte Plättchen liefert 0 bis 3 Punkte, jeweils wie angegeben. 3. Jede Wertungskarte
wird abgehandelt und entsprechend gewertet." A scoring card counts while it is a creature's top card
("Die Kreaturenkarte muss zur Menagerie des Spielers gehören und in der Kreaturenklasse sichtbar sein").
Each scoring keyword is a small function here, registered by keyword; the card table names it.

Tie-break: "Derjenige der am Gleichstand beteiligten Spieler, dessen Kreaturenmarker auf dem Schlussfeld
eines Kontinentalpfades oder diesem am nächsten steht, entscheidet den Gleichstand für sich. Falls auch
dadurch noch kein Sieger feststeht, werden die Positionen der einem Schlussfeld zweitnächsten
Kreaturenmarker der Spieler verglichen usw." Nearness is counted in spaces along the path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sim.core.protocols import SeatResult
from sim.inhabit.catalog import TERRAIN_BASE, Effect
from sim.inhabit.registry import EFFECTS

if TYPE_CHECKING:
    from sim.inhabit.state import Creature, InhabitState

ScoreFn = Callable[["InhabitState", int, "Creature", Effect], int]
SCORING: dict[str, ScoreFn] = {}


def scores(keyword: str) -> Callable[[ScoreFn], ScoreFn]:
    """Register the scoring function of a keyword (and declare it to the effect registry)."""

    def wrap(function: ScoreFn) -> ScoreFn:
        SCORING[keyword] = function
        EFFECTS.rule(keyword)
        return function

    return wrap


def _int(effect: Effect, index: int) -> int:
    return int(effect.params[index])


@scores("region")
def region(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Points when this creature's marker is in region `region` or beyond."""
    return _int(effect, 1) if game.region(creature) >= _int(effect, 0) else 0


@scores("on_continent")
def on_continent(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    return _int(effect, 1) if creature.continent == _int(effect, 0) else 0


@scores("black_marker")
def black_marker(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """No. 217: the marker kept black ("aus Wertungsgründen sinnvoll, den Marker nicht umzudrehen")."""
    return _int(effect, 0) if creature.black else 0


@scores("creature_size")
def creature_size(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Points when the creature type counts at least `count` creatures (cards with its class symbol)."""
    return _int(effect, 1) if creature.creatures >= _int(effect, 0) else 0


@scores("final_space")
def final_space(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Nos. 244, 248: this creature's marker on a final space."""
    return _int(effect, 0) if creature.space == game.trail(creature.continent).final else 0


@scores("inhabit_terrain")
def inhabit_terrain(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Nos. 264-266: the marker stands on a terrain the creature inhabits ("auch das Gelände der
    Unterstützungskarten")."""
    terrain = game.trail(creature.continent).terrains[creature.space]
    return _int(effect, 0) if creature.counts[TERRAIN_BASE + terrain] else 0


def menagerie_symbols(game: "InhabitState", seat: int, symbol: int) -> int:
    return sum(creature.counts[symbol] for creature in game.seats[seat].creatures)


@scores("continent_count")
def continent_count(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """No. 329: per continent symbol in the menagerie, "auch Kontinentplättchen auf der Kreatur selbst"."""
    return _int(effect, 1) * menagerie_symbols(game, seat, _int(effect, 0))


@scores("terrain_count")
def terrain_count(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """No. 324: per terrain symbol in the menagerie, "auch Geländeplättchen auf der Kreatur selbst"."""
    return _int(effect, 1) * menagerie_symbols(game, seat, TERRAIN_BASE + _int(effect, 0))


def class_creatures(game: "InhabitState", seat: int, cls: int) -> int:
    found = game.seats[seat].creature(cls)
    return found.creatures if found is not None else 0


@scores("class_count")
def class_count(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Nos. 325, 349: per creature of a class, "Kreaturen sind Karten, nicht Marker"."""
    return _int(effect, 1) * class_creatures(game, seat, _int(effect, 0))


@scores("token_bonus")
def token_bonus(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Nos. 241-243, 245-247: per unused token of a colour, "zusätzliche Punkte zu Punkten auf den Plättchen"."""
    color = effect.params[0]
    tokens = game.catalog.tokens
    return _int(effect, 1) * sum(color in ("any", tokens[token].color) for token in game.seats[seat].rack)


@scores("majority")
def majority(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Nos. 361-365 (black-backed): more creatures of a class than every other player."""
    cls = _int(effect, 0)
    own = class_creatures(game, seat, cls)
    others = max((class_creatures(game, other, cls) for other in range(len(game.seats)) if other != seat), default=0)
    return _int(effect, 1) if own > others else 0


@scores("alone")
def alone(game: "InhabitState", seat: int, creature: "Creature", effect: Effect) -> int:
    """Black-backed: no other player's marker on this creature's continent."""
    row = game.occupant[creature.continent]
    return _int(effect, 0) if all(occupant < 0 or occupant >> 3 == seat for occupant in row) else 0


def scoring_cards(game: "InhabitState", seat: int) -> list[tuple[int, int]]:
    """(card, points) of every scoring card among the seat's top cards."""
    cards = game.catalog.cards
    found = []
    for creature in game.seats[seat].creatures:
        card = cards[creature.top]
        if card.scoring:
            function = SCORING.get(card.effect.keyword)
            if function is None:
                game.note_unhandled(card.effect.keyword)
                continue
            found.append((card.number, function(game, seat, creature, card.effect)))
    return found


def card_points(game: "InhabitState", seat: int) -> int:
    return sum(points for _, points in scoring_cards(game, seat))


def points(game: "InhabitState", seat: int) -> int:
    """The seat's score: region numbers, unused tokens and, once the game is over, scoring cards."""
    player = game.seats[seat]
    cards = game.card_points[seat] if game.card_points else card_points(game, seat)
    return player.region_points + player.token_points + cards


def nearness(game: "InhabitState", seat: int) -> tuple[int, ...]:
    """The seat's markers' distances to their final spaces, nearest first (the tie-break compares
    these in order; a seat with fewer markers is farther on the missing places)."""
    distances = sorted(game.trail(creature.continent).final - creature.space for creature in game.seats[seat].creatures)
    return tuple(distances) + (1_000,) * (6 - len(distances))


def results(game: "InhabitState") -> list[SeatResult]:
    """Ranked by points, ties broken by nearness to the final spaces; a full tie shares the rank."""
    keys = [(points(game, seat), tuple(-distance for distance in nearness(game, seat))) for seat in range(len(game.seats))]
    found = []
    for seat, player in enumerate(game.seats):
        rank = 1 + sum(other > keys[seat] for other in keys)
        found.append(SeatResult(seat, keys[seat][0], rank, {
            "region_points": player.region_points, "token_points": player.token_points,
            "card_points": game.card_points[seat] if game.card_points else card_points(game, seat),
            "creatures": len(player.creatures), "end_reason": game.end_reason}))
    return found
