"""Tokens on action cards: Multiplier (the next use of the card acts twice), Venom (a fee at the
end of each turn while a token lies unused) and Constriction (the card is 2 weaker). Venom and
constriction tokens leave a card when it is used; all tokens go back to the supply at the break
(rulebook, break step 2). Placement, fee and strength follow the licensed digital edition
(`docs/arknova/rules-decisions.md`, A3-A5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from sim.arknova import tracks
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

MULTIPLIER = "multiplier"
VENOM = "venom"
CONSTRICTION = "constriction"
VENOM_FEE = 2  # money paid at the end of a turn in which a venom token stayed unused
CONSTRICTION_STRENGTH = 2  # strength a constriction token takes from its card


def tokens_on(player: "PlayerState", kind: str, card: str) -> int:
    return player.action_tokens.get((kind, card), 0)


def add_tokens(player: "PlayerState", kind: str, card: str, count: int = 1) -> None:
    key = (kind, card)
    player.action_tokens[key] = player.action_tokens.get(key, 0) + count


def mark_slots(player: "PlayerState", kind: str, slots: Iterable[int]) -> list[str]:
    """One `kind` token on the card in each slot (1-5) that has none yet; the token meant for a
    card that already has one is lost. Returns the cards marked."""
    marked = []
    for slot in slots:
        card = player.action_cards[slot - 1]
        if not tokens_on(player, kind, card):
            add_tokens(player, kind, card)
            marked.append(card)
    return marked


def card_strength(player: "PlayerState", card: str, slot: int = 0) -> int:
    """The strength of an action card where it lies: its slot (given, or looked up), less what its
    constriction token takes away."""
    strength = slot or player.strength_slot(card)
    if not player.action_tokens:
        return strength
    return strength - CONSTRICTION_STRENGTH * tokens_on(player, CONSTRICTION, card)


def least_spend(needed: int, strength: int) -> int:
    """The fewest X-tokens that bring a card of `strength` to `needed`."""
    return needed - strength if needed > strength else 0


def xtoken_spends(needed: int, strength: int, xtokens: int) -> range:
    """The numbers of X-tokens that may be added to a card of `strength` so that it reaches `needed`."""
    return range(least_spend(needed, strength), xtokens + 1)


def use_card(game: "ArkNovaGame", seat: int, card: str) -> int:
    """A turn's action card is used: a multiplier token on it is spent. Returns how many times
    the action is performed (1 or 2)."""
    player = game.players[seat]
    multiplier = tokens_on(player, MULTIPLIER, card)
    if not multiplier:
        return 1
    if multiplier > 1:
        player.action_tokens[(MULTIPLIER, card)] = multiplier - 1
    else:
        del player.action_tokens[(MULTIPLIER, card)]
    game.say(seat, f"uses a multiplier on {card}")
    return 2


def card_used(game: "ArkNovaGame", owner: int, card: str) -> None:
    """The card was used (an action, an X-token, an extra action, also by a hypnotist): its venom
    and constriction tokens leave. The owner who used a venomed card itself owes no fee this turn."""
    player = game.players[owner]
    if not player.action_tokens:
        return
    venom = player.action_tokens.pop((VENOM, card), 0)
    player.action_tokens.pop((CONSTRICTION, card), None)
    if venom and owner == game.current:
        player.venom_spared = True


def venom_fee_due(player: "PlayerState") -> bool:
    """A venom token still lies on the player's cards and it used no venomed card this turn."""
    return bool(player.action_tokens) and not player.venom_spared and any(
        kind == VENOM for kind, _ in player.action_tokens)


def venom_fee(game: "ArkNovaGame", seat: int) -> None:
    """End of the seat's turn: 2 money if the fee is due (`venom_fee_due`); nothing when it has less
    than 2 money (map 4 lets it sell a card for the fee first: `map_abilities.harbor_sale_options`)."""
    player = game.players[seat]
    due, player.venom_spared = venom_fee_due(player), False
    if not due or player.money < VENOM_FEE:
        return
    tracks.gain_money(game, seat, -VENOM_FEE)
    game.say(seat, f"pays {VENOM_FEE} for venom")


def clear_tokens(player: "PlayerState") -> None:
    """Break step 2: multiplier, venom and constriction tokens go back to the supply."""
    player.action_tokens.clear()


@effect("multiplier")
def multiplier(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """A multiplier token on the named action card of the own zoo."""
    add_tokens(game.players[seat], MULTIPLIER, item.args[0])
