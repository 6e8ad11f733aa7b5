"""The abilities of the advanced zoo maps 1-8 (rules help, "advanced zoo maps").

Each ability is read where its rule applies; the small hooks live here so the action modules
only ask one question each:

- 1 Observation Tower: 2 appeal each time a standard enclosure touching the tower turns to its
  occupied side (`on_enclosure_occupied`, again after a release emptied it).
- 2 Outdoor Areas: standard enclosures of size 1-3 touching the gates count 2 sizes larger
  (`standard_size`).
- 3 Silver Lake: only its 2-money placement bonuses (plain map data, no rule).
- 4 Commercial Harbor: once the corner space is covered, once per turn, discard a hand card for
  3 money (`harbor_options`: offered with the turn's action choice, or else between two animals of
  an Animals action and after the action; a venom fee due with less than 2 money must be paid
  by a sale then).
- 5 Park Restaurant: break income of 1 money per covered space touching the restaurant.
- 6 Research Institute: once the corner space is covered, an animal may be played with one of its
  conditions unmet (`conditions_waived`; rock and water needs are not conditions).
- 7 Ice Cream Parlors: with all three free-kiosk spaces covered, 1 more money per kiosk each break.
- 8 Hollywood Hills: covering an H space reveals deck cards until a sponsor, which goes to hand;
  with all three covered, every sponsor's level counts 1 less (`sponsor_level`: the Sponsors
  action's budget and Okapi Stable's price).

The tower, gates and restaurant (maps 1, 2, 5) are rock or water spaces that carry the ability;
a building on one of them (Diversity Researcher) ends that ability (`feature_neighbours`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, tracks
from sim.arknova.action_tokens import VENOM_FEE, venom_fee_due
from sim.arknova.board import board_of
from sim.arknova.catalog import Effect, Sponsor
from sim.arknova.effects import effect, rule
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

TOWER_APPEAL = 2
OUTDOOR_BONUS_SIZE = 2
OUTDOOR_MAX_SIZE = 3  # enclosures of size 1-3 count larger
HARBOR_MONEY = 3
BETWEEN_ANIMALS = "between_animals"  # marks the harbor step offered in the middle of an Animals action
RESTAURANT_MONEY_PER_SPACE = 1
PARLOR_MONEY_PER_KIOSK = 1
HOLLYWOOD_LEVEL_DISCOUNT = 1

rule("observation_tower", "outdoor_areas", "commercial_harbor", "park_restaurant",
     "research_institute", "ice_cream_parlors", "hollywood_hills")


def ability(player: "PlayerState") -> str:
    return player.catalog.maps[player.map_id].ability


def all_covered(player: "PlayerState") -> bool:
    """Every cell the map ability names is covered (the activation space, the kiosk or H spaces)."""
    cells = board_of(player).ability_cells
    return bool(cells) and player.occupied & cells == cells


def feature_neighbours(player: "PlayerState") -> int:
    """Cells touching the ability's own space (tower, gates, restaurant); none once a building
    covers that space (Diversity Researcher builds on rock and water): the feature is gone."""
    board = board_of(player)
    return 0 if player.occupied & board.feature else board.feature_near


# --- 1 Observation Tower, 2 Outdoor Areas ------------------------------------------


def on_enclosure_occupied(game: "ArkNovaGame", seat: int, enclosure: int) -> None:
    """Observation Tower: standard enclosure `enclosure` just turned to its occupied side; pays when
    it touches the tower (special enclosures never pay: they do not turn)."""
    player = game.players[seat]
    if ability(player) != "observation_tower":
        return
    if player.buildings[enclosure][1].mask & feature_neighbours(player):
        game.say(seat, f"gains {TOWER_APPEAL} appeal from the observation tower")
        tracks.gain_appeal(game, seat, TOWER_APPEAL)


def standard_size(player: "PlayerState", size: int, placement: Any) -> int:
    """A standard enclosure's size for every purpose: 2 more next to the gates of map 2."""
    if size <= OUTDOOR_MAX_SIZE and ability(player) == "outdoor_areas" \
            and placement.mask & feature_neighbours(player):
        return size + OUTDOOR_BONUS_SIZE
    return size


# --- 4 Commercial Harbor ------------------------------------------------------------


def harbor_options(player: "PlayerState", used: bool) -> list[tuple[str, int]]:
    """("harbor", card) for each different hand card, once per turn while the harbor is open."""
    if used or not player.hand or ability(player) != "commercial_harbor" or not all_covered(player):
        return []
    return [("harbor", card) for card in dict.fromkeys(player.hand)]


def harbor_sale_steps(player: "PlayerState", used: bool) -> tuple[tuple[Any, ...], ...]:
    """The chance to sell after the action, when the harbor was not used before it this turn. While
    this step waits on the stack, the turn's sale is still to be had (`harbor_between_animals`)."""
    if used or ability(player) != "commercial_harbor":
        return ()
    return (("harbor_sale", player.seat),)


def harbor_between_animals(game: "ArkNovaGame", seat: int) -> tuple[tuple[Any, ...], ...]:
    """"At any time": the chance to sell between two animals of one Animals action, while the
    turn's sale has not been used (its step after the action still waits)."""
    if ("harbor_sale", seat) not in game.stack:
        return ()
    return (("harbor_sale", seat, BETWEEN_ANIMALS),)


@options("harbor_sale")
def harbor_sale_options(game: "ArkNovaGame", step: Any) -> tuple[Any, ...]:
    """Keep every card (first, the default) or sell one; nothing to ask while the harbor is closed.
    After the action, a venom fee due with less than 2 money leaves only the sales: the fee must be
    paid, by a sale (the licensed digital edition's `VenomPay`)."""
    player = game.players[step[1]]
    sales = harbor_options(player, False)
    if not sales:
        return ()
    if len(step) == 2 and player.money < VENOM_FEE and venom_fee_due(player):
        return tuple(sales)
    return ("keep", *sales)


@resolver("harbor_sale")
def harbor_sale(game: "ArkNovaGame", step: Any, choice: Any) -> None:
    """A sale between two animals uses the turn's sale: the one after the action is dropped."""
    if choice == "keep":
        return
    use_harbor(game, step[1], choice[1])
    if len(step) > 2:
        game.stack.remove(("harbor_sale", step[1]))


def use_harbor(game: "ArkNovaGame", seat: int, card: int) -> None:
    player = game.players[seat]
    player.hand.remove(card)
    game.discard.append(card)
    deck.record(game, "discarded", seat, card, "hand")
    tracks.gain_money(game, seat, HARBOR_MONEY)
    game.say(seat, f"sells {game.catalog.card(card).name} at the harbor for {HARBOR_MONEY} money")


# --- 5 Park Restaurant, 7 Ice Cream Parlors -------------------------------------------


def break_income(player: "PlayerState") -> int:
    """Money the map pays at a break on top of appeal and kiosk income."""
    name = ability(player)
    if name == "park_restaurant":
        return RESTAURANT_MONEY_PER_SPACE * (feature_neighbours(player) & player.occupied).bit_count()
    if name == "ice_cream_parlors" and all_covered(player):
        return PARLOR_MONEY_PER_KIOSK * player.kiosks.bit_count()
    return 0


# --- 6 Research Institute ---------------------------------------------------------------


def conditions_waived(player: "PlayerState") -> int:
    """Research Institute: once it is open, one unmet condition of an animal may be ignored."""
    return 1 if ability(player) == "research_institute" and all_covered(player) else 0


# --- 8 Hollywood Hills -------------------------------------------------------------------


def sponsor_level(player: "PlayerState", sponsor: Sponsor) -> int:
    """A sponsor's level when it is played (the Sponsors action, Okapi Stable): 1 less with every
    H space covered."""
    if ability(player) == "hollywood_hills" and all_covered(player):
        return max(0, sponsor.level - HOLLYWOOD_LEVEL_DISCOUNT)
    return sponsor.level


@effect("hollywood_hills")
def _hollywood_sponsor(game: "ArkNovaGame", seat: int, item: Effect) -> None:
    """An H space covered: reveal deck cards until a sponsor; it goes to hand, the rest are discarded."""
    sponsors = game.catalog.sponsors
    revealed = []
    while True:
        card = deck.draw_card(game)
        if card is None:
            break
        if card in sponsors:
            game.players[seat].hand.append(card)
            deck.record(game, "drawn", seat, card, "deck")
            game.say(seat, f"finds sponsor {sponsors[card].name} in the hills")
            break
        revealed.append(card)
    game.discard.extend(revealed)
