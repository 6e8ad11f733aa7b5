"""Basic action 1, Menagerie: introduce, multiply, evolve and adapt, any number of times in any order.

"Dabei muss der Spieler für jede einzelne Aktion eine Karte abwerfen, es sei denn, in seiner Menagerie
liegt bereits eine Karte mit einer diesbezüglichen Sonderfähigkeit offen aus." "Ein Spieler darf nicht
mehr Karten in einer Kreaturenklasse haben, als er insgesamt verschiedene Kreaturenklassen hat."
A free ability is used whenever it applies (it is never worse than discarding); the cost is paid
before the new card's triggered abilities act. Tokens may be placed on creatures here too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from sim.inhabit import history
from sim.inhabit.board import entry_space, place
from sim.inhabit.catalog import CLASS_BASE, CONTINENTS, Effect
from sim.inhabit.drawing import discard, draw_count
from sim.inhabit.registry import EFFECTS, STEPS
from sim.inhabit.state import EMPTY, SYMBOL_COUNT, Creature
from sim.inhabit.steps import (
    DONE,
    MENAGERIE,
    PAY,
    SECOND_EVOLVE,
    Adapt,
    Attach,
    Done,
    DrawStep,
    Evolve,
    HandCheckStep,
    Introduce,
    MenagerieStep,
    Multiply,
    PassedDrawStep,
    PayStep,
    SecondEvolveStep,
)

if TYPE_CHECKING:
    from sim.inhabit.state import InhabitState

MenagerieOption = Introduce | Multiply | Evolve | Adapt | Attach | Done
FREE = {"introduce": "free_introduce", "multiply": "free_multiply", "evolve": "free_evolve", "adapt": "free_adapt"}
ON_TOP = ("flip_all_white",)  # effects that act once, when their card becomes a creature's top card
EFFECTS.rule(*FREE.values(), "double_evolve")


def free_source(game: "InhabitState", seat: int, sub_action: str, target_top: int = 0) -> int:
    """The unused ability card that makes this sub-action free, or 0. An evolution uses a
    double-evolve ability first (its second evolution follows), unless it covers that very card."""
    used = game.used
    free = [card for card in game.visible(seat, FREE[sub_action]) if card not in used]
    if sub_action == "evolve":
        double = [card for card in game.visible(seat, "double_evolve") if card not in used]
        if double and not (free and target_top in double):
            return double[0]
    return free[0] if free else 0


def can_pay(game: "InhabitState", seat: int, sub_action: str) -> bool:
    """A discard besides the card played, or a free ability."""
    return len(game.seats[seat].hand) >= 2 or free_source(game, seat, sub_action) != 0


def entry_continents(game: "InhabitState", seat: int, card: int) -> list[int]:
    """Where a new creature's marker may go: its card's continent, or a continent token's from the
    rack placed on the card ("wodurch er die Kreatur auf dem Kontinent einsetzen kann, den das
    Plättchen zeigt"); never a continent where the seat has two markers already, or one not in play."""
    player = game.seats[seat]
    tokens = game.catalog.tokens
    continents = {game.catalog.cards[card].continent}
    continents.update(tokens[token].symbol for token in player.rack if tokens[token].symbol < len(CONTINENTS))
    return sorted(continent for continent in continents
                  if game.trails[continent] is not None and player.on_continent[continent] < 2)


def card_options(game: "InhabitState", seat: int) -> list[MenagerieOption]:
    """Every card a sub-action could play now, with what it does."""
    return list(each_card_option(game, seat))


def each_card_option(game: "InhabitState", seat: int) -> Iterator[MenagerieOption]:
    """`card_options` one at a time, so that asking whether there is one stops at the first."""
    player = game.seats[seat]
    cards = game.catalog.cards
    room = min(len(player.creatures), game.class_limit)
    pays = {name: can_pay(game, seat, name) for name in FREE}
    growing = [creature for creature in player.creatures if len(creature.cards) < room]
    for card in sorted(player.hand):
        creature = player.creature(cards[card].cls)
        if creature is None:
            if pays["introduce"] and len(player.creatures) < game.class_limit:
                yield from (Introduce(card, continent) for continent in entry_continents(game, seat, card))
        elif len(creature.cards) < room:
            if pays["multiply"]:
                yield Multiply(card)
            if pays["evolve"]:
                yield Evolve(card)
        if pays["adapt"]:
            yield from (Adapt(card, target.cls) for target in growing)


def attach_options(game: "InhabitState", seat: int, classes: list[int]) -> list[Attach]:
    """A token of each symbol in the rack on each of these creatures."""
    tokens = game.catalog.tokens
    symbols = sorted({tokens[token].symbol for token in game.seats[seat].rack})
    return [Attach(symbol, cls) for cls in classes for symbol in symbols]


def can_play_menagerie(game: "InhabitState", seat: int) -> bool:
    """Whether some sub-action can be made and paid for (what `card_options` would find, found sooner)."""
    player = game.seats[seat]
    if not player.hand:
        return False
    if len(player.hand) < 2 and not any(free_source(game, seat, name) for name in FREE):
        return False
    room = min(len(player.creatures), game.class_limit)
    if any(len(creature.cards) < room for creature in player.creatures):
        return next(each_card_option(game, seat), None) is not None
    cards = game.catalog.cards
    return len(player.creatures) < game.class_limit and any(
        player.creature(cards[card].cls) is None and entry_continents(game, seat, card) for card in player.hand) and \
        can_pay(game, seat, "introduce")


@STEPS.options(MENAGERIE)
def menagerie_options(game: "InhabitState", step: MenagerieStep) -> tuple[MenagerieOption, ...]:
    """The sub-actions, token placements and, after a first sub-action, done."""
    options = card_options(game, step.seat)
    options += attach_options(game, step.seat, [creature.cls for creature in game.seats[step.seat].creatures])
    if step.done:
        options.append(DONE)
    return tuple(options)


@STEPS.resolver(MENAGERIE)
def menagerie(game: "InhabitState", step: MenagerieStep, option: MenagerieOption) -> None:
    seat = step.seat
    if isinstance(option, Done):
        return
    if isinstance(option, Attach):
        game.push(MenagerieStep.of(seat, step.done))
        attach(game, seat, option.symbol, option.cls)
        return
    game.push(MenagerieStep.of(seat, step.done + 1))
    play_card(game, seat, option, second_evolve=False)


def play_card(game: "InhabitState", seat: int, option: Introduce | Multiply | Evolve | Adapt, second_evolve: bool) -> None:
    """Play a sub-action's card; the cost (unless free) is paid first, then what the card sets off,
    then a hand above its limit is discarded down."""
    player = game.seats[seat]
    card = option.card
    player.hand.remove(card)
    game.push(HandCheckStep.of(seat))
    source = 0
    if not second_evolve:
        sub_action = option.tag
        creature = player.creature(game.catalog.cards[card].cls)
        source = free_source(game, seat, sub_action, creature.top if creature is not None else 0)
        if source:
            game.used.add(source)
    if isinstance(option, Introduce):
        introduce(game, seat, card, option.continent)
    elif isinstance(option, Multiply):
        multiply(game, seat, card)
    elif isinstance(option, Evolve):
        evolve(game, seat, card)
        if source and game.catalog.cards[source].effect.keyword == "double_evolve" and source in game.visible(
                seat, "double_evolve"):
            game.push(SecondEvolveStep.of(seat))
    else:
        adapt(game, seat, card, option.cls)
    player.hand_limit = game.hand_limit_of(seat)
    if not source and not second_evolve:
        game.push(PayStep.of(seat))


def introduce(game: "InhabitState", seat: int, card: int, continent: int) -> None:
    """1a: the card opens a new class, right of the others, its marker white on the continent's first
    free space; creatures passed there set off a passed-draw ability; the introduction sets off the
    draw-on-introduce abilities of the creatures already there."""
    data = game.catalog.cards[card]
    player = game.seats[seat]
    triggered = game.visible(seat, "draw_on_introduce")
    creature = Creature(data.cls, card, [card], [False], [], 1, [0] * SYMBOL_COUNT, 1 << (CLASS_BASE + data.cls),
                        continent, 0, False)
    creature.add_symbols(data.mask)
    player.creatures.append(creature)
    if continent != data.continent:
        attach(game, seat, continent, data.cls)
    trail = game.trail(continent)
    row = game.occupant[continent]
    space = entry_space(trail, row, game.start)
    assert space >= 0, f"no free space on {CONTINENTS[continent]}"
    passed_over(game, row[game.start:space])
    place(game, seat, creature, continent, space)
    history.note(game, seat, "introduced", card)
    on_top(game, seat, card)
    for source in triggered:
        EFFECTS.grant(game, seat, game.catalog.cards[source].effect)


def multiply(game: "InhabitState", seat: int, card: int) -> None:
    """1b: a card of the same class under the creature: one more creature of its type."""
    creature = game.seats[seat].creature(game.catalog.cards[card].cls)
    assert creature is not None
    creature.cards.append(card)
    creature.adapted.append(False)
    creature.creatures += 1
    creature.add_symbols(game.catalog.cards[card].mask)
    history.note(game, seat, "multiplied", card)


def evolve(game: "InhabitState", seat: int, card: int) -> None:
    """1c: a card of the same class on top: the creature becomes that type, one more creature, and
    the tokens on it stay with it."""
    creature = game.seats[seat].creature(game.catalog.cards[card].cls)
    assert creature is not None
    multiply(game, seat, card)
    creature.top = card
    if game.events is not None:
        game.events[-1] = ("evolved", *game.events[-1][1:])
    on_top(game, seat, card)


def adapt(game: "InhabitState", seat: int, card: int, cls: int) -> None:
    """1d: any card upside down under the creature: its continent and terrain symbols, no class symbol,
    no new creature, but it counts towards the class's card limit."""
    creature = game.seats[seat].creature(cls)
    assert creature is not None
    creature.cards.append(card)
    creature.adapted.append(True)
    creature.add_symbols(game.catalog.cards[card].adapt_mask)
    history.note(game, seat, "adapted", card)


def on_top(game: "InhabitState", seat: int, card: int) -> None:
    effect = game.catalog.cards[card].effect
    if effect.keyword in ON_TOP:
        EFFECTS.grant(game, seat, effect)


def passed_over(game: "InhabitState", occupants: list[int]) -> None:
    """Markers a moving or entering marker passed over: each creature with a passed-draw ability
    (No. 149) sets it off for its owner."""
    cards = game.catalog.cards
    for occupant in occupants:
        if occupant != EMPTY:
            owner = occupant >> 3
            creature = game.seats[owner].creature(occupant & 7)
            if creature is not None and cards[creature.top].effect.keyword == "passed_draw":
                EFFECTS.grant(game, owner, cards[creature.top].effect)


def attach(game: "InhabitState", seat: int, symbol: int, cls: int) -> None:
    """Place the rack's token of `symbol` worth fewest points on the creature of class `cls`; it adds
    its symbol and no longer scores. During a movement, a creature still to move gains the symbol
    for it, and one the trigger now matches is triggered."""
    player = game.seats[seat]
    tokens = game.catalog.tokens
    token = min((token for token in player.rack if tokens[token].symbol == symbol), key=lambda t: (tokens[t].points, t))
    player.rack.remove(token)
    player.token_points -= tokens[token].points
    creature = player.creature(cls)
    assert creature is not None
    creature.tokens.append(token)
    creature.add_symbols(tokens[token].bit)
    move = game.move
    if move is not None and move.current >= 0 and move.began and player.creatures[move.current] is creature:
        move.pools[symbol] += 1


@STEPS.options(PAY)
def pay_options(game: "InhabitState", step: PayStep) -> tuple[int, ...]:
    return tuple(sorted(game.seats[step.seat].hand))


@STEPS.resolver(PAY)
def pay(game: "InhabitState", step: PayStep, card: int) -> None:
    discard(game, step.seat, card, face_up=True, event="paid")


@STEPS.options(SECOND_EVOLVE)
def second_evolve_options(game: "InhabitState", step: SecondEvolveStep) -> tuple[Evolve | Done, ...]:
    player = game.seats[step.seat]
    cards = game.catalog.cards
    room = min(len(player.creatures), game.class_limit)
    evolutions: list[Evolve | Done] = []
    for card in sorted(player.hand):
        creature = player.creature(cards[card].cls)
        if creature is not None and len(creature.cards) < room:
            evolutions.append(Evolve(card))
    return (*evolutions, DONE) if evolutions else ()


@STEPS.resolver(SECOND_EVOLVE)
def second_evolution(game: "InhabitState", step: SecondEvolveStep, option: Evolve | Done) -> None:
    """Nos. 223, 224: "Falls zwei Mal, müssen beide Entwicklungen zusammen gespielt werden" - the second
    free evolution right after the first, or none."""
    if isinstance(option, Evolve):
        play_card(game, step.seat, option, second_evolve=True)


@EFFECTS.effect("draw_on_introduce")
def draw_on_introduce(game: "InhabitState", seat: int, effect: Effect) -> None:
    """Nos. 131, 134-138: cards when the seat introduces another creature (never for the card itself:
    "da sie noch nicht in der Menagerie des Spielers lag")."""
    count = draw_count(game, seat, int(effect.params[0]))
    if count:
        game.push(DrawStep.of(seat, count))


@EFFECTS.effect("flip_all_white")
def flip_all_white(game: "InhabitState", seat: int, effect: Effect) -> None:
    """No. 227, when played: the seat's markers turn white ("Gilt nur für bereits eingesetzte
    Kreaturen"), except on a final space, where a marker stays as it is."""
    for creature in game.seats[seat].creatures:
        if creature.space != game.trail(creature.continent).final:
            creature.black = False


@EFFECTS.effect("passed_draw")
def passed_draw(game: "InhabitState", seat: int, effect: Effect) -> None:
    game.push(PassedDrawStep.of(seat))

