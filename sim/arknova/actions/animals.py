"""Animals: play up to the table's number of animals, one after the other: conditions,
cost (partner-zoo discount, folder cost from the display on side II), an enclosure,
then appeal, conservation points, reputation and the card's ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.arknova import deck, map_abilities, passives, sponsor_effects, tracks, zoo
from sim.arknova.abilities.flock import FLOCK, NO_ENCLOSURE, flock_animals, joins_flock
from sim.arknova.actions.turn import action
from sim.arknova.catalog import Animal, Catalog
from sim.arknova.effects import grant
from sim.arknova.requirements import unmet_count
from sim.arknova.state import Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

PARTNER_ZOO_DISCOUNT = 3
# Abilities printed with "after the action": they wait until the card is in slot 1.
AFTER_ACTION_ABILITIES = frozenset({"boost", "clever", "action", "determination", "hypnosis"})
STRENGTH_FIVE = 5  # side II from this strength on: 1 reputation first
STRENGTH_FIVE_REPUTATION = 1


def animal_cost(player: "PlayerState", animal: Animal) -> int:
    """Printed cost, 3 less per continent icon matching one of your partner zoos, less sponsor
    discounts (the display folder number comes on top when the card is played from the display)."""
    zoos = player.partner_zoos
    if not zoos and not player.sponsors:
        return animal.cost
    discount = 0
    for icon in animal.continents:
        if icon in zoos:
            discount += PARTNER_ZOO_DISCOUNT
    if player.sponsors and passives.has(player, "animal_cost_discount"):
        discount += passives.animal_discount(player, animal)
    return max(0, animal.cost - discount)


def playable_animals(game: "ArkNovaGame", seat: int, from_display: bool) -> list[tuple[int, int, int]]:
    """(card, source, enclosure) triples, hand first, then the display folders in range in order: source -1 is
    the hand, else a display index; enclosure NO_ENCLOSURE for a flock animal that joins the herd."""
    player = game.players[seat]
    homes, flock = zoo.open_homes(player), game.catalog.derived[flock_animals]
    plays = [(card, -1, index) for card in dict.fromkeys(player.hand)
             for index in enclosures_now(game, player, homes, flock, card, -1)]
    if from_display:
        display = game.display
        plays += [(display[source], source, index) for source in deck.folders_in_range(game, seat)
                  for index in enclosures_now(game, player, homes, flock, display[source], source)]
    return plays


def enclosures_now(game: "ArkNovaGame", player: "PlayerState", homes: zoo.Homes, flock: frozenset[int], card: int,
                   source: int) -> tuple[int, ...]:
    """Where the card may go when played now from `source` (-1 the hand, else a display index): the indices of
    the open enclosures (`homes`, the player's) that take it, then NO_ENCLOSURE when it is one of the `flock`
    animals and may join the herd; () when it cannot be played (no animal, no home, too dear, conditions
    unmet, a chosen size that blocks it).

    Every turn asks this of the cards in hand, and most fail at the first test, no home (or no animal at all):
    that test is a lookup in the zoo's table by card (`zoo.Homes.by_card`) and comes before anything else."""
    fitting = homes.by_card.get(card)
    if fitting is None:
        fitting = homes.card_fitting(card)
    if not fitting and card not in flock:
        return ()
    animal = game.catalog.animals[card]
    if animal_cost(player, animal) + source + 1 > player.money:
        return ()
    if animal.requirements:
        unmet = unmet_count(player, animal)
        if unmet and unmet > passives.conditions_ignored(player, animal) + map_abilities.conditions_waived(player):
            return ()
    if player.chosen_size and passives.chosen_size_blocks(player, animal):
        return ()
    if card in flock and joins_flock(player, animal):
        return (*fitting, NO_ENCLOSURE)
    return fitting


def _count(game: "ArkNovaGame", side_two: bool, strength: int) -> int:
    return game.catalog.tracks.animals_max[side_two][min(strength, 5) - 1]


def _start(seat: int, strength: int, side_two: bool) -> Step:
    return ("animals", seat, strength, side_two)


def least_animals_strength(catalog: Catalog) -> tuple[int, int]:
    """The least strength that plays an animal, on side I and on side II (kept with the catalog)."""
    counts = catalog.tracks.animals_max
    return tuple(next(strength for strength in range(1, 6) if counts[side][strength - 1] > 0)  # type: ignore[return-value]
                 for side in (0, 1))


@action("animals", _start)
def animals_min_strength(game: "ArkNovaGame", seat: int, side_two: bool) -> int | None:
    """Side II at strength 5 gains its reputation before anything is chosen, so a card that only the
    wider range reaches makes the action possible from strength 5 on. The cards are tried as `playable_animals`
    lists them, hand first, then the folders in today's range, then those the wider range adds (whose reach,
    dearer to find, is asked only when no folder in today's range tells). (Every turn asks this: the loops are
    `playable_animals`' own, stopping at the first play, with the hand's duplicates left in, which cost less than
    dropping them.)"""
    player = game.players[seat]
    homes, flock, animals = zoo.open_homes(player), game.catalog.derived[flock_animals], game.catalog.animals
    known = homes.by_card
    for card in player.hand:
        # the first tests of `enclosures_now`, without the call: an animal, with a home (or a flock to join)
        if card not in animals or (known.get(card) == () and card not in flock):
            continue
        if enclosures_now(game, player, homes, flock, card, -1):
            return game.catalog.derived[least_animals_strength][side_two]
    if side_two:  # the folders in range, then those the reputation of strength 5 brings into range
        display = game.display
        reach = deck.reputation_range(player)
        for first, last, strength in ((0, reach, None), (reach, None, STRENGTH_FIVE)):
            if last is None:  # (asked only when no card in range can be played: it costs more)
                last = deck.reputation_range(player, STRENGTH_FIVE_REPUTATION)
            for source in range(first, min(last, len(display))):
                card = display[source]
                if card not in animals or (known.get(card) == () and card not in flock):  # as in the hand
                    continue
                if enclosures_now(game, player, homes, flock, card, source):
                    return strength or game.catalog.derived[least_animals_strength][side_two]
    return None


@resolver("animals")
def start_animals(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    """Side II at strength 5+: the reputation step comes first and widens the range at once."""
    seat, strength, side_two = step[1], step[2], step[3]
    game.push(("animal_play", seat, _count(game, side_two, strength), side_two, False),
              *sponsor_effects.after_animals(game, seat))
    if side_two and strength >= STRENGTH_FIVE:
        tracks.gain_reputation(game, seat, STRENGTH_FIVE_REPUTATION)


@options("animal_play")
def animal_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    seat, remaining, side_two, played = step[1], step[2], step[3], step[4]
    if remaining <= 0:
        return ()
    result: list[Any] = playable_animals(game, seat, side_two)
    if played and result:
        result.append("done")
    return tuple(result)


@resolver("animal_play")
def choose_animal(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    if choice == "done":
        return
    seat, remaining, side_two = step[1], step[2], step[3]
    game.push(("animal_play", seat, remaining - 1, side_two, True))
    if remaining > 1:  # map 4: the harbor may be used before the next animal
        game.push(*map_abilities.harbor_between_animals(game, seat))
    play_animal(game, seat, *choice)


def play_animal(game: "ArkNovaGame", seat: int, card: int, source: int, enclosure: int) -> None:
    """Pay, house, add the icons, then gain appeal, CP, reputation and the ability."""
    player = game.players[seat]
    animal = game.catalog.animals[card]
    cost = animal_cost(player, animal)
    deck.take_card_to_play(game, seat, card, source, cost)
    if enclosure == NO_ENCLOSURE:
        player.housing[card] = FLOCK
    elif zoo.house_animal(player, animal, enclosure):
        map_abilities.on_enclosure_occupied(game, seat, enclosure)
    player.animals.append(card)
    sponsor_effects.icons_played(game, seat, animal.icons)
    if animal.size_class == "small":
        player.small_animals += 1
    elif animal.size_class == "large":
        player.large_animals += 1
    if game.log is not None:  # the line is built only for a log
        place = "the herd" if enclosure == NO_ENCLOSURE else player.buildings[enclosure][0]
        game.say(seat, f"plays {animal.name} for {cost + source + 1} into {place}")
    abilities = animal.solo_abilities if game.solo and animal.solo_abilities else animal.abilities
    for ability in reversed(abilities):
        if ability.keyword in AFTER_ACTION_ABILITIES:
            game.after_action.append((seat, ability))
        else:
            grant(game, seat, ability)
    tracks.gain_appeal(game, seat, animal.appeal + passives.chosen_size_appeal(player, animal))
    tracks.gain_cp(game, seat, animal.cp)
    tracks.gain_reputation(game, seat, animal.reputation)
