"""Basic action 3, Movement: a trigger, then each triggered creature moves, from the left.

"Jede Kreatur der Menagerie, die mindestens ein entsprechendes Klassen-, Kontinent- und/oder
Geländesymbol aufweist, kann sich auf den Kontinenten vorwärts bewegen und/oder auswandern."
A step goes to the next free terrain space and uses one unused symbol: the terrain of that space, or
the continent the creature is on ("Die Symbole können in beliebiger Reihenfolge und unabhängig
voneinander abgehandelt werden, aber jedes Symbol kann nur ein Mal benutzt werden"). The engine uses a
matching terrain symbol before a continent symbol (a continent symbol pays for any space of its
continent, so keeping it is never worse), and asks once per creature how far to go: a plan of steps
with a migration as the first or the last move. Tokens collected on the way may be placed on the
moving creature (which may then move on) or on one to its right (which it may trigger); before the
first creature's movement is over, also on one to its left that it triggers (rules decision 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sim.inhabit import history
from sim.inhabit.board import lift, migration_space, next_landing, place
from sim.inhabit.catalog import CONTINENTS, TERRAIN_BASE
from sim.inhabit.drawing import put_on_discard
from sim.inhabit.ending import check_end
from sim.inhabit.menagerie import attach, attach_options, passed_over
from sim.inhabit.registry import EFFECTS, STEPS
from sim.inhabit.state import Movement
from sim.inhabit.steps import (
    DONE,
    END_MOVE,
    FLIP,
    MOVE,
    TRIGGER,
    Attach,
    Done,
    EndMoveStep,
    Flip,
    FlipStep,
    MigrateFirst,
    MigrateLast,
    MoveStep,
    Stay,
    TriggerAbility,
    TriggerCard,
    TriggerStep,
    TriggerToken,
)

if TYPE_CHECKING:
    from sim.inhabit.state import Creature, InhabitState

TriggerOption = TriggerCard | TriggerToken | TriggerAbility | Done
Plan = Stay | MigrateFirst | MigrateLast
MoveOption = Plan | Attach | Done
EFFECTS.rule("trigger_symbol", "two_triggers", "extra_step")


# ----------------------------------------------------------------------------- the trigger


def trigger_sources(game: "InhabitState", seat: int, first: bool) -> list[TriggerOption]:
    """3a: any hand card, any token but a red one ("Rote Plättchen können keine Bewegung auslösen"),
    or an unused trigger-symbol ability (Nos. 117-119: "ersetzt das normale Auslösesymbol")."""
    player = game.seats[seat]
    tokens = game.catalog.tokens
    options: list[TriggerOption] = [TriggerCard(card) for card in sorted(player.hand)]
    options += [TriggerToken(symbol) for symbol in sorted({tokens[token].symbol for token in player.rack
                                                            if tokens[token].color != "red"})]
    options += [TriggerAbility(card) for card in game.visible(seat, "trigger_symbol") if card not in game.used]
    return options


@STEPS.options(TRIGGER)
def trigger_options(game: "InhabitState", step: TriggerStep) -> tuple[TriggerOption, ...]:
    options = trigger_sources(game, step.seat, not step.second)
    return (*options, DONE) if step.second and options else tuple(options)


@STEPS.resolver(TRIGGER)
def play_trigger(game: "InhabitState", step: TriggerStep, option: TriggerOption) -> None:
    """Nos. 132, 133, 139: "Falls zwei Auslösekarten gespielt werden, werden sie erst gespielt, dann
    folgt die Bewegung" - a creature matching either trigger is triggered."""
    seat = step.seat
    if game.move is None:
        game.move = Movement()
    move = game.move
    player = game.seats[seat]
    if isinstance(option, TriggerCard):
        player.hand.remove(option.card)
        move.cards.append(option.card)
        move.mask |= game.catalog.cards[option.card].mask
        history.note(game, seat, "trigger", option.card)
    elif isinstance(option, TriggerToken):
        tokens = game.catalog.tokens
        token = min((token for token in player.rack if tokens[token].symbol == option.symbol
                     and tokens[token].color != "red"), key=lambda t: (tokens[t].points, t))
        player.rack.remove(token)
        player.token_points -= tokens[token].points
        move.tokens.append(token)
        move.mask |= tokens[token].bit
    elif isinstance(option, TriggerAbility):
        game.used.add(option.card)
        move.mask |= 1 << int(game.catalog.cards[option.card].effect.params[0])
    if not step.second and not isinstance(option, Done) and game.visible(seat, "two_triggers"):
        game.push(TriggerStep.of(seat, second=True))
    else:
        game.push(MoveStep.of(seat), EndMoveStep.of(seat))


# ----------------------------------------------------------------------------- walking


def pay(pools: list[int], continent: int, terrain: int) -> bool:
    """Use a symbol for a step onto a space of `terrain` on `continent`: the terrain if unused, else
    the continent; False when neither is left. `pools[-1]` is the extra step of Nos. 167-169, 261-263."""
    symbol = TERRAIN_BASE + terrain
    if pools[symbol]:
        pools[symbol] -= 1
    elif pools[continent]:
        pools[continent] -= 1
    elif pools[-1]:
        pools[-1] -= 1
    else:
        return False
    return True


def walk(game: "InhabitState", continent: int, space: int, pools: list[int]) -> list[int]:
    """The spaces the steps from `space` land on, as far as the symbols go (`pools` is used up)."""
    trail = game.trail(continent)
    row = game.occupant[continent]
    landings = []
    while True:
        space = next_landing(trail, row, space)
        if space < 0 or not pay(pools, continent, trail.terrains[space]):
            return landings
        landings.append(space)


def migration_targets(game: "InhabitState", seat: int, creature: "Creature", region: int,
                      transit: bool = False) -> list[tuple[int, int]]:
    """(continent, space) of every migration from `region`: a continent in play whose symbol the
    creature shows, where the seat has fewer than two markers (with `transit`, two are allowed too: a
    third marker passing through, `keeps_a_way_out`), with a free space to land on."""
    player = game.seats[seat]
    most = 3 if transit else 2
    targets = []
    for continent, trail in enumerate(game.trails):
        if trail is None or continent == creature.continent or not creature.counts[continent] \
                or player.on_continent[continent] >= most:
            continue
        space = migration_space(trail, game.occupant[continent], game.start, region)
        if space >= 0:
            targets.append((continent, space))
    return targets


def plans(game: "InhabitState", seat: int, creature: "Creature") -> list[Plan]:
    """Every way the moving creature (or the one about to move) can go on from here."""
    move = game.move
    assert move is not None
    began = move.began
    pools = move.pools if began else pools_of(game, creature)
    trail = game.trail(creature.continent)
    landings = walk(game, creature.continent, creature.space, pools[:])
    options: list[Plan] = [Stay(steps) for steps in range(1, len(landings) + 1)]
    if began and move.migrated:
        return options
    stepped = began and move.moved[-1][1] > 0
    transit = crowded(game, seat) < 0  # one third marker in transit at a time
    if not stepped:
        for continent, space in migration_targets(game, seat, creature, trail.regions[creature.space], transit):
            after = pools[:]
            pay(after, continent, game.trail(continent).terrains[space])
            further = walk(game, continent, space, after)
            options += [MigrateFirst(continent, steps) for steps in range(len(further) + 1)]
    targets: dict[int, list[tuple[int, int]]] = {}  # by region: at most three to look up
    for steps in range(0 if stepped else 1, len(landings) + 1):
        region = trail.regions[landings[steps - 1] if steps else creature.space]
        if region not in targets:
            targets[region] = migration_targets(game, seat, creature, region, transit)
        options += [MigrateLast(steps, continent) for continent, _ in targets[region]]
    return options


def crowded(game: "InhabitState", seat: int) -> int:
    """The continent holding three of the seat's markers (one of them in transit), or -1."""
    counts = game.seats[seat].on_continent
    return next((continent for continent, count in enumerate(counts) if count > 2), -1)


def way_out(game: "InhabitState", seat: int, continent: int, moving: int, migrated: bool, next_index: int) -> bool:
    """Whether a creature of the seat on `continent` can still migrate away this turn: the one moving
    now (at menagerie position `moving`, -1 for none) if it has not `migrated`, or a triggered one still to
    move (from position `next_index` on), with a migration open from where it stands (it shows the symbol of
    a continent with a free space where the seat has fewer than two)."""
    move = game.move
    assert move is not None
    for index, creature in enumerate(game.seats[seat].creatures):
        if creature.continent != continent or creature.space == game.trail(continent).final:
            continue
        is_moving = index == moving
        if (is_moving and not migrated or not is_moving and index >= next_index and creature.mask & move.mask) \
                and migration_targets(game, seat, creature, game.region(creature)):
            return True
    return False


def could_leave(game: "InhabitState", seat: int, index: int, continent: int) -> bool:
    """Whether a creature of the seat on `continent` right of position `index` is triggered and shows the
    symbol of another continent in play: what a third marker's transit there needs at the least."""
    move = game.move
    assert move is not None
    elsewhere = [other for other, trail in enumerate(game.trails) if trail is not None and other != continent]
    return any(creature.continent == continent and creature.mask & move.mask
               and any(creature.counts[other] for other in elsewhere)
               for creature in game.seats[seat].creatures[index + 1:])


def keeps_a_way_out(game: "InhabitState", seat: int, option: Plan | Done) -> bool:
    """Whether, after the moving creature's `option`, the turn can still end with at most two of the seat's
    markers on every continent ("nur dann, wenn durch weitere Auswanderung vor dem Ende des Spielzuges diese
    Anzahl wieder auf zwei oder weniger reduziert wird"). A move that ends the game while a third marker is
    in transit is refused, since the game's end ends the turn.

    The option is not played (a copy of the whole game per option cost a random game's Movement more than
    anything else): `after_option` works out where it leaves the creature's marker and whether it ends the
    game, as `execute` would; the marker is moved there on this game, `way_out` asked, and the marker moved
    back (`lift` and `place` undo each other exactly). Whether the creature is done after a plan needs no
    answer: `move_creature` keeps it moving only while it can go on or holds a token, and a creature counts
    as a way out in `way_out` only if it has not migrated and has a migration open, which means it can go
    on (so is still moving); a done creature is left out since it stands left of `next_index`."""
    move = game.move
    assert move is not None
    index = current(game, seat)
    creature = game.seats[seat].creatures[index]
    began = move.began
    next_index = move.next_index if began else index + 1
    if isinstance(option, Done):  # the creature is done where it stands
        continent = crowded(game, seat)
        return continent < 0 or way_out(game, seat, continent, -1, False, next_index)
    home, space = creature.continent, creature.space
    target, landing, ends = after_option(game, creature, option, (move.pools if began else pools_of(game, creature))[:])
    migrated = isinstance(option, (MigrateFirst, MigrateLast)) or began and move.migrated
    lift(game, seat, creature)
    place(game, seat, creature, target, landing)
    try:
        continent = crowded(game, seat)
        return continent < 0 or not ends and way_out(game, seat, continent, index, migrated, next_index)
    finally:
        lift(game, seat, creature)
        place(game, seat, creature, home, space)


def after_option(game: "InhabitState", creature: "Creature", plan: Plan, pools: list[int]) -> tuple[int, int, bool]:
    """Where `plan` would leave the creature's marker (continent, space), as `execute` carries it out with the
    symbols `pools` (used up), and whether it would end the game (a step onto a final space that makes enough
    of them occupied)."""
    continent, space = creature.continent, creature.space
    if isinstance(plan, MigrateFirst):
        continent = plan.continent
        space = migration_space(game.trail(continent), game.occupant[continent], game.start,
                                game.trail(creature.continent).regions[space])
        pay(pools, continent, game.trail(continent).terrains[space])
    trail = game.trail(continent)
    landings = walk(game, continent, space, pools)[:plan.steps]  # a plan's steps are paid for (`plans`)
    if landings:
        space = landings[-1]
        if space == trail.final and game.finals + 1 >= game.end_continents:  # the final space ends the path
            return continent, space, True
    if isinstance(plan, MigrateLast):
        continent, space = plan.continent, migration_space(game.trail(plan.continent), game.occupant[plan.continent],
                                                           game.start, trail.regions[space])
    return continent, space, False


def can_go_on(game: "InhabitState", seat: int, creature: "Creature") -> bool:
    """Whether `plans` would offer anything: a step its symbols pay for, or a migration still open."""
    move = game.move
    assert move is not None
    pools = (move.pools if move.began else pools_of(game, creature))[:]
    trail = game.trail(creature.continent)
    landing = next_landing(trail, game.occupant[creature.continent], creature.space)
    if landing >= 0 and pay(pools, creature.continent, trail.terrains[landing]):
        return True
    return not (move.began and move.migrated) and bool(
        migration_targets(game, seat, creature, trail.regions[creature.space]))


def pools_of(game: "InhabitState", creature: "Creature") -> list[int]:
    """The symbols a creature about to move may use: all it shows, and an extra step when its top
    card has one (Nos. 167-169, 261-263: "1 Feld weit bewegen kann auswandern sein")."""
    return [*creature.counts, int(game.catalog.cards[creature.top].effect.keyword == "extra_step")]


# ----------------------------------------------------------------------------- moving


def current(game: "InhabitState", seat: int) -> int:
    """The menagerie position of the creature moving now: the one under way, else the leftmost
    triggered creature not yet passed that is not on a final space; -1 when none is left."""
    move = game.move
    assert move is not None
    if move.began:
        return move.current
    creatures = game.seats[seat].creatures
    for index in range(move.next_index, len(creatures)):
        creature = creatures[index]
        if creature.mask & move.mask and creature.space != game.trail(creature.continent).final:
            return index
    return -1


def movable(game: "InhabitState", seat: int, start: int, stop: int | None = None) -> list[int]:
    """Classes of the creatures from position `start` on (up to `stop`) that may still move (not on a final space)."""
    return [creature.cls for creature in game.seats[seat].creatures[start:stop]
            if creature.space != game.trail(creature.continent).final]


@STEPS.options(MOVE)
def move_options(game: "InhabitState", step: MoveStep) -> tuple[MoveOption, ...]:
    """The moving creature's plans, tokens to place on it or on a creature to its right, or done.
    With no creature triggered any more: the tokens that would trigger one, or the end."""
    move = game.move
    assert move is not None
    seat = step.seat
    index = current(game, seat)
    if index < 0:
        useful = [option for option in attach_options(game, seat, movable(game, seat, move.next_index))
                  if 1 << option.symbol & move.mask]
        return (*useful, DONE) if useful else ()
    creature = game.seats[seat].creatures[index]
    ways = plans(game, seat, creature)
    can_stop = True
    if crowded(game, seat) >= 0:  # a third marker in transit: every option must leave a way out
        ways = [plan for plan in ways if keeps_a_way_out(game, seat, plan)]
        can_stop = keeps_a_way_out(game, seat, DONE)
    else:  # only a migration to a continent with two of the seat's markers opens a transit
        on_continent = game.seats[seat].on_continent
        ways = [plan for plan in ways if not isinstance(plan, (MigrateFirst, MigrateLast))
                or on_continent[plan.continent] < 2
                or could_leave(game, seat, index, plan.continent) and keeps_a_way_out(game, seat, plan)]
    options: list[MoveOption] = [*ways]
    if not move.began and move.next_index == 0:  # nothing has moved yet: a token may trigger one to the left
        options += [option for option in attach_options(game, seat, movable(game, seat, 0, index))
                    if 1 << option.symbol & move.mask]
    targets = [creature.cls] + movable(game, seat, max(index + 1, move.next_index))
    options += attach_options(game, seat, targets)
    if can_stop:
        options.append(DONE)
    return tuple(options)


@STEPS.resolver(MOVE)
def move_creature(game: "InhabitState", step: MoveStep, option: MoveOption) -> None:
    move = game.move
    assert move is not None
    seat = step.seat
    index = current(game, seat)
    if isinstance(option, Attach):
        game.push(MoveStep.of(seat))
        attach(game, seat, option.symbol, option.cls)
        return
    if index < 0:  # done: no token is placed to trigger another creature
        return
    creature = game.seats[seat].creatures[index]
    game.push(MoveStep.of(seat))
    if isinstance(option, Done):
        could_move = move.began or can_go_on(game, seat, creature)
        finish_creature(game, seat, creature, could_move)
        return
    if not move.began:
        begin(game, seat, index, creature)
    execute(game, seat, creature, option)
    if game.over:
        return
    if isinstance(option, MigrateLast) or creature.space == game.trail(creature.continent).final or not (
            can_go_on(game, seat, creature) or game.seats[seat].rack):
        finish_creature(game, seat, creature, True)


def begin(game: "InhabitState", seat: int, index: int, creature: "Creature") -> None:
    move = game.move
    assert move is not None
    move.current, move.began, move.migrated = index, True, False
    move.pools = pools_of(game, creature)
    move.next_index = index + 1
    move.moved.append([creature.cls, 0, 0])
    history.count(game, "creatures_moved")


def execute(game: "InhabitState", seat: int, creature: "Creature", plan: Plan) -> None:
    """Carry a plan out, collecting the tokens passed over; stops at once if the game ends."""
    if isinstance(plan, MigrateFirst):
        migrate(game, seat, creature, plan.continent)
    for _ in range(plan.steps):
        if not step(game, seat, creature) or game.over:
            return
    if isinstance(plan, MigrateLast):
        migrate(game, seat, creature, plan.continent)


def step(game: "InhabitState", seat: int, creature: "Creature") -> bool:
    """One space forward (3b), over occupied and token spaces, taking the top token of each token
    space passed (3e); False when no symbol pays for it."""
    move = game.move
    assert move is not None
    continent = creature.continent
    trail = game.trail(continent)
    row = game.occupant[continent]
    landing = next_landing(trail, row, creature.space)
    if landing < 0 or not pay(move.pools, continent, trail.terrains[landing]):
        return False
    passed = range(creature.space + 1, landing)
    for space in passed:
        stack = game.stacks[continent][space]
        if stack:
            take_token(game, seat, stack.pop())
    passed_over(game, [row[space] for space in passed])
    lift(game, seat, creature)
    place(game, seat, creature, continent, landing)
    move.moved[-1][1] += 1
    history.count(game, "spaces")
    check_end(game)
    return True


def take_token(game: "InhabitState", seat: int, token: int) -> None:
    """"Der Spieler setzt genommene Plättchen offen auf seinen Plättchenständer."""
    player = game.seats[seat]
    player.rack.append(token)
    player.token_points += game.catalog.tokens[token].points
    history.count(game, "tokens")


def migrate(game: "InhabitState", seat: int, creature: "Creature", continent: int) -> None:
    """3c: to the first free space of the same region number on the other continent, paid with the
    terrain there or that continent's symbol."""
    move = game.move
    assert move is not None
    region = game.region(creature)
    space = migration_space(game.trail(continent), game.occupant[continent], game.start, region)
    assert space >= 0 and creature.counts[continent], f"no migration to {CONTINENTS[continent]}"
    paid = pay(move.pools, continent, game.trail(continent).terrains[space])
    assert paid
    lift(game, seat, creature)
    place(game, seat, creature, continent, space)
    move.migrated = True
    move.moved[-1][2] = 1
    history.count(game, "migrations")


def finish_creature(game: "InhabitState", seat: int, creature: "Creature", could_move: bool) -> None:
    """3d: the marker turns white (it could move), unless the seat keeps it black for a scoring card
    that wants it black (No. 217, asked); then the next creature."""
    move = game.move
    assert move is not None
    if move.began:
        move.current, move.began, move.pools = -1, False, []
    else:
        move.next_index = game.seats[seat].position(creature.cls) + 1
    if not could_move or not creature.black:
        return
    if game.catalog.cards[creature.top].effect.keyword == "black_marker":
        game.push(FlipStep.of(seat, creature.cls))
    else:
        creature.black = False


@STEPS.options(FLIP)
def flip_options(game: "InhabitState", step: FlipStep) -> tuple[Flip, ...]:
    return (Flip(True), Flip(False))


@STEPS.resolver(FLIP)
def flip(game: "InhabitState", step: FlipStep, option: Flip) -> None:
    creature = game.seats[step.seat].creature(step.cls)
    assert creature is not None
    creature.black = not option.white


@STEPS.resolver(END_MOVE)
def end_movement(game: "InhabitState", step: EndMoveStep, option: None) -> None:
    """The trigger cards face down on their discard piles; trigger tokens out of the game."""
    move = game.move
    assert move is not None
    for card in move.cards:
        put_on_discard(game, card, face_up=False)
    game.used_tokens += move.tokens
    game.move = None
