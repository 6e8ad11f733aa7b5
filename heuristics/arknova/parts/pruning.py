"""Turn options a whole-turn lookahead need not play out, told apart by cheap tests from the rules.

Most of a lookahead bot's time goes into playing each turn option to the turn's end. Two kinds of
option are rarely or never best, and a look at the position says so without a playout:

- The X-token action (`("xtoken", card)`): the rulebook offers it for when a player "cannot or does
  not want to" perform any of the five actions; it brings one X-token and moves the card to slot 1.
  It is kept while at most `XTOKEN_FREE_ACTIONS` action cards can act without spending X-tokens (the
  action is forced, or there is none); otherwise an action card's own use is the plausible best.
- An X-token spent for nothing: the rulebook warns that for some actions a strength above 5 brings no
  improvement. For the actions whose strength only picks a row of a table (Animals: how many animals,
  and side II's reputation at 5; Cards: draws, discards and the snap), a spend that reaches the same
  row as one X-token less does the same action at a higher price, and is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim.arknova import action_tokens
from sim.arknova.actions.animals import STRENGTH_FIVE
from sim.arknova.catalog import Tracks
from sim.arknova.engine import ArkNovaGame

XTOKEN_FREE_ACTIONS = 1  # X-token options are kept while at most this many cards act without X-tokens


def table_row(tracks: Tracks, card: str, side_two: bool, strength: int) -> tuple[Any, ...] | None:
    """What an action whose strength only picks a row of a table does at `strength` (None for the
    actions whose strength counts in other ways: build, association, sponsors)."""
    if card == "animals":
        row = tracks.animals_max[side_two]
        return row[min(strength, len(row)) - 1], side_two and strength >= STRENGTH_FIVE
    if card == "cards":
        draws, discards = tracks.cards_draw[side_two], tracks.cards_discard[side_two]
        index = min(strength, len(draws)) - 1
        return draws[index], discards[index], strength >= tracks.cards_snap_strength[side_two]
    return None


def wasted_spend(game: ArkNovaGame, seat: int, option: Any, least: int) -> bool:
    """Whether `option` ("act", card, spent) spends an X-token that buys nothing: more than the card's
    `least` spend, and the same table row as one X-token less."""
    _, card, spent = option
    if spent <= least:
        return False
    player = game.players[seat]
    strength = action_tokens.card_strength(player, card) + spent
    side_two = player.is_upgraded(card)
    row = table_row(game.catalog.tracks, card, side_two, strength)
    return row is not None and row == table_row(game.catalog.tracks, card, side_two, strength - 1)


def xtoken_plausible(options: Sequence[Any]) -> bool:
    """Whether the X-token action may be the turn's best: at most `XTOKEN_FREE_ACTIONS` action cards
    can act without spending X-tokens."""
    free = sum(1 for option in options if option[0] == "act" and option[2] == 0)
    return free <= XTOKEN_FREE_ACTIONS


def prune_turn_options(game: ArkNovaGame, seat: int, options: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """The turn options worth playing out in `game` (settled), and those left out, both in the given order."""
    least: dict[str, int] = {}
    for option in options:
        if option[0] == "act":
            least[option[1]] = min(least.get(option[1], option[2]), option[2])
    keep_xtoken = xtoken_plausible(options)
    kept, dropped = [], []
    for option in options:
        if option[0] == "xtoken":
            worth = keep_xtoken
        elif option[0] == "act":
            worth = not wasted_spend(game, seat, option, least[option[1]])
        else:
            worth = True
        (kept if worth else dropped).append(option)
    return kept, dropped
