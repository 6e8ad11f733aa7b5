"""A new Ark & Noah game: the config checked, the ark of the player count, the species in play,
every player's start pieces and animals, the workers on the first 'done' spaces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sim.arknoah import animals, building, flow, loading  # noqa: F401  (they register the steps)
from sim.arknoah.catalog import Catalog
from sim.arknoah.state import NoahState, new_state
from sim.core.seeds import python_rng

DEFAULT_CONFIG: dict[str, Any] = {"players": 4, "quick": False, "max_rounds": 30}
MAX_ROUNDS_LIMIT = 100


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(config: Mapping[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The config with defaults filled in; a one-line ValueError when something is wrong."""
    unknown = sorted(set(config) - set(DEFAULT_CONFIG))
    if unknown:
        raise ValueError(f"unknown Ark & Noah option(s): {', '.join(unknown)} (options: players, quick, max_rounds)")
    merged = {**DEFAULT_CONFIG, **config}
    players = merged["players"]
    if not _is_whole(players) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2-4, got {players!r}")
    if not isinstance(merged["quick"], bool):
        raise ValueError(f"quick must be true or false, got {merged['quick']!r}")
    rules = catalog.rules
    minimum = rules.quick_min_rounds if merged["quick"] else rules.min_rounds
    rounds = merged["max_rounds"]
    if not _is_whole(rounds) or not minimum <= rounds <= MAX_ROUNDS_LIMIT:
        raise ValueError(f"max_rounds must be a whole number from {minimum} (the rules' minimum) to "
                         f"{MAX_ROUNDS_LIMIT}, got {rounds!r}")
    return merged


def new_game(config: Mapping[str, Any], seed: int, catalog: Catalog) -> NoahState:
    """Set up a game from a validated config; the same seed gives the same game."""
    config = validate(config, catalog)
    players, quick = config["players"], config["quick"]
    rules = catalog.rules
    game = new_state(catalog, players, quick, config["max_rounds"], python_rng(seed).getrandbits(64))
    for tile in catalog.tiles:
        kind = catalog.species[tile.species]
        if players not in kind.removed_with and not (quick and kind.size == 0):
            game.return_to_bag(tile.number)
    columns = rules.worker_columns[players]
    game.worker_seat = tuple(seat for seat, own in enumerate(columns) for _ in own)
    game.worker_column = [column for own in columns for column in own]
    for seat, player in enumerate(game.players):
        player.walls = rules.start_walls
        game.supply_walls[seat] -= rules.start_walls
        if not quick:
            player.pitch, player.food = rules.start_pitch, rules.start_food
            game.supply_pitch -= rules.start_pitch
            game.supply_food -= rules.start_food
    for seat in range(players):
        deal_animals(game, seat)
    return game


def deal_animals(game: NoahState, seat: int) -> None:
    """The seat's start males and females. A female completing a pair with one of its males goes
    back, and another female of a different species is drawn in its place (decision R3)."""
    rules, tiles = game.rules, game.catalog.tiles
    males = [game.draw(True) for _ in range(min(rules.start_males, len(game.bags[1])))]
    own_species = {tiles[tile].species for tile in males}
    females = []
    for _ in range(min(rules.start_females, len(game.bags[0]))):
        female = game.draw(False)
        if tiles[female].species in own_species:
            others = [tile for tile in game.bags[0] if tiles[tile].species not in own_species]
            if others:
                replacement = others[game.randbelow(len(others))]
                game.bags[0].remove(replacement)
                game.return_to_bag(female)
                game.drawn.remove(female)
                female = replacement
        females.append(female)
    for tile in males + females:
        game.holder[tile] = seat
    game.drawn = [tile for tile in game.drawn if game.holder[tile] != seat]
