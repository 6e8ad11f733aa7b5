"""Setting up a game (Spielaufbau), and the game's config.

Standard game: the six boards' standard side; a green token face down on each stack space with a blue
one on it, a red token on each red space, the rest back in the box. "Die Raubtierkarten mit den roten
Referenznummern 111 bis 116 werden aus dem Stapel 1 herausgesucht. An jeden Spieler wird eine davon
ausgeteilt. Die nicht ausgeteilten Raubtierkarten werden zusammen mit allen anderen Karten des Stapels 1
gemischt, anschließend werden von diesem Stapel fünf weitere Karten von Stapel 1 an jeden Spieler
verdeckt ausgeteilt". Decks 2 and 3 are shuffled separately.

Introductory game (`intro=true`): the egg side of Africa, Asia, Australasia and Europe, only the egg
cards, no bobcat and swift tokens and no red token of North or South America, the starting sets green,
red, blue to seats 1, 2, 3 (a set no seat takes is shuffled into deck 1), hand limit four, at most four
cards per class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sim.core.seeds import python_rng
from sim.inhabit import rules  # noqa: F401  (registers every step and effect before a game is made)
from sim.inhabit.catalog import CLASSES, CONTINENTS, INTRO, RED, STACK, STANDARD, Catalog
from sim.inhabit.state import HAND_LIMIT, INTRO_HAND_LIMIT, InhabitState, Seat

DEFAULT_CONFIG: dict[str, Any] = {"players": 2, "intro": False, "end_continents": 2, "max_turns": 600,
                                  "open_decks": "regions"}
OPEN_DECKS = ("regions", "up_to_highest")  # 2c: the rule sentence, or the worked example (rules decision 26)
MIN_PLAYERS, MAX_PLAYERS, MAX_INTRO_PLAYERS = 2, 4, 3
STARTING_SETS = ("green", "red", "blue")
DEALT = 5  # cards from deck 1 besides the red predator
INTRO_CLASSES = 4  # birds, herbivores, predators, smaller mammals


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(config: Mapping[str, Any]) -> dict[str, Any]:
    """The config with defaults filled in; a ValueError with a one-line message if bad."""
    unknown = sorted(set(config) - set(DEFAULT_CONFIG))
    if unknown:
        raise ValueError(f"unknown Inhabit the Earth option(s): {', '.join(unknown)} "
                         f"(options: {', '.join(name for name in DEFAULT_CONFIG if name != 'players')})")
    merged = {**DEFAULT_CONFIG, **config}
    if isinstance(merged["intro"], str) and merged["intro"].lower() in ("true", "false"):
        merged["intro"] = merged["intro"].lower() == "true"
    if not isinstance(merged["intro"], bool):
        raise ValueError(f"intro must be true or false, got {merged['intro']!r}")
    players = merged["players"]
    highest = MAX_INTRO_PLAYERS if merged["intro"] else MAX_PLAYERS
    if not _whole(players) or not MIN_PLAYERS <= players <= highest:
        game = "the introductory game" if merged["intro"] else "Inhabit the Earth"
        raise ValueError(f"players must be {MIN_PLAYERS}-{highest} for {game}, got {players!r}")
    continents = 4 if merged["intro"] else len(CONTINENTS)
    if not _whole(merged["end_continents"]) or not 1 <= merged["end_continents"] <= continents:
        raise ValueError(f"end_continents must be a whole number from 1 to {continents}, got {merged['end_continents']!r}")
    if not _whole(merged["max_turns"]) or merged["max_turns"] < 1:
        raise ValueError(f"max_turns must be a whole number of at least 1, got {merged['max_turns']!r}")
    if merged["open_decks"] not in OPEN_DECKS:
        raise ValueError(f"open_decks must be {' or '.join(OPEN_DECKS)}, got {merged['open_decks']!r}")
    return merged


def new_game(catalog: Catalog, config: Mapping[str, Any], seed: int) -> InhabitState:
    """A game set up as the rulebook says, shuffled from `seed`."""
    players, intro = config["players"], config["intro"]
    rng = python_rng(seed, 0)
    side = catalog.trails[INTRO if intro else STANDARD]
    trails = tuple(side.get(continent) for continent in range(len(CONTINENTS)))
    in_play = sorted(number for number, card in catalog.cards.items() if not intro or card.egg)
    decks = [[number for number in in_play if number // 100 == deck] for deck in (1, 2, 3)]
    limit = INTRO_HAND_LIMIT if intro else HAND_LIMIT
    hands = _intro_hands(catalog, decks[0], players) if intro else _red_predators(catalog, decks[0], players, rng)
    for deck in decks:
        rng.shuffle(deck)
    if not intro:
        for hand in hands:
            hand += [decks[0].pop() for _ in range(DEALT)]
    seats = [Seat(hand, limit) for hand in hands]
    game = InhabitState(catalog, trails, catalog.start_space[players], intro, config["end_continents"],
                        config["max_turns"], INTRO_CLASSES if intro else len(CLASSES), seats, decks, rng,
                        config["open_decks"] == "up_to_highest")
    _lay_tokens(game, intro)
    return game


def _red_predators(catalog: Catalog, deck: list[int], players: int, rng: Any) -> list[list[int]]:
    """One red predator card to each seat, taken from deck 1 (the rest stay in it)."""
    red = [number for number in deck if catalog.cards[number].red]
    if len(red) < players:
        raise ValueError(f"the data has {len(red)} red predator cards, {players} players need one each")
    rng.shuffle(red)
    hands = [[red[seat]] for seat in range(players)]
    for hand in hands:
        deck.remove(hand[0])
    return hands


def _intro_hands(catalog: Catalog, deck: list[int], players: int) -> list[list[int]]:
    """The starting sets, green to the first seat, red to the second, blue to the third."""
    hands = []
    for seat in range(players):
        hand = sorted(number for number in deck if catalog.cards[number].starter == STARTING_SETS[seat])
        if not hand:
            raise ValueError(f"the data has no egg card of the {STARTING_SETS[seat]} starting set")
        hands.append(hand)
        for number in hand:
            deck.remove(number)
    return hands


def _lay_tokens(game: InhabitState, intro: bool) -> None:
    """Stacks of green under blue on the stack spaces, red tokens on the red spaces, face down at
    random; the tokens left over go back to the box."""
    tokens = game.catalog.tokens
    pools = {color: sorted(token.id for token in tokens.values() if token.color == color and (token.intro or not intro))
             for color in ("green", "blue", "red")}
    for pool in pools.values():
        game.rng.shuffle(pool)
    for continent, trail in enumerate(game.trails):
        if trail is None:
            continue
        for space, kind in enumerate(trail.tokens):
            if kind == STACK:
                game.stacks[continent][space] += [pools["green"].pop(), pools["blue"].pop()]
            elif kind == RED:
                game.stacks[continent][space].append(pools["red"].pop())
    game.box = sorted(token for pool in pools.values() for token in pool)
