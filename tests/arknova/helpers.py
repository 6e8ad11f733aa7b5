"""Shared helpers for the rules tests: set up a table, drive decisions, place buildings.

The engine is driven only through its public surface (`decision()` / `apply()`), except
that a test may build a precise situation by mutating a fresh game's state first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import sim.arknova.game  # noqa: F401  (registers every step of the step machine)
from sim.arknova import zoo
from sim.arknova.board import board_of, map_board
from sim.arknova.catalog import Catalog, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.geometry import BIT, Placement, cells_of, mask_of
from sim.arknova.setup import new_game
from sim.arknova.state import ProjectRow
from sim.core.play import play_game

CATALOG = load_catalog()  # the base data; a test of changed data makes its own catalog
ZOO_CARDS = frozenset(CATALOG.zoo_deck)
BASE_PROJECTS = frozenset(CATALOG.base_projects)


def ready_game(players: int = 2, maps: Any = "A", seed: int = 0, catalog: Catalog = CATALOG,
               **config: Any) -> ArkNovaGame:
    """A new game played with `catalog`, the setup decisions (map draft, keep 4 of 8) answered by the first option."""
    game = new_game({"players": players, "maps": maps, **config}, seed, catalog)
    while game.decision().kind in ("choose_map", "keep_cards"):
        game.apply(game.decision().options[0])
    assert game.decision().kind == "turn"
    return game


def midgame(seed: int, decisions: int = 150) -> ArkNovaGame:
    """A 2-player game after some random play, stopped at seat 0's turn decision."""
    game = new_game({"players": 2, "maps": "random"}, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(rng.choice(game.decision().options))
    while not (game.decision().kind == "turn" and game.decision().seat == 0):
        game.apply(rng.choice(game.decision().options))
    return game


def refresh(game: ArkNovaGame) -> None:
    """Forget the cached decision after the state was edited by hand."""
    game._decision = None


def start_turn(game: ArkNovaGame, seat: int) -> None:
    """Make it `seat`'s turn with nothing else pending."""
    game.current = seat
    game.stack = [("turn", seat)]
    refresh(game)


def set_cards(game: ArkNovaGame, seat: int, order: Iterable[str], upgraded: Iterable[str] = ()) -> None:
    player = game.players[seat]
    player.action_cards = list(order)
    player.upgraded = set(upgraded)
    refresh(game)


def expect(game: ArkNovaGame, kind: str, seat: int | None = None):
    """The pending decision, checked to be of `kind` (and for `seat`)."""
    decision = game.decision()
    assert decision.kind == kind, f"expected a {kind!r} decision, got {decision.kind!r}: {decision.options[:8]}"
    if seat is not None:
        assert decision.seat == seat
    return decision


def choose(game: ArkNovaGame, option: Any, kind: str | None = None) -> None:
    """Answer the pending decision with `option`, which must be legal."""
    decision = game.decision()
    if kind is not None:
        assert decision.kind == kind, f"expected {kind!r}, got {decision.kind!r}"
    assert option in decision.options, f"{option!r} not among {decision.kind} options {decision.options[:20]}"
    game.apply(option)
    game.is_over()  # settle the automatic steps up to the next decision


def finish(game: ArkNovaGame, seat: int = 0) -> None:
    """Answer what is left of the seat's turn, other seats' answers to it included, with the first
    option ("done" where offered: side II stops playing)."""
    while True:
        decision = game.decision()
        if decision.kind == "turn" and decision.seat != seat:
            return
        choose(game, "done" if "done" in decision.options else decision.options[0])


def build_turn(game: ArkNovaGame, seat: int, kind: str, cells: Iterable[tuple[int, int]]) -> None:
    """The seat's whole turn: a Build action at strength 5 placing one `kind` on exactly `cells` (which
    the building rules must allow), then whatever the turn still asks, answered by `finish`."""
    mask = mask_of(cells)
    player = game.players[seat]
    set_cards(game, seat, [card for card in player.action_cards if card != "build"] + ["build"], player.upgraded)
    start_turn(game, seat)
    choose(game, ("act", "build", 0))
    choose(game, kind, "build")
    choose(game, next(where for where in expect(game, "build_place", seat).options if where.mask == mask))
    finish(game, seat)


def placement(map_id: str, kind: str, cells: Iterable[tuple[int, int]], catalog: Catalog = CATALOG) -> Placement:
    """The placement of `kind` covering exactly `cells` on the map."""
    mask = mask_of(cells)
    for candidate in map_board(catalog, map_id).placements_for(kind):
        if candidate.mask == mask:
            return candidate
    raise AssertionError(f"no {kind} placement covers {sorted(cells)} on map {map_id}")


def clear_zoo(game: ArkNovaGame, seat: int) -> None:
    player = game.players[seat]
    player.buildings = []
    player.occupied = 0
    player.kiosks = 0
    player.housing = {}
    refresh(game)


def put(game: ArkNovaGame, seat: int, kind: str, cells: Iterable[tuple[int, int]], used: int = 0) -> int:
    """Place a building by hand (no legality check, no bonus) and return its index."""
    player = game.players[seat]
    zoo.place_building(game, seat, kind, placement(player.map_id, kind, cells, game.catalog))
    index = len(player.buildings) - 1
    if used:
        kind_, where, _ = player.buildings[index]
        player.buildings[index] = (kind_, where, used)
    refresh(game)
    return index


def cover(game: ArkNovaGame, seat: int, cells: Iterable[tuple[int, int]]) -> None:
    """Cover those of `cells` (building spaces of the seat's map) still empty with standard enclosures
    placed by hand, the biggest that fit first: a real zoo for the conditions on the map (no building
    rule is checked, no bonus is paid)."""
    player = game.players[seat]
    left = mask_of(cells) & ~player.occupied
    for size in range(5, 0, -1):
        for where in board_of(player).placements_for(f"enclosure-{size}"):
            if where.mask & left == where.mask:
                zoo.place_building(game, seat, f"enclosure-{size}", where)
                left &= ~where.mask
    assert not left, "some cells are no building spaces"
    refresh(game)


def building_spaces(map_id: str = "A") -> frozenset[tuple[int, int]]:
    """The map's building spaces: every cell that is not rock or water."""
    return frozenset(cells_of(map_board(CATALOG, map_id).buildable))


def building_spaces_next_to(cells: Iterable[tuple[int, int]], map_id: str = "A") -> set[tuple[int, int]]:
    """Building spaces of the map next to one of `cells` (found on the grid, not by the engine)."""
    spaces = building_spaces(map_id)
    return {n for cell in cells for n in grid_neighbours(cell) if n in spaces}


def end_game_gain(game: ArkNovaGame, seat: int) -> tuple[int, int]:
    """Appeal and CP the seat's sponsors give at the end of the game (final-scoring cards left out). The
    end scoring runs on a copy, so a test can score a zoo, grow it past a threshold and score it again."""
    ended = game.copy()
    for player in ended.players:
        player.final_scoring = []
    ended.stack = [("score_cards",)]
    refresh(ended)
    assert ended.is_over()
    before, after = game.players[seat], ended.players[seat]
    return after.appeal - before.appeal, after.cp - before.cp


def building_index(game: ArkNovaGame, seat: int, kind: str, cells: Iterable[tuple[int, int]]) -> int:
    mask = mask_of(cells)
    for index, (k, where, _used) in enumerate(game.players[seat].buildings):
        if k == kind and where.mask == mask:
            return index
    raise AssertionError(f"no {kind} on {sorted(cells)}")


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells of the doubled-row grid (neighbours differ by (0, 2) or (1, 1))."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + max(0, (dy - dx) // 2)


def grid_neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """Independent of the engine: the six neighbours of a cell that exist on the 58-cell grid."""
    x, y = cell
    steps = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
    return [(x + dx, y + dy) for dx, dy in steps if (x + dx, y + dy) in BIT]


def is_border(cell: tuple[int, int]) -> bool:
    return len(grid_neighbours(cell)) < 6


def cells_adjacent(cells_a: Iterable[tuple[int, int]], cells_b: Iterable[tuple[int, int]]) -> bool:
    b = set(cells_b)
    return any(n in b for c in cells_a for n in grid_neighbours(c))


def play_randomly(game: ArkNovaGame, rng: random.Random, limit: int) -> int:
    """Answer up to `limit` decisions uniformly at random; returns how many were answered."""
    count = 0
    while count < limit and not game.is_over():
        game.apply(rng.choice(game.decision().options))
        count += 1
    return count


def take_out(game: ArkNovaGame, card: int) -> None:
    """Remove a zoo card from wherever it is (deck, discard, a hand, a display folder)."""
    if card in game.deck:
        game.deck.remove(card)
    elif card in game.discard:
        game.discard.remove(card)
    elif card in game.display:
        index = game.display.index(card)
        game.display[index] = game.deck.pop()
    else:
        for player in game.players:
            if card in player.hand:
                player.hand.remove(card)
                break
        else:
            raise AssertionError(f"card {card} is not in the deck, discard, display or a hand")
    refresh(game)


def to_hand(game: ArkNovaGame, seat: int, *cards: int) -> None:
    for card in cards:
        take_out(game, card)
        game.players[seat].hand.append(card)


def to_display(game: ArkNovaGame, card: int, folder: int) -> int:
    """Put `card` in display folder `folder` (1-6); the card that was there goes back into the deck."""
    take_out(game, card)
    previous = game.display[folder - 1]
    game.deck.insert(0, previous)
    game.display[folder - 1] = card
    refresh(game)
    return previous


def to_row(game: ArkNovaGame, *numbers: int) -> None:
    """Set the project row above the association board (leftmost first) with fresh cards."""
    for number in numbers:
        take_out(game, number)
    game.projects = [project_row(number) for number in numbers]
    refresh(game)


@contextmanager
def _zoo_changes_only(game: ArkNovaGame, seat: int, card: int) -> Iterator[None]:
    """Move `card` to the seat's hand, run the engine's play routine inside the block, then undo
    everything the play changed besides the zoo itself (money, tracks, pending steps, cards moved)."""
    player = game.players[seat]
    to_hand(game, seat, card)
    saved = (player.money, player.appeal, player.cp, player.reputation, player.xtokens,
             player.milestones, list(game.stack), list(game.after_action), list(game.deck),
             list(game.discard), list(game.display), [list(other.hand) for other in game.players])
    yield
    (player.money, player.appeal, player.cp, player.reputation, player.xtokens,
     player.milestones, game.stack, game.after_action, game.deck, game.discard, game.display, hands) = saved
    for other, hand in zip(game.players, hands):
        other.hand = [number for number in hand if number != card] if other is player else hand
    refresh(game)


def install_animal(game: ArkNovaGame, seat: int, number: int, building: int) -> None:
    """Put an animal into the zoo through the engine's play routine, keeping only what it changed in the zoo."""
    from sim.arknova.actions.animals import play_animal

    with _zoo_changes_only(game, seat, number):
        play_animal(game, seat, number, -1, building)


def install_sponsor(game: ArkNovaGame, seat: int, number: int) -> None:
    """Put a sponsor into the zoo through the engine's play routine (its icons arrive, its tokens go on
    it), keeping only what it changed in the zoo: no unique building is placed."""
    from sim.arknova.actions.sponsors import play_sponsor

    with _zoo_changes_only(game, seat, number):
        play_sponsor(game, seat, number, -1)


def add_card(game: ArkNovaGame, seat: int, number: int) -> None:
    """Play an animal (into a new home, `house`) or a sponsor (`install_sponsor`) into the seat's zoo."""
    if number in game.catalog.animals:
        house(game, seat, number)
    else:
        install_sponsor(game, seat, number)


def house(game: ArkNovaGame, seat: int, number: int) -> int:
    """Give the animal a home and put it in (install_animal): a special enclosure of the zoo with room,
    else a new enclosure on free cells (its standard size, or its special enclosure) touching the rock and
    water it needs. Returns the building index."""
    player = game.players[seat]
    animal = game.catalog.animals[number]
    rooms = [index for index in zoo.enclosures_for(player, animal) if player.buildings[index][0] == animal.special]
    if rooms:
        index = rooms[0]
    else:
        kind = f"enclosure-{animal.size}" if animal.standard_allowed else animal.special
        index = put(game, seat, kind, free_spot(game, seat, kind, partial(zoo.fits, animal)))
    install_animal(game, seat, number, index)
    return index


def free_spot(game: ArkNovaGame, seat: int, kind: str, accept=lambda where: True) -> list[tuple[int, int]]:
    """Cells of the first placement of `kind` on free cells of the seat's map meeting `accept`
    (building rules are not checked; used to set a zoo up by hand)."""
    player = game.players[seat]
    for candidate in board_of(player).placements_for(kind):
        if not candidate.mask & player.occupied and accept(candidate):
            return list(candidate.cells)
    raise AssertionError(f"no free {kind} spot")


def project_row(number: int, holders: list[int] | None = None) -> ProjectRow:
    return ProjectRow(number, holders if holders is not None else [-1] * len(CATALOG.projects[number].slots))


def legal_game(players: int, seed: int, bots: Any) -> list[Any]:
    """Play a game (maps 1-8) with `bots(players)`, asserting that every decision is answered with a legal
    option and that the game finishes; its choices and results, to compare two plays of one seed."""
    choices: list[Any] = []

    def legal(state: Any, decision: Any, choice: Any) -> None:
        assert choice in decision.options
        choices.append(choice)

    record = play_game(new_game({"players": players, "maps": "random"}, seed), bots(players), seed, listeners=[legal])
    assert record.status == "finished"
    return choices + [(result.seat, result.score) for result in record.results]


def keep_decision(seed: int, players: int = 2) -> tuple[Any, Any]:
    """The first opening-keep decision of a game of `players` (maps 1-8): (its seat's observation, the decision)."""
    game = new_game({"players": players, "maps": "random"}, seed)
    while game.decision().kind != "keep_cards":
        game.apply(game.decision().options[0])
    decision = game.decision()
    return game.observation(decision.seat), decision


__all__ = [
    "BIT", "CATALOG", "BASE_PROJECTS", "ZOO_CARDS", "add_card", "build_turn", "building_index",
    "building_spaces", "building_spaces_next_to", "cells_adjacent",
    "choose", "clear_zoo", "cover", "end_game_gain", "expect", "finish", "grid_neighbours", "hex_distance",
    "house", "is_border", "placement", "play_randomly", "project_row", "put", "ready_game", "refresh",
    "set_cards", "start_turn", "take_out", "to_hand", "to_display", "to_row", "install_animal",
    "install_sponsor", "free_spot", "legal_game", "keep_decision",
]

