"""A turn: pick an action card (and X-tokens to spend) or take an X-token; then the
card moves to slot 1, "after the action" effects run, the display refills, the end
and the break are checked, and play passes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sim.arknova import action_tokens as tokens
from sim.arknova import deck, history, map_abilities, tracks
from sim.arknova.effects import grant
from sim.arknova.state import ACTION_CARDS, Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

# card -> (the least strength at which the seat can do something with the card on that side, None if
# nothing; the first step)
MinStrength = Callable[["ArkNovaGame", int, bool], "int | None"]
ACTIONS: dict[str, tuple[MinStrength, Callable[[int, int, bool], Step]]] = {}
SOLO_FIRST_ROUND = 7  # solo tile tokens: rounds of 7, 6, 5, 4, 3 and 2 turns
SOLO_BREAKS = 5


def action(card: str, start: Callable[[int, int, bool], Step]) -> Callable[[MinStrength], MinStrength]:
    """Register an action card: the least strength that lets it do something, and its first step.

    An action may never do nothing, so the turn offers a card only at strengths from that least one
    up (every action can do at least as much at a higher strength)."""

    def wrap(min_strength: MinStrength) -> MinStrength:
        ACTIONS[card] = (min_strength, start)
        return min_strength

    return wrap


# The turn's option tuples, made once: for a player holding n X-tokens, `_ACT[n][card]` is ("act", card, spent)
# for spent 0..n, sliced from the least spend up (a turn lists up to 30 of them, and making them anew each turn
# cost a tenth of the turn).
_ACT: dict[int, dict[str, tuple[tuple[str, str, int], ...]]] = {}
_XTOKEN = tuple(("xtoken", card) for card in ACTION_CARDS)


def _act_options(xtokens: int) -> dict[str, tuple[tuple[str, str, int], ...]]:
    """Action card -> ("act", card, spent) for every spend from 0 to `xtokens`."""
    made = _ACT.get(xtokens)
    if made is None:
        made = _ACT[xtokens] = {card: tuple(("act", card, spent) for spent in range(xtokens + 1))
                                for card in ACTION_CARDS}
    return made


@options("turn")
def turn_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """("act", card, xtokens spent) for every feasible strength, ("xtoken", card) while below 5,
    ("harbor", card) once per turn on map 4 (step[2] is True once it was used)."""
    seat = step[1]
    player = game.players[seat]
    result: list[Any] = map_abilities.harbor_options(player, len(step) > 2)
    upgraded, xtokens, tokens_lie = player.upgraded, player.xtokens, bool(player.action_tokens)
    acts = _ACT.get(xtokens) or _act_options(xtokens)
    slot = 0
    for card in player.action_cards:
        slot += 1
        needed = ACTIONS[card][0](game, seat, card in upgraded)
        if needed is not None:
            strength = tokens.card_strength(player, card, slot) if tokens_lie else slot  # no token: its slot
            # the spends of `tokens.xtoken_spends`, from `tokens.least_spend` (written out: five cards a turn)
            result += acts[card][needed - strength if needed > strength else 0:]
    if xtokens < game.catalog.tracks.xtoken_max:
        result += _XTOKEN
    return tuple(result)


@resolver("turn")
def start_turn(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat = step[1]
    player = game.players[seat]
    card = choice[1]
    if choice[0] == "harbor":
        game.push(("turn", seat, True))
        map_abilities.use_harbor(game, seat, card)
        return
    sale = map_abilities.harbor_sale_steps(player, len(step) > 2)  # map 4: a sale after the action
    if choice[0] == "xtoken":
        if game.log is not None:
            game.say(seat, f"takes an X-token with {card}")
        game.push(*sale, ("end_turn", seat))
        player.action_counts["xtoken"] = player.action_counts.get("xtoken", 0) + 1
        history.open_turn(game, seat, "xtoken", card, 0, 0)
        tracks.gain_xtokens(game, seat, 1)
        finish_action(game, ("finish_action", seat, card), None)  # at once: nothing comes in between
        return
    spent = choice[2]
    game.action_card = card
    strength = tokens.card_strength(player, card) + spent
    player.xtokens -= spent
    player.xtokens_spent += spent
    counts = player.action_counts
    counts[card] = counts.get(card, 0) + 1
    side_two = card in player.upgraded
    history.open_turn(game, seat, card, card, strength, spent)
    if game.log is not None:
        game.say(seat, f"{card} {'II' if side_two else 'I'} at strength {strength}"
                 + (f" ({spent} X-token{'s' if spent > 1 else ''})" if spent else ""))
    first = ACTIONS[card][1](seat, strength, side_two)
    after = ("finish_action", seat, card), *sale, ("end_turn", seat)
    if player.action_tokens and tokens.use_card(game, seat, card) == 2:  # a multiplier token: the action twice
        game.push(first, first, *after)
    else:
        game.push(first, *after)


@resolver("finish_action")
def finish_action(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """The used card goes to slot 1 and sheds its venom and constriction tokens; then the "after
    the action" effects resolve, this card's action being the one they follow."""
    seat, card = step[1], step[2]
    game.action_card = card
    player = game.players[seat]
    if player.action_tokens:  # no token lies on any card (most turns): none leaves
        tokens.card_used(game, seat, card)
    cards = player.action_cards
    cards.remove(card)
    cards.insert(0, card)
    if game.after_action:
        pending, game.after_action = game.after_action, []
        for owner, effect in reversed(pending):
            grant(game, owner, effect)


@resolver("end_turn")
def end_turn(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Venom's fee, refill the display, check the end of the game, then a break if one is due."""
    seat = step[1]
    player = game.players[seat]
    if player.action_tokens or player.venom_spared:  # no venom token lies (most turns): no fee, nothing spared
        tokens.venom_fee(game, seat)
    deck.refill_display(game)
    if game.log is not None:  # the line is built only for a log: lookahead plays many turns
        game.say(seat, f"ends turn {player.turns + 1}: appeal {player.appeal}, CP {player.cp}, "
                       f"reputation {player.reputation}, money {player.money}, X {player.xtokens}, "
                       f"hand {len(player.hand)}, score {tracks.score(player)}, break {game.break_position}/{game.break_length}")
    history.close_turn(game, seat)
    player.turns += 1
    game.turn += 1
    solo = game.solo
    if game.end_turns_left > 0:
        game.end_turns_left -= 1
    elif game.end_turns_left < 0 and not solo and tracks.score(player) >= 100:
        game.end_turns_left = len(game.players) - 1
        game.end_trigger = seat
        game.say(seat, f"triggers the end of the game with score {tracks.score(player)}")
    if solo:
        game.solo_tokens += 1
        if game.solo_tokens >= SOLO_FIRST_ROUND - game.breaks:
            game.solo_tokens = 0
            if game.breaks >= SOLO_BREAKS:
                game.end_turns_left = 0
            else:
                game.break_pending = True
                game.break_trigger = seat
    if game.break_pending:
        game.push(("break",), ("advance", seat))
    else:
        pass_turn(game, seat)  # at once: a step of its own would only be resolved next (most turns)


@resolver("advance")
def advance(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """After a break: play passes on."""
    pass_turn(game, step[1])


def pass_turn(game: "ArkNovaGame", seat: int) -> None:
    """The next seat's turn, or the final scoring once the last turn was played."""
    if game.end_turns_left == 0:
        game.push(("final_scoring",))
        return
    game.current = (seat + 1) % len(game.players)
