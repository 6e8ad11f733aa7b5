"""Interactive abilities: Venom, Constriction and Pilfering hit the players ahead of the
one who plays the card. A zoo below 5 appeal cannot be hit (rulebook, animal cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, passives, tracks
from sim.arknova.action_tokens import CONSTRICTION, VENOM, mark_slots
from sim.arknova.catalog import Effect
from sim.arknova.effects import effect
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame

PROTECTED_BELOW_APPEAL = 5
PILFER_MONEY = 5
TOKEN_SLOTS = 5  # action card slots; constriction fills them from the right


def targets(game: "ArkNovaGame", seat: int, track: str, ability: str, ties: bool = False) -> list[int]:
    """Other seats that `ability` can hit and that have more of `track` (appeal or cp) than `seat`,
    or with `ties` at least as much (and some): a zoo below 5 appeal, or one whose Quarantine Lab
    protects it from `ability`, is never hit."""
    least = max(getattr(game.players[seat], track), 1) if ties else getattr(game.players[seat], track) + 1
    return [player.seat for player in game.players
            if player.seat != seat and player.appeal >= PROTECTED_BELOW_APPEAL and getattr(player, track) >= least
            and not passives.immune(player, ability)]


def leaders(game: "ArkNovaGame", seat: int, track: str, ability: str) -> list[int]:
    """The players with the most of `track` among those with at least as much as `seat` (a player tied
    with `seat` counts: Pilfering and Hypnosis say "the player with the most", and the licensed digital
    edition counts a tie); several when they are tied with each other."""
    ahead = targets(game, seat, track, ability, ties=True)
    if not ahead:
        return []
    best = max(getattr(game.players[other], track) for other in ahead)
    return [other for other in ahead if getattr(game.players[other], track) == best]


@effect("venom", "constriction", "pilfering")
def interact(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """The players hit are found once the card's own appeal, CP and reputation are gained."""
    game.stack.append(("interact", seat, item))


@resolver("interact")
def find_victims(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, item = step[1], step[2]
    if item.keyword == "venom":
        # Each player ahead on appeal: a venom token on each card in slots 1..N.
        for victim in targets(game, seat, "appeal", "venom"):
            hit(game, victim, VENOM, range(1, item.amount + 1))
    elif item.keyword == "constriction":
        # A token per track (appeal, conservation) on which a player is ahead: slot 5, then slot 4.
        ahead = targets(game, seat, "appeal", "constriction") + targets(game, seat, "cp", "constriction")
        for victim in sorted(set(ahead)):
            hit(game, victim, CONSTRICTION, range(TOKEN_SLOTS, TOKEN_SLOTS - ahead.count(victim), -1))
    else:
        # The appeal leader (Pilfering 2: also the conservation leader) gives 5 money or 1 hand card,
        # at its choice; among tied leaders the player chooses one.
        tracks_hit = ("appeal", "cp") if item.amount >= 2 else ("appeal",)
        game.push(*(("pilfer_target", seat, tuple(victims)) for track in tracks_hit
                    if (victims := leaders(game, seat, track, "pilfering"))))


def hit(game: "ArkNovaGame", victim: int, kind: str, slots: range) -> None:
    marked = mark_slots(game.players[victim], kind, slots)
    if marked:
        game.say(victim, f"takes {kind} on {', '.join(marked)}")


@options("pilfer_target")
def pilfer_target_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """The tied leaders of the track, one of whom the pilfering player picks."""
    return step[2]


@resolver("pilfer_target")
def pilfer_target(game: "ArkNovaGame", step: Step, victim: Any) -> None:
    game.stack.append(("pilfered", victim, step[1]))


@options("pilfered")
def pilfered_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Money if the victim has 5, a card if it has one; with neither, whatever money is left."""
    victim = game.players[step[1]]
    result: list[Any] = []
    if victim.money >= PILFER_MONEY:
        result.append("money")
    if victim.hand:
        result.append("card")
    if not result and victim.money:
        result.append("money")
    return tuple(result)


@resolver("pilfered")
def pilfered(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Money goes over at once; the card is drawn at random from the victim's hand."""
    victim, thief = step[1], step[2]
    player = game.players[victim]
    if choice == "money":
        amount = min(PILFER_MONEY, player.money)
        tracks.gain_money(game, victim, -amount)
        tracks.gain_money(game, thief, amount)
        game.say(thief, f"pilfers {amount} money from P{victim + 1}")
        return
    card = player.hand.pop(game.rng.randrange(len(player.hand)))
    game.players[thief].hand.append(card)
    deck.record(game, "pilfered", thief, card, f"hand{victim}")
    game.say(thief, f"pilfers a card from P{victim + 1}")
