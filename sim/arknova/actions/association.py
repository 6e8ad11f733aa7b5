"""Association: workers on tasks (reputation 2, partner zoo 3, university 4,
conservation project 5), one task on side I or several different ones on side II,
one donation on side II, and the conservation projects with their left-edge bonuses."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from sim.arknova import deck, passives, tracks
from sim.arknova.actions.turn import action
from sim.arknova.catalog import Catalog, Project
from sim.arknova.effects import grant, rule
from sim.arknova.state import ProjectRow, Step
from sim.arknova.steps import options, resolver

if TYPE_CHECKING:
    from sim.arknova.engine import ArkNovaGame
    from sim.arknova.state import PlayerState

CATEGORIES = ("predator", "herbivore", "bird", "reptile", "primate", "bear", "petting_zoo")
MAX_WORKERS_PER_TASK = 3
PROJECT_GOALS = ("icon_count", "distinct_icons", "animal_count", "breeding", "release")
rule(*(f"project:{goal}" for goal in PROJECT_GOALS))  # read by slot_choices


def continents(player: "PlayerState") -> tuple[str, ...]:
    """The continents of the partner zoos (and of the continent icons)."""
    return player.catalog.tiles.partner_zoo_continents


def university_ids(game: "ArkNovaGame") -> list[str]:
    """Every university tile type, as the association board shows them after a break."""
    return [university.id for university in game.catalog.tiles.universities]


def workers_needed(player: "PlayerState", task: str) -> int:
    """1 worker on a task you are not on yet, 2 when one of yours is there, none beyond 3."""
    own = player.workers_on.get(task, 0)
    if own >= MAX_WORKERS_PER_TASK:
        return 99
    return 1 if own == 0 else 2


def partner_zoo_limit(player: "PlayerState", side_two: bool) -> int:
    limits = player.catalog.tracks
    return limits.partner_zoo_limit_upgraded if side_two else limits.partner_zoo_limit


def partner_zoo_choices(game: "ArkNovaGame", seat: int, side_two: bool, pool: list[str]) -> list[str]:
    player = game.players[seat]
    if len(player.partner_zoos) >= partner_zoo_limit(player, side_two):
        return []
    return [continent for continent in pool if continent not in player.partner_zoos]


def university_choices(game: "ArkNovaGame", seat: int, pool: list[str]) -> list[str]:
    player = game.players[seat]
    if len(player.universities) >= game.catalog.tracks.university_limit:
        return []
    return [university for university in pool if university not in player.universities]


def take_partner_zoo(game: "ArkNovaGame", seat: int, continent: str, from_board: bool = True) -> None:
    """Place a partner zoo on the lowest free slot; a bonus takes it from the supply, not the board."""
    player = game.players[seat]
    if from_board:
        game.partner_zoo_board.remove(continent)
    player.partner_zoos.append(continent)
    player.add_icons((continent,))
    game.say(seat, f"takes the {continent} partner zoo")
    bonus = dict(game.catalog.maps[player.map_id].partner_zoo_bonuses).get(len(player.partner_zoos))
    if bonus is not None:
        grant(game, seat, bonus)


def take_university(game: "ArkNovaGame", seat: int, university_id: str, from_board: bool = True) -> None:
    player = game.players[seat]
    university = game.catalog.tiles.university(university_id)
    if from_board:
        game.university_board.remove(university_id)
    player.universities.append(university_id)
    player.add_icons(("science",) * university.science)
    if university.hand_limit:
        player.hand_limit = max(player.hand_limit, university.hand_limit)
    game.say(seat, f"takes the {university_id} university")
    bonus = dict(game.catalog.maps[player.map_id].university_bonuses).get(len(player.universities))
    if bonus is not None:
        grant(game, seat, bonus)
    tracks.gain_reputation(game, seat, university.reputation)


def donation_cost(game: "ArkNovaGame") -> int:
    costs = game.catalog.tracks.donation_costs
    return costs[game.donations] if game.donations < len(costs) else game.catalog.tracks.donation_overflow


# --- conservation projects ------------------------------------------------------


def releasable(player: "PlayerState", project: Project, slot: int) -> list[int]:
    """Animals in the zoo with the project's icon that need a standard enclosure of at least the
    slot's size (2nd printing; petting-zoo animals need none and cannot be released)."""
    minimum = max(1, project.slots[slot].min_size)
    animals = player.catalog.animals
    return [
        number for number in dict.fromkeys(player.animals)
        if project.target in animals[number].icons and animals[number].size >= minimum
    ]


def distinct_icons(player: "PlayerState", target: str) -> int:
    names = CATEGORIES if target == "animal_categories" else continents(player)
    icons = player.icons  # read directly: every project slot of every evaluated position asks
    return sum(1 for name in names if icons.get(name, 0) > 0)


def breeding_ready(player: "PlayerState", project: Project) -> bool:
    """An animal with the icon whose continent matches one of your partner zoos."""
    animals = player.catalog.animals
    return any(
        project.target in animals[number].icons
        and any(continent in player.partner_zoos for continent in animals[number].continents)
        for number in player.animals
    )


COUNTED_GOALS = frozenset({"icon_count", "distinct_icons", "animal_count"})  # a slot is met at a count


def progress(player: "PlayerState", project: Project, extra: int) -> int:
    """How far the player is toward a project of `COUNTED_GOALS`: its icons of the target, its distinct icons, or
    its animals of the size, with `extra` icons (Breeding Cooperation tokens) for the icon goals; a slot is met
    when this reaches its threshold."""
    goal = project.goal
    if goal == "icon_count":
        return player.icons.get(project.target, 0) + extra
    if goal == "distinct_icons":
        return distinct_icons(player, project.target) + extra
    return player.small_animals if project.target == "small_animals" else player.large_animals


def slot_choices(player: "PlayerState", project: Project, slot: int, extra: int | None = None) -> list[int]:
    """How the player can meet this slot: [0] when met, animals to release for release
    projects, [] when not met. `extra` icons come from Breeding Cooperation tokens (by default
    as many as the player could use)."""
    goal = project.goal
    if goal == "release":
        return releasable(player, project, slot)
    if goal in COUNTED_GOALS:
        if extra is None:
            extra = passives.project_icon_bonus(player, project)
        met = progress(player, project, extra) >= project.slots[slot].threshold
    else:
        met = breeding_ready(player, project)
    return [0] if met else []


def support_choices(player: "PlayerState", number: int, holders: list[int]) -> list[tuple[int, int]]:
    """(slot, released animal or 0) pairs the player can take on this project. (Every association option list
    asks this of every project in play: for a counted goal the progress is counted once, not slot by slot.)"""
    project = player.catalog.projects[number]
    if player.seat in holders and not (project.goal == "release" and passives.release_repeatable(player)):
        return []
    extra = passives.project_icon_bonus(player, project)  # the same for every slot
    if project.goal in COUNTED_GOALS:
        have, levels = progress(player, project, extra), project.slots
        return [(slot, 0) for slot, holder in enumerate(holders) if holder == -1 and have >= levels[slot].threshold]
    return [(slot, released) for slot, holder in enumerate(holders) if holder == -1
            for released in slot_choices(player, project, slot, extra)]


def project_options(game: "ArkNovaGame", seat: int, side_two: bool) -> Iterator[Any]:
    """Support a project in play, or play one from hand (side II: or display in range) and support it;
    one at a time, so that a caller asking only whether there is one stops at the first."""
    player = game.players[seat]
    for row in game.base_projects + game.projects:  # plain loops: a generator expression per project costs more
        for slot, released in support_choices(player, row.number, row.holders):
            yield ("support", row.number, slot, released)
    sources = [(card, -1) for card in dict.fromkeys(player.hand)]
    if side_two:
        sources += [(game.display[index], index) for index in deck.folders_in_range(game, seat)]
    projects = game.catalog.projects
    for card, source in sources:
        if card in projects and source + 1 <= player.money:
            for slot, released in support_choices(player, card, [-1] * len(projects[card].slots)):
                yield ("play", card, source, slot, released)


def support_project(game: "ArkNovaGame", seat: int, row: ProjectRow, slot: int, released: int) -> None:
    player = game.players[seat]
    project = game.catalog.projects[row.number]
    level = project.slots[slot]
    if project.goal != "release" and not slot_choices(player, project, slot, 0):
        passives.spend_project_token(player)
    row.holders[slot] = seat
    player.supported.append(row.number)
    deck.record(game, "supported", seat, row.number, "base" if row.number in game.catalog.base_projects else "row")
    game.say(seat, f"supports {project.name} (slot {slot + 1}) for {level.cp} CP")
    game.push(("left_slot", seat))
    cp = level.cp
    if released:
        release(game, seat, released)
        deck.record(game, "released", seat, released, "zoo")
        cp += passives.release_bonus_cp(player)
    tracks.gain_cp(game, seat, cp)
    tracks.gain_reputation(game, seat, level.reputation)


def release(game: "ArkNovaGame", seat: int, number: int) -> None:
    """Release into the wild: the animal leaves the zoo, its appeal is lost, its space freed."""
    from sim.arknova import zoo

    player = game.players[seat]
    animal = game.catalog.animals[number]
    player.animals.remove(number)
    player.add_icons(animal.icons, -1)
    if animal.size_class == "small":
        player.small_animals -= 1
    elif animal.size_class == "large":
        player.large_animals -= 1
    zoo.release_animal(player, animal)
    tracks.gain_appeal(game, seat, -animal.appeal)
    game.discard.append(number)
    game.say(seat, f"releases {animal.name} into the wild")


def play_project(game: "ArkNovaGame", seat: int, card: int, source: int) -> ProjectRow:
    """A new project goes to the left of the row; beyond the row limit the rightmost is discarded."""
    deck.take_card_to_play(game, seat, card, source)
    project = game.catalog.projects[card]
    row = ProjectRow(card, [-1] * len(project.slots))
    game.projects.insert(0, row)
    if len(game.projects) > game.project_row_limit:
        dropped = game.projects.pop()
        game.discard.append(dropped.number)
    for bonus in project.played_bonus:
        grant(game, seat, bonus)
    return row


# --- the action -------------------------------------------------------------------


def task_strengths(catalog: Catalog) -> dict[str, int]:
    """The printed strength of each task (kept with the catalog: every turn asks it of every task)."""
    return dict(catalog.tracks.association_strength)


TASKS = ("reputation", "partner_zoo", "university", "conservation_project")  # in the order options list them


def least_printed_strength(catalog: Catalog) -> dict[int, int]:
    """Strength needed -> the least strength printed on a task that reaches it (none above the highest)."""
    printed = catalog.derived[task_strengths].values()
    return {needed: min(strength for strength in printed if strength >= needed) for needed in range(max(printed) + 1)}


def tasks_by_strength(catalog: Catalog) -> list[tuple[int, str]]:
    """(printed strength, task), cheapest first (kept with the catalog: every turn tries the tasks in this order)."""
    printed = catalog.derived[task_strengths]
    return sorted((printed[task], task) for task in TASKS)


def task_choices(game: "ArkNovaGame", seat: int, task: str, side_two: bool) -> Iterator[Any]:
    """The options of one task the seat's workers and strength allow, one at a time."""
    if task == "reputation":
        yield ("reputation",)
    elif task == "partner_zoo":  # plain loops: cheaper than a generator expression
        for continent in partner_zoo_choices(game, seat, side_two, game.partner_zoo_board):
            yield ("partner_zoo", continent)
    elif task == "university":
        for university in university_choices(game, seat, game.university_board):
            yield ("university", university)
    else:
        yield from project_options(game, seat, side_two)


def task_options(game: "ArkNovaGame", seat: int, remaining: int, done: tuple[str, ...],
                 side_two: bool) -> Iterator[Any]:
    """The tasks the seat can perform with `remaining` strength, one at a time."""
    player = game.players[seat]
    printed = game.catalog.derived[task_strengths]
    for task in TASKS:
        if (task not in done and passives.task_strength(player, task, printed[task]) <= remaining
                and workers_needed(player, task) <= player.workers):
            yield from task_choices(game, seat, task, side_two)


def _start(seat: int, strength: int, side_two: bool) -> Step:
    return ("association", seat, strength, (), side_two, False)


@action("association", _start)
def association_min_strength(game: "ArkNovaGame", seat: int, side_two: bool) -> int | None:
    """The strength of the cheapest task the player can perform now: the least of the action's strengths
    (those printed on the tasks) that reaches a task with a worker for it and a choice. The tasks are tried
    cheapest first, each once; the reputation task, whose one choice is always there, is not asked for it
    (every turn starts here, and the reputation task is the cheapest)."""
    player = game.players[seat]
    if not player.workers:  # every task needs a worker
        return None
    tasks = game.catalog.derived[tasks_by_strength]
    if player.sponsors and passives.has(player, "support_project_min_strength"):  # Veterinarian lowers a task
        tasks = sorted((passives.task_strength(player, task, needed), task) for needed, task in tasks)
    for needed, task in tasks:
        if workers_needed(player, task) <= player.workers and (
                task == "reputation" or next(task_choices(game, seat, task, side_two), None) is not None):
            return game.catalog.derived[least_printed_strength].get(needed)
    return None


@options("association")
def association_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    seat, remaining, done, side_two, donated = step[1:6]
    if done and not side_two:
        return ()
    result = list(task_options(game, seat, remaining, done, side_two))
    if done:
        if side_two and not donated and donation_cost(game) <= game.players[seat].money:
            result.append(("donate",))
        result.append(("done",))
    return tuple(result)


TASK_OF = {"reputation": "reputation", "partner_zoo": "partner_zoo", "university": "university",
           "support": "conservation_project", "play": "conservation_project"}


@resolver("association")
def perform_task(game: "ArkNovaGame", step: Step, choice: Any) -> None:
    seat, remaining, done, side_two, donated = step[1:6]
    player = game.players[seat]
    kind = choice[0]
    if kind == "done":
        return
    if kind == "donate":
        cost = donation_cost(game)
        player.money -= cost
        game.donations += 1
        game.say(seat, f"donates {cost}")
        game.push(("association", seat, remaining, done, side_two, True))
        tracks.gain_cp(game, seat, 1)
        return
    task = TASK_OF[kind]
    needed = workers_needed(player, task)
    player.workers -= needed
    player.workers_on[task] = player.workers_on.get(task, 0) + needed
    printed = game.catalog.derived[task_strengths][task]
    game.push(("association", seat, remaining - passives.task_strength(player, task, printed),
               done + (task,), side_two, donated))
    if kind == "reputation":
        game.say(seat, "gains reputation")
        tracks.gain_reputation(game, seat, game.catalog.tracks.association_reputation_gain)
    elif kind == "partner_zoo":
        take_partner_zoo(game, seat, choice[1])
    elif kind == "university":
        take_university(game, seat, choice[1])
    elif kind == "support":
        row = next(row for row in game.base_projects + game.projects if row.number == choice[1])
        support_project(game, seat, row, choice[2], choice[3])
    else:
        row = play_project(game, seat, choice[1], choice[2])
        support_project(game, seat, row, choice[3], choice[4])


@options("left_slot")
def left_slot_options(game: "ArkNovaGame", step: Step) -> tuple[Any, ...]:
    """Which left-edge token marks the project; its bonus comes with it."""
    player = game.players[step[1]]
    slots = game.catalog.maps[player.map_id].left_edge_slots
    return tuple(index for index in range(len(slots)) if not player.left_slots & (1 << index))


@resolver("left_slot")
def take_left_slot(game: "ArkNovaGame", step: Step, index: Any) -> None:
    seat = step[1]
    player = game.players[seat]
    slot = game.catalog.maps[player.map_id].left_edge_slots[index]
    player.left_slots |= 1 << index
    if slot.recurring:
        player.recurring_income.append(slot.bonus)
    grant(game, seat, slot.bonus)
