"""Ark & Noah's side of the mutation check (`sim.core.mutation_campaign`): each rule of the rulebook broken by
one text change in a module or a data file of this package, which the rule tests must catch.

A module's change is compiled in the pytest process when the module is first imported (the core's
`change_source`), so this module imports none of the engine; a data file's change is made where the game
reads its shipped files (`change_data_file`), so a number changed there is changed everywhere it is read.
No file is written.

Every mutant runs the rule tests, the rulebook's worked examples and its rules (the game's other tests check
it against the framework, not against the rules). A change whose text is no longer in its file exactly once
has an empty fingerprint, so its report entry is stale, and its run is an error: the list follows the code.

    .venv/bin/python scripts/checks/mutation_check.py --game arknoah [NAME ...]

writes ``tests/arknoah/mutation_report.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sim.core import cards
from sim.core.mutation import change_data_file, change_source
from sim.core.mutation_campaign import REPORT_NAME, Mutant, text_change_fingerprint

PACKAGE = Path(__file__).parent
PACKAGE_NAME = __name__.rpartition(".")[0]
DATA_FOLDER = "data/"  # a change to a file in it is a data change
RULE_TESTS = ("arknoah/test_examples.py", "arknoah/test_rules.py")  # in the tests folder


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A rule broken: in `file` (a path in this package), the text `old` becomes `new`."""

    name: str
    file: str
    old: str
    new: str

    def describe(self) -> str:
        return f"{self.file}: {self.old!r} becomes {self.new!r}"


CHANGES = (
    RuleChange("short_supply", "flow.py", "got = min(count, game.supply_pitch)",
               "got = count"),
    RuleChange("empty_colour_supply", "flow.py", "got = min(count, game.supply_walls[seat])",
               "got = count"),
    RuleChange("bonus_cap", "flow.py", "min(rules.bonus_max, game.bonus[index] + rules.bonus_step)",
               "game.bonus[index] + rules.bonus_step"),
    RuleChange("bonus_paid", "flow.py", "game.players[step.seat].score(BONUS, bonus)",
               "pass"),
    RuleChange("bonus_only_on_free_spaces", "flow.py", "        if worker < 0:\n            game.bonus[index]",
               "        if True:\n            game.bonus[index]"),
    RuleChange("cage_max_4", "building.py", "MAX_CAGE = 4",
               "MAX_CAGE = 5"),
    RuleChange("inner_walls_back", "building.py", "    game.walls &= ~inside\n",
               "    game.walls &= ~0\n"),
    RuleChange("no_wall_inside_cage", "building.py", "    game.forbidden |= shape.interior\n",
               ""),
    RuleChange("pitch_needs_both_walls", "building.py", "if walls & pitch_pair[space] == pitch_pair[space]:",
               "if walls & pitch_pair[space]:"),
    RuleChange("build_cap", "building.py", "(BuildStep.of(step.seat, step.left - 1),) if step.left > 1 else ()",
               "(BuildStep.of(step.seat, step.left),)"),
    RuleChange("build_VP", "building.py", "        player.score(BUILD_VP, 1)\n    if board.hull",
               "        pass\n    if board.hull"),
    RuleChange("quick_build_no_VP", "building.py", "    if not game.quick:\n        player.score(BUILD_VP, 1)",
               "    if True:\n        player.score(BUILD_VP, 1)"),
    RuleChange("exact_size", "loading.py",
               "        if game.cage_large[index] < 0:\n            fitting.setdefault(cage.size, []).append(index)",
               "        if game.cage_large[index] < 0:\n"
               "            [fitting.setdefault(size, []).append(index) for size in range(1, cage.size + 1)]"),
    RuleChange("pitch_before_load", "loading.py", "if game.cage_food[index] < cage.size or cage.pitch & ~pitched:",
               "if game.cage_food[index] < cage.size:"),
    RuleChange("fully_fed", "loading.py", "if game.cage_food[index] < cage.size or cage.pitch & ~pitched:",
               "if cage.pitch & ~pitched:"),
    RuleChange("own_wall", "loading.py", "own = -1 if last_minute else game.colour_walls[seat]",
               "own = -1"),
    RuleChange("food_own_wall", "loading.py", "if game.cage_food[index] < cage.size and cage.boundary & own]",
               "if game.cage_food[index] < cage.size]"),
    RuleChange("cost_per_own_tile", "loading.py", "return 1 if quick else size * own_tiles",
               "return 1 if quick else size * 2"),
    RuleChange("one_small_pair", "loading.py", "        if game.cage_small[index] < 0:\n            fitting.setdefault(0",
               "        if True:\n            fitting.setdefault(0"),
    RuleChange("one_large_pair", "loading.py", "        if game.cage_large[index] < 0:\n            fitting.setdefault(cage.size",
               "        if True:\n            fitting.setdefault(cage.size"),
    RuleChange("walls_VP_to_every_player", "loading.py", "            if walls:\n                players[colour]",
               "            if walls and colour == seat:\n                players[colour]"),
    RuleChange("pitch_VP", "loading.py", "        if pitch:\n            players[seat].score(PITCH, pitch)",
               "        if False:\n            players[seat].score(PITCH, pitch)"),
    RuleChange("tile_VP_to_owner", "loading.py", "            players[owner].score(ANIMALS, kind.vp)\n            gains[owner]",
               "            players[seat].score(ANIMALS, kind.vp)\n            gains[owner]"),
    RuleChange("small_pair_at_0_points", "loading.py", "if left or not game.quick:",
               "if left:"),
    RuleChange("quick_empty_cage", "loading.py", "            if game.cage_large[index] < 0 and game.cage_small[index] < 0:\n",
               "            if True:\n"),
    RuleChange("min_rounds", "flow.py", "    if game.round >= minimum:",
               "    if game.round >= minimum - 1:"),
    RuleChange("hull_closed", "state.py", "return self.walls & self.board.hull == self.board.hull",
               "return (self.board.hull & ~self.walls).bit_count() <= 1"),
    RuleChange("stall_rule", "flow.py", "        if stalled(game):\n            return END_STALL",
               "        pass"),
    RuleChange("max_rounds", "flow.py", 'return END_MAX_ROUNDS if game.round >= game.max_rounds else ""',
               'return ""'),
    RuleChange("last_minute_order", "flow.py", "key=lambda seat: (game.players[seat].vp, position[seat]))",
               "key=lambda seat: (-game.players[seat].vp, position[seat]))"),
    RuleChange("last_minute_no_VP", "loading.py", "load_pair(game, step.seat, cage, male, female, score=False)",
               "load_pair(game, step.seat, cage, male, female, score=True)"),
    RuleChange("last_minute_any_cage", "loading.py", "own = -1 if last_minute else game.colour_walls[seat]",
               "own = game.colour_walls[seat]"),
    RuleChange("hull_bonus_ties", "flow.py", "if best and hull[seat] == best:",
               "if best and hull[seat] == best and seat == hull.index(best):"),
    RuleChange("leftover_pieces", "flow.py", "-(player.walls + player.food + player.pitch)",
               "-(player.walls + player.food)"),
    RuleChange("leftover_animals", "flow.py",
               "sizes = sum(game.catalog.species[game.catalog.tiles[tile].species].size for tile in game.tiles_of(seat))",
               "sizes = len(game.tiles_of(seat))"),
    RuleChange("quick_no_penalties", "flow.py", "        if not game.quick:\n            player.score(PIECES_LEFT",
               "        if True:\n            player.score(PIECES_LEFT"),
    RuleChange("shared_win", "state.py", "1 + sum(other > points[seat] for other in points)",
               "1 + sum(other > points[seat] or (other == points[seat] and i < seat) for i, other in enumerate(points))"),
    RuleChange("swap_partner_rule", "animals.py", "if holder == seat and (game.quick or not game.partner_in_play(tile))]",
               "if holder == seat]"),
    RuleChange("quick_swap_any_tile", "animals.py", "if holder == seat and (game.quick or not game.partner_in_play(tile))]",
               "if holder == seat and not game.partner_in_play(tile)]"),
    RuleChange("swap_walls_other_colour", "animals.py", "        walls &= ~game.colour_walls[game.colour_of(step.first)]",
               "        walls &= ~(1 << step.first)"),
    RuleChange("swap_reward_VP", "animals.py", "        player.score(SWAP, 1)",
               "        pass"),
    RuleChange("others_in_worker_order", "state.py", "        return [other for other in self.seat_order() if other != seat]",
               "        return [other for other in range(len(self.players)) if other != seat]"),
    RuleChange("2p_seating", "data/rules.json", '"2": [[1, 4], [2, 3]]',
               '"2": [[1, 2], [3, 4]]'),
    RuleChange("3p_free_draw", "data/rules.json", '"3": [1, 1, 1]',
               '"3": [1, 1, 0]'),
    RuleChange("4p_draws", "data/rules.json", '"4": [2, 2, 0]',
               '"4": [2, 1, 0]'),
    RuleChange("load_8_points", "data/rules.json", '"build": [8, 5], "load": [8, 5]}',
               '"build": [8, 5], "load": [7, 5]}'),
    RuleChange("build_5_pieces", "data/rules.json", '"build": [8, 5], "load": [8, 5]}',
               '"build": [8, 6], "load": [8, 5]}'),
    RuleChange("quick_load_2_pairs", "data/rules.json", '"load": [2, 1]}',
               '"load": [3, 1]}'),
    RuleChange("start_redraw", "setup.py", "        if tiles[female].species in own_species:",
               "        if False:"),
    RuleChange("removed_species", "setup.py", "if players not in kind.removed_with and not (quick and kind.size == 0):",
               "if not (quick and kind.size == 0):"),
    RuleChange("quick_no_small_animals", "setup.py", "if players not in kind.removed_with and not (quick and kind.size == 0):",
               "if players not in kind.removed_with:"),
    RuleChange("quick_min_rounds", "data/rules.json", '"min_rounds": 8',
               '"min_rounds": 7'),
    RuleChange("next_round_order", "flow.py", "    game.worker_column[step.worker] = option.column\n",
               ""),
    RuleChange("drawn_not_in_play", "state.py", "return any(holder[other] >= 0 for other in self.catalog.partners[tile])",
               "return any(holder[other] >= 0 or holder[other] == DRAWN for other in self.catalog.partners[tile])"),
    RuleChange("select_tables", "board.py", "        mask >>= CHUNK\n    return out",
               "        mask >>= CHUNK + 1\n    return out"),
)


def report_path() -> Path:
    """The committed report, beside the rule tests (read at call time: tests may move the folder)."""
    return cards.TESTS_FOLDER / "arknoah" / REPORT_NAME


def mutants() -> list[Mutant]:
    """Every rule change, with its fingerprint as the code is now."""
    return [Mutant(rule.name, RULE_TESTS, text_change_fingerprint(PACKAGE / rule.file, rule.old, rule.new), rule.describe())
            for rule in CHANGES]


def apply_mutant(name: str) -> None:
    """Make the named rule change in this process (see the module text); called by the core's pytest plugin."""
    rule = next((rule for rule in CHANGES if rule.name == name), None)
    if rule is None:
        raise KeyError(f"no rule change named {name!r}")
    if rule.file.startswith(DATA_FOLDER):
        change_data_file(PACKAGE_NAME, rule.file.removeprefix(DATA_FOLDER), rule.old, rule.new)
    else:
        change_source(f"{PACKAGE_NAME}.{rule.file.removesuffix('.py').replace('/', '.')}", rule.old, rule.new)
