"""A new game from a config and a seed: the board, the decks, the maps and the opening hands.

Config keys (defaults in `DEFAULT_CONFIG`):
- ``players``: 1-4;
- ``maps``: "A", "0", "random" (a different map 1-8 each), "draft" (draw 2 of maps 1-8,
  keep 1: a decision), or a list with one map id per seat;
- ``solo_appeal``: starting appeal of a solo game (20, 10 or 0);
- ``solo_challenge``: solo only, three games in a row on the cards left over (`sim.arknova.solo`).

The game is played with the catalog it is set up from (the base data files unless another is given,
for example one with a balance experiment's overrides).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from sim.arknova import abilities, actions, breaks, deck, scoring  # noqa: F401  (importing registers every step)
from sim.arknova.actions.association import university_ids
from sim.arknova.board import board_of
from sim.arknova.catalog import Catalog, load_catalog
from sim.arknova.engine import ArkNovaGame
from sim.arknova.geometry import mask_of
from sim.arknova.state import ACTION_CARDS, PlayerState, ProjectRow, Step
from sim.arknova.steps import options, resolver
from sim.core.seeds import python_rng

ADVANCED_MAPS = tuple(str(number) for number in range(1, 9))
MAP_CHOICES = ("A", "0", "random", "draft")
DEFAULT_CONFIG: dict[str, Any] = {"players": 2, "maps": "A", "solo_appeal": 20, "solo_challenge": False}
BONUS_TILES_PER_SPACE = 2
FINAL_SCORING_PER_PLAYER = 2
TWO_PLAYER_BLOCKED_SLOT = (0, 1, 2)  # left card: left slot, middle: middle, right: right
SOLO_UNUSABLE_FINAL_SCORING = frozenset({"biodiversity"})  # compares with the player on your right


class ConfigError(ValueError):
    """A bad game option; the message is one line for the user."""


def validate(config: Mapping[str, Any], catalog: Catalog | None = None) -> dict[str, Any]:
    """Defaults filled in, every value checked against the catalog (the base data when None), unknown keys refused."""
    catalog = catalog or load_catalog()
    unknown = set(config) - set(DEFAULT_CONFIG)
    if unknown:
        raise ConfigError(f"unknown Ark Nova option(s): {', '.join(sorted(unknown))}")
    merged = {**DEFAULT_CONFIG, **config}
    players = merged["players"]
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise ConfigError(f"players must be 1-4, got {players!r}")
    maps = merged["maps"]
    if isinstance(maps, (list, tuple)):
        if len(maps) != players or any(str(m) not in catalog.maps for m in maps):
            raise ConfigError(f"maps must list {players} map ids ({map_ids(catalog)}), got {maps!r}")
        merged["maps"] = [str(m) for m in maps]
    elif str(maps) not in MAP_CHOICES and str(maps) not in catalog.maps:
        choices = ", ".join(choice for choice in MAP_CHOICES if choice not in catalog.maps)
        raise ConfigError(f"maps must be one of {choices}, a map id ({map_ids(catalog)}) or one map id per seat separated "
                          f"by commas, got {maps!r}")
    else:
        merged["maps"] = str(maps)
    if merged["solo_appeal"] not in dict(catalog.tracks.solo_starting_appeal).values():
        raise ConfigError(f"solo_appeal must be 20, 10 or 0, got {merged['solo_appeal']!r}")
    if merged["solo_challenge"] not in (True, False):
        raise ConfigError(f"solo_challenge must be true or false, got {merged['solo_challenge']!r}")
    if merged["solo_challenge"] and players != 1:
        raise ConfigError("solo_challenge needs players = 1")
    return merged


def map_ids(catalog: Catalog) -> str:
    """The catalog's map ids for a message, a run of numbers as a range: "A, 0, 1 to 8"."""
    numbers = sorted(int(map_id) for map_id in catalog.maps if map_id.isdigit() and int(map_id) > 0)
    named = [map_id for map_id in catalog.maps if not (map_id.isdigit() and int(map_id) > 0)]
    if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return ", ".join([*named, f"{numbers[0]} to {numbers[-1]}"])
    return ", ".join([*named, *map(str, numbers)])


def new_game(config: Mapping[str, Any], seed: int, catalog: Catalog | None = None) -> ArkNovaGame:
    """Set up the table as the rulebook's setup steps do, all randomness from `seed`; the game is
    played with `catalog` (the base data when None)."""
    catalog = catalog or load_catalog()
    config = validate(config, catalog)
    game = ArkNovaGame()
    game.catalog = catalog
    game.config = config
    game.rng = rng = python_rng(seed)
    tiles = [tile for tile, _ in catalog.tiles.bonus_tiles]
    rng.shuffle(tiles)
    deck_order = list(catalog.zoo_deck)
    rng.shuffle(deck_order)
    game.deck = deck_order
    game.display = [game.deck.pop() for _ in range(deck.DISPLAY_SIZE)]
    base = list(catalog.base_projects)
    rng.shuffle(base)
    lay_table(game, tiles, base, ADVANCED_MAPS)
    return game


def lay_table(game: ArkNovaGame, tiles: list[str], base: list[int], map_pool: tuple[str, ...]) -> None:
    """Everything after the deck and display: bonus tiles, base projects, the association board,
    final-scoring cards, maps (drawn from `map_pool`), the seats and their setup decisions.
    What was laid out is recorded in `game.challenge` for a solo challenge's next game."""
    config = game.config
    catalog = game.catalog
    tracks = catalog.tracks
    rng = game.rng
    players = config["players"]
    game.bonus_tiles = {5: tiles[:BONUS_TILES_PER_SPACE], 8: tiles[BONUS_TILES_PER_SPACE:2 * BONUS_TILES_PER_SPACE]}
    for position, number in enumerate(base[:tracks.base_projects[players]]):
        holders = [-1] * len(catalog.projects[number].slots)
        if players == 2:
            holders[TWO_PLAYER_BLOCKED_SLOT[position]] = -2
        game.base_projects.append(ProjectRow(number, holders))
    game.project_row_limit = tracks.project_row[players]
    game.partner_zoo_board = list(catalog.tiles.partner_zoo_continents)
    game.university_board = university_ids(game)
    game.break_length = 0 if players == 1 else tracks.break_length_for(players)
    final_cards = [number for number, card in catalog.final_scoring.items()
               if players > 1 or card.quantity not in SOLO_UNUSABLE_FINAL_SCORING]
    rng.shuffle(final_cards)
    map_ids = _assign_maps(catalog, config["maps"], players, rng, map_pool)
    setup_steps: list[Step] = []
    for seat in range(players):
        player = PlayerState(seat, map_ids[seat], catalog)
        player.money = tracks.starting_money
        player.reputation = tracks.reputation_start
        player.appeal = config["solo_appeal"] if players == 1 else tracks.starting_appeal[seat]
        if players == 1:
            player.appeal_condition_extra = config["solo_appeal"]
        player.hand_limit = tracks.hand_limit
        others = [card for card in ACTION_CARDS if card != "animals"]
        rng.shuffle(others)
        player.action_cards = ["animals", *others]
        player.final_scoring = [final_cards.pop() for _ in range(FINAL_SCORING_PER_PLAYER)]
        player.final_scoring_dealt = tuple(player.final_scoring)
        player.dealt = tuple(game.deck.pop() for _ in range(tracks.hand_dealt))
        game.players.append(player)
        if config["maps"] == "draft":
            setup_steps.append(("choose_map", seat, tuple(map_ids[seat * 2:seat * 2 + 2])))
        setup_steps.append(("keep_cards", seat))
    if config["maps"] != "draft":
        for player in game.players:
            place_start_buildings(player)
    game.challenge = {
        "scores": game.challenge.get("scores", ()),
        "bases": game.challenge.get("bases", ()) + tuple(row.number for row in game.base_projects),
        "tiles": game.challenge.get("tiles", ()) + tuple(tiles[:2 * BONUS_TILES_PER_SPACE]),
        "maps": game.challenge.get("maps", ()) + tuple(m for m in map_ids if m in ADVANCED_MAPS),
    }
    game.push(*setup_steps)


def _assign_maps(catalog: Catalog, choice: Any, players: int, rng: Any, map_pool: tuple[str, ...]) -> list[str]:
    """One map id per seat; for a draft, two candidates per seat (seat s gets 2s and 2s+1)."""
    if isinstance(choice, list):
        return choice
    if choice in catalog.maps:
        return [choice] * players
    pool = list(map_pool)
    rng.shuffle(pool)
    return pool[:players] if choice == "random" else pool[:2 * players]


def place_start_buildings(player: PlayerState) -> None:
    """Map A starts with an empty size-3 enclosure and a kiosk."""
    board = board_of(player)
    for shape, cells, _empty in board.zoo_map.start_buildings:
        mask = mask_of(cells)
        kind = "kiosk" if shape == "kiosk" else f"enclosure-{len(cells)}"
        placement = next(p for p in board.placements_for(kind) if p.mask == mask)
        player.buildings.append((kind, placement, 0))
        player.occupied |= mask
        if kind == "kiosk":
            player.kiosks |= mask


@options("choose_map")
def map_options(game: ArkNovaGame, step: Step) -> tuple[Any, ...]:
    return step[2]


@resolver("choose_map")
def choose_map(game: ArkNovaGame, step: Step, map_id: Any) -> None:
    player = game.players[step[1]]
    player.map_id = map_id
    place_start_buildings(player)


@options("keep_cards")
def keep_options(game: ArkNovaGame, step: Step) -> tuple[Any, ...]:
    """Every way to keep 4 of the 8 dealt cards; a study's keep step (seat, card, keep) allows only the ways that
    keep that card, or only those that let it go (`sim.arknova.study.bind_keep`), while it is in the deal."""
    ways = tuple(combinations(game.players[step[1]].dealt, game.catalog.tracks.hand_kept))
    if len(step) == 2 or step[2] not in game.players[step[1]].dealt:
        return ways
    return tuple(way for way in ways if (step[2] in way) == step[3])


@resolver("keep_cards")
def keep_cards(game: ArkNovaGame, step: Step, kept: Any) -> None:
    seat = step[1]
    player = game.players[seat]
    player.kept = tuple(kept)
    player.hand = list(kept)
    game.say(seat, f"map {game.catalog.maps[player.map_id].label}, keeps "
             + ", ".join(game.catalog.card(card).name for card in kept))
    for card in player.dealt:
        deck.record(game, "dealt", seat, card, "deck")
        if card in kept:
            deck.record(game, "kept", seat, card, "deck")
        else:
            game.discard.append(card)
