"""The solo challenge: three solo games in a row on the cards left over, scored together.

After each game every card that was in play (discard pile, display, the player's hand and zoo,
every conservation project laid out) leaves the game; the deck is not shuffled. The maps drawn
(drafted or random) and the 4 bonus tiles used leave too; the third game adds 3 random used tiles
back to the one left. The challenge is won when the three scores sum to 300 or more, that is
when the victory points sum to 0 or more. The timing of a single solo game lives in
`actions/turn.py` (the solo tile) and `breaks.py` (the donation marker).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.arknova import deck, tracks

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

CHALLENGE_GAMES = 3
TILES_PER_GAME = 4


def continues(game: "ArkNovaGame") -> bool:
    """Whether a finished game is followed by another game of a solo challenge."""
    return bool(game.config.get("solo_challenge")) and len(game.challenge["scores"]) < CHALLENGE_GAMES - 1


def next_game(game: "ArkNovaGame") -> None:
    """Record this game's victory points and lay the next game out on the same object."""
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.setup import ADVANCED_MAPS, lay_table

    record = game.challenge
    rng = game.rng
    fresh = ArkNovaGame()
    fresh.catalog = game.catalog
    fresh.config = game.config
    fresh.rng = rng
    fresh.unhandled = game.unhandled
    fresh.challenge = {**record, "scores": record["scores"] + (tracks.victory_points(game.players[0]),)}
    fresh.deck = game.deck[:]
    fresh.display = [fresh.deck.pop() for _ in range(deck.DISPLAY_SIZE)]
    bases = [number for number in game.catalog.base_projects if number not in record["bases"]]
    rng.shuffle(bases)
    all_tiles = [tile for tile, _ in game.catalog.tiles.bonus_tiles]
    tiles = [tile for tile in all_tiles if tile not in record["tiles"]]
    rng.shuffle(tiles)
    if len(tiles) < TILES_PER_GAME:
        tiles += rng.sample([tile for tile in all_tiles if tile not in tiles], TILES_PER_GAME - len(tiles))
    pool = tuple(map_id for map_id in ADVANCED_MAPS if map_id not in record["maps"])
    lay_table(fresh, tiles, bases, pool)
    log, events, turn_history = game.log, game.events, game.turn_history
    if log is not None:
        log.append(f"-- solo challenge game {len(fresh.challenge['scores']) + 1} of {CHALLENGE_GAMES}")
    fresh.copy_into(game)
    game.rng = rng
    game.log, game.events, game.turn_history = log, events, turn_history


def challenge_total(game: "ArkNovaGame") -> int:
    """Victory points of every finished challenge game plus the current one."""
    return sum(game.challenge.get("scores", ())) + tracks.victory_points(game.players[0])
