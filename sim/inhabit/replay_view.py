"""How a seat of Inhabit the Earth looks on the replay page (`arkmc replay`, `arkmc play --html`): its
points by source, its menagerie creature by creature, its hand and token rack as the seat holds them,
the table every seat sees (turn, final spaces, decks and discards by size), and the continent trails
drawn. Everything is read from the seat's observation, where the other hands and racks, the decks and
the face-down stacks are emptied, so nothing another seat hid can show.

The trails are shared: they are the table's drawing, which the page draws once above the panels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.core.protocols import SeatView
from sim.inhabit.catalog import CLASSES, CONTINENTS, DECKS, SYMBOLS, TOKEN_COLORS, Catalog
from sim.inhabit.log import card_text
from sim.inhabit.scoring import points, scoring_cards
from sim.inhabit.trail_drawing import SEAT_COLOR_NAMES, trails_svg
from sim.inhabit.turn import ACTIONS

if TYPE_CHECKING:
    from sim.inhabit.observation import InhabitObservation
    from sim.inhabit.state import Creature, InhabitState


def seat_view(observation: "InhabitObservation") -> SeatView:
    """The panel of the observing seat."""
    view, seat = observation.view, observation.seat
    player = view.seats[seat]
    catalog = view.catalog
    total = points(view, seat)
    cards = total - player.region_points - player.token_points
    scored = scoring_cards(view, seat)
    rows = [
        ("colour", SEAT_COLOR_NAMES[seat % len(SEAT_COLOR_NAMES)]),
        ("points", str(total)),
        ("from regions", f"{player.region_points}: "
                         + (", ".join(f"{_class(creature.cls)} {view.region(creature)}" for creature in player.creatures)
                            or "no marker yet")),
        ("from tokens", f"{player.token_points}: {_count(len(player.rack), 'token')} unused on the rack"),
        ("from scoring cards", f"{cards}" + (" (" + ", ".join(f"{number} gives {paid}" for number, paid in scored) + ")"
                                             if scored else ": none on top")),
        ("hand", f"{_count(len(player.hand), 'card')}, limit {player.hand_limit}"),
        ("actions", " · ".join(f"{action.name} {count}" for action, count in zip(ACTIONS, player.actions, strict=True))),
    ]
    rows += [(_class(creature.cls), _creature(view, creature)) for creature in player.creatures]
    private = (("hand", tuple(card_text(catalog, number) for number in player.hand)),
               ("tokens", tuple(token_text(catalog, token) for token in player.rack)))
    return SeatView(tracks=tuple(rows), private=private, public=_table(observation), table_drawing=trails_svg(observation))


def _creature(view: "InhabitState", creature: "Creature") -> str:
    """A creature type: its top card, its stack, its tokens and where its marker stands, on which side."""
    catalog = view.catalog
    adapted = sum(creature.adapted)
    stack = _count(len(creature.cards), "card") + (f" ({adapted} adapted)" if adapted else "")
    tokens = ", ".join(SYMBOLS[catalog.tokens[token].symbol] for token in creature.tokens)
    place = (f"{CONTINENTS[creature.continent]} space {creature.space}, region {view.region(creature)}, "
             f"{'black' if creature.black else 'white'} side")
    return f"top {card_text(catalog, creature.top)} · {stack}" + (f" · tokens: {tokens}" if tokens else "") + f" · {place}"


def token_text(catalog: Catalog, token: int) -> str:
    """"bobcat (green): mountains, 2 points", "red: australasia, 3 points"."""
    data = catalog.tokens[token]
    kind = data.kind if data.kind == data.color else f"{data.kind} ({data.color})"
    return f"{kind}: {SYMBOLS[data.symbol]}, {_count(data.points, 'point')}"


def _class(cls: int) -> str:
    return CLASSES[cls].replace("_", " ")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _table(observation: "InhabitObservation") -> tuple[tuple[str, str], ...]:
    """What every seat sees alike: the turn, the final spaces reached, the decks and discards by size,
    the face-up discards' top cards, the other seats' hands and racks by deck and colour."""
    view = observation.view
    catalog = view.catalog
    rows = [("turns played", str(view.turn)),
            ("final spaces", f"{view.finals} of the {view.end_continents} that end the game"),
            ("decks", " · ".join(f"{deck}: {size}" for deck, size in zip(DECKS, observation.deck_sizes, strict=True))),
            ("face-up discards", " · ".join(f"{deck}: {len(pile)}" + (f", top {card_text(catalog, pile[-1])}" if pile else "")
                                           for deck, pile in zip(DECKS, view.discard_up, strict=True))),
            ("face-down discards", " · ".join(f"{deck}: {size}" for deck, size in
                                              zip(DECKS, observation.down_sizes, strict=True)))]
    rows += [(f"P{seat + 1} holds", f"cards of decks 1/2/3: {'/'.join(map(str, decks))}; tokens "
              + ", ".join(f"{count} {color}" for color, count in zip(TOKEN_COLORS, colors, strict=True)))
             for seat, (decks, colors) in enumerate(zip(observation.hand_decks, observation.rack_colors, strict=True))]
    return tuple(rows)
