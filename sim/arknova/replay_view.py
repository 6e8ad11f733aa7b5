"""How a seat looks on the replay page (`arkmc replay`, `arkmc play --html`): its tracks, its cards in
play, its hand and final-scoring cards as the seat holds them, and its zoo map drawn, all read from
that seat's observation (so another seat's hand can never show), plus the table every seat sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import tracks
from sim.arknova.abilities.flock import FLOCK
from sim.arknova.zoo_drawing import SPECIAL_LABEL, map_title, zoo_svg
from sim.core.protocols import SeatView

HOUSING_LABEL = {**SPECIAL_LABEL, FLOCK: "flock, no enclosure"}

if TYPE_CHECKING:
    from sim.arknova.observation import ArkNovaObservation
    from sim.arknova.state import PlayerState


def seat_view(observation: "ArkNovaObservation") -> SeatView:
    """The panel of the observing seat."""
    player = observation.me
    catalog = player.catalog
    score = tracks.score(player)
    rows = [
        ("map", map_title(catalog, player.map_id)),
        ("score", f"{score} ({score - 100:+d} VP)"),
        ("appeal", str(player.appeal)),
        ("conservation", str(player.cp)),
        ("reputation", str(player.reputation)),
        ("money", str(player.money)),
        ("X-tokens", str(player.xtokens)),
        ("workers", f"{player.workers} free of {player.workers_total}"),
        ("action cards", " · ".join(f"{slot} {card}{' II' if player.is_upgraded(card) else ''}"
                                    for slot, card in enumerate(player.action_cards, start=1))),
        ("animals", _animals(player) or "none"),
        ("sponsors", ", ".join(catalog.sponsors[number].name for number in player.sponsors) or "none"),
        ("projects", ", ".join(catalog.projects[number].name for number in player.supported) or "none"),
    ]
    if player.partner_zoos or player.universities:
        rows.append(("partners", ", ".join([*player.partner_zoos, *player.universities])))
    private = (
        ("hand", tuple(catalog.card(number).name for number in player.hand)),
        ("final scoring", tuple(catalog.final_scoring[number].name for number in player.final_scoring)),
    )
    return SeatView(tracks=tuple(rows), private=private, public=_table(observation), drawing=zoo_svg(player))


def _animals(player: "PlayerState") -> str:
    """The animals in the zoo, each special enclosure's named after it and a flock animal without an enclosure
    marked so (a standard enclosure holds no named animal)."""
    animals = player.catalog.animals
    return ", ".join(animals[number].name + (f" ({HOUSING_LABEL[player.housing[number]]})"
                                             if player.housing.get(number) in HOUSING_LABEL else "")
                     for number in player.animals)


def _table(observation: "ArkNovaObservation") -> tuple[tuple[str, str], ...]:
    """What every seat sees alike: the break track, the display and the conservation projects."""
    catalog = observation.catalog
    rows = [("breaks so far", str(observation.breaks))]
    if observation.break_length:
        rows.insert(0, ("break track", f"{observation.break_position} of {observation.break_length}"))
    rows.append(("display", " · ".join(f"{folder} {catalog.card(number).name}"
                                       for folder, number in enumerate(observation.display, start=1))))
    rows.append(("projects", ", ".join(catalog.projects[row.number].name for row in observation.projects) or "none"))
    rows.append(("deck", f"{observation.deck_size} cards"))
    return tuple(rows)
