"""Break each Ark & Noah rule in turn and watch a test fail: one text replacement in a source or data
file of sim/arknoah, the Ark & Noah rule tests run (-x), the file restored. Prints caught/SURVIVED per
rule and exits 1 when one survived or its text is no longer found (the list must follow the code).

    python scripts/arknoah_mutations.py [NAME ...]     # all rules, or the named ones

It edits files of this checkout while it runs, so it refuses to start unless they are committed
(a run killed midway leaves a change that `git checkout sim/arknoah` undoes).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/arknoah/test_examples.py", "tests/arknoah/test_rules.py", "tests/arknoah/test_game.py"]

MUTATIONS = [  # (rule, file, text, the text that breaks it)
    ('short supply', 'sim/arknoah/flow.py',
     'got = min(count, game.supply_pitch)',
     'got = count'),
    ('empty colour supply', 'sim/arknoah/flow.py',
     'got = min(count, game.supply_walls[seat])',
     'got = count'),
    ('bonus cap', 'sim/arknoah/flow.py',
     'min(rules.bonus_max, game.bonus[index] + rules.bonus_step)',
     'game.bonus[index] + rules.bonus_step'),
    ('bonus paid', 'sim/arknoah/flow.py',
     'game.players[step.seat].score(BONUS, bonus)',
     'pass'),
    ('bonus only on free spaces', 'sim/arknoah/flow.py',
     '        if worker < 0:\n            game.bonus[index]',
     '        if True:\n            game.bonus[index]'),
    ('cage max 4', 'sim/arknoah/building.py',
     'MAX_CAGE = 4',
     'MAX_CAGE = 5'),
    ('inner walls back', 'sim/arknoah/building.py',
     '    game.walls &= ~inside\n',
     '    game.walls &= ~0\n'),
    ('no wall inside cage', 'sim/arknoah/building.py',
     '    game.forbidden |= shape.interior\n',
     ''),
    ('pitch needs both walls', 'sim/arknoah/building.py',
     'if walls & pitch_pair[space] == pitch_pair[space]:',
     'if walls & pitch_pair[space]:'),
    ('build cap', 'sim/arknoah/building.py',
     '(BuildStep.of(step.seat, step.left - 1),) if step.left > 1 else ()',
     '(BuildStep.of(step.seat, step.left),)'),
    ('build VP', 'sim/arknoah/building.py',
     '        player.score(BUILD_VP, 1)\n    if board.hull',
     '        pass\n    if board.hull'),
    ('quick build no VP', 'sim/arknoah/building.py',
     '    if not game.quick:\n        player.score(BUILD_VP, 1)',
     '    if True:\n        player.score(BUILD_VP, 1)'),
    ('exact size', 'sim/arknoah/loading.py',
     '        if game.cage_large[index] < 0:\n            fitting.setdefault(cage.size, []).append(index)',
     '        if game.cage_large[index] < 0:\n            [fitting.setdefault(size, []).append(index) for s'
     'ize in range(1, cage.size + 1)]'),
    ('pitch before load', 'sim/arknoah/loading.py',
     'if game.cage_food[index] < cage.size or cage.pitch & ~pitched:',
     'if game.cage_food[index] < cage.size:'),
    ('fully fed', 'sim/arknoah/loading.py',
     'if game.cage_food[index] < cage.size or cage.pitch & ~pitched:',
     'if cage.pitch & ~pitched:'),
    ('own wall', 'sim/arknoah/loading.py',
     'own = -1 if last_minute else game.colour_walls[seat]',
     'own = -1'),
    ('food own wall', 'sim/arknoah/loading.py',
     'if game.cage_food[index] < cage.size and cage.boundary & own]',
     'if game.cage_food[index] < cage.size]'),
    ('cost per own tile', 'sim/arknoah/loading.py',
     'return 1 if quick else size * own_tiles',
     'return 1 if quick else size * 2'),
    ('one small pair', 'sim/arknoah/loading.py',
     '        if game.cage_small[index] < 0:\n            fitting.setdefault(0',
     '        if True:\n            fitting.setdefault(0'),
    ('one large pair', 'sim/arknoah/loading.py',
     '        if game.cage_large[index] < 0:\n            fitting.setdefault(cage.size',
     '        if True:\n            fitting.setdefault(cage.size'),
    ('walls VP to every player', 'sim/arknoah/loading.py',
     '            if walls:\n                players[colour]',
     '            if walls and colour == seat:\n                players[colour]'),
    ('pitch VP', 'sim/arknoah/loading.py',
     '        if pitch:\n            players[seat].score(PITCH, pitch)',
     '        if False:\n            players[seat].score(PITCH, pitch)'),
    ('tile VP to owner', 'sim/arknoah/loading.py',
     '            players[owner].score(ANIMALS, kind.vp)\n            gains[owner]',
     '            players[seat].score(ANIMALS, kind.vp)\n            gains[owner]'),
    ('small pair at 0 points', 'sim/arknoah/loading.py',
     'if left or not game.quick:',
     'if left:'),
    ('quick empty cage', 'sim/arknoah/loading.py',
     '            if game.cage_large[index] < 0 and game.cage_small[index] < 0:\n',
     '            if True:\n'),
    ('min rounds', 'sim/arknoah/flow.py',
     '    if game.round >= minimum:',
     '    if game.round >= minimum - 1:'),
    ('hull closed', 'sim/arknoah/state.py',
     'return self.walls & self.board.hull == self.board.hull',
     'return (self.board.hull & ~self.walls).bit_count() <= 1'),
    ('stall rule', 'sim/arknoah/flow.py',
     '        if stalled(game):\n            return END_STALL',
     '        pass'),
    ('max rounds', 'sim/arknoah/flow.py',
     'return END_MAX_ROUNDS if game.round >= game.max_rounds else ""',
     'return ""'),
    ('last-minute order', 'sim/arknoah/flow.py',
     'key=lambda seat: (game.players[seat].vp, position[seat]))',
     'key=lambda seat: (-game.players[seat].vp, position[seat]))'),
    ('last-minute no VP', 'sim/arknoah/loading.py',
     'load_pair(game, step.seat, cage, male, female, score=False)',
     'load_pair(game, step.seat, cage, male, female, score=True)'),
    ('last-minute any cage', 'sim/arknoah/loading.py',
     'own = -1 if last_minute else game.colour_walls[seat]',
     'own = game.colour_walls[seat]'),
    ('hull bonus ties', 'sim/arknoah/flow.py',
     'if best and hull[seat] == best:',
     'if best and hull[seat] == best and seat == hull.index(best):'),
    ('leftover pieces', 'sim/arknoah/flow.py',
     '-(player.walls + player.food + player.pitch)',
     '-(player.walls + player.food)'),
    ('leftover animals', 'sim/arknoah/flow.py',
     'sizes = sum(game.catalog.species[game.catalog.tiles[tile].species].size for tile in game.tiles_of(seat))',
     'sizes = len(game.tiles_of(seat))'),
    ('quick no penalties', 'sim/arknoah/flow.py',
     '        if not game.quick:\n            player.score(PIECES_LEFT',
     '        if True:\n            player.score(PIECES_LEFT'),
    ('shared win', 'sim/arknoah/state.py',
     '1 + sum(other > points[seat] for other in points)',
     '1 + sum(other > points[seat] or (other == points[seat] and i < seat) for i, other in enumerate(points))'),
    ('swap partner rule', 'sim/arknoah/animals.py',
     'if holder == seat and (game.quick or not game.partner_in_play(tile))]',
     'if holder == seat]'),
    ('quick swap any tile', 'sim/arknoah/animals.py',
     'if holder == seat and (game.quick or not game.partner_in_play(tile))]',
     'if holder == seat and not game.partner_in_play(tile)]'),
    ('swap walls other colour', 'sim/arknoah/animals.py',
     '        walls &= ~game.colour_walls[game.colour_of(step.first)]',
     '        walls &= ~(1 << step.first)'),
    ('swap reward VP', 'sim/arknoah/animals.py',
     '        player.score(SWAP, 1)',
     '        pass'),
    ('others in worker order', 'sim/arknoah/state.py',
     '        return [other for other in self.seat_order() if other != seat]',
     '        return [other for other in range(len(self.players)) if other != seat]'),
    ('2p seating', 'sim/arknoah/data/rules.json',
     '"2": [[1, 4], [2, 3]]',
     '"2": [[1, 2], [3, 4]]'),
    ('3p free draw', 'sim/arknoah/data/rules.json',
     '"3": [1, 1, 1]',
     '"3": [1, 1, 0]'),
    ('4p draws', 'sim/arknoah/data/rules.json',
     '"4": [2, 2, 0]',
     '"4": [2, 1, 0]'),
    ('load 8 points', 'sim/arknoah/data/rules.json',
     '"build": [8, 5], "load": [8, 5]}',
     '"build": [8, 5], "load": [7, 5]}'),
    ('build 5 pieces', 'sim/arknoah/data/rules.json',
     '"build": [8, 5], "load": [8, 5]}',
     '"build": [8, 6], "load": [8, 5]}'),
    ('quick load 2 pairs', 'sim/arknoah/data/rules.json',
     '"load": [2, 1]}',
     '"load": [3, 1]}'),
    ('start redraw', 'sim/arknoah/setup.py',
     '        if tiles[female].species in own_species:',
     '        if False:'),
    ('removed species', 'sim/arknoah/setup.py',
     'if players not in kind.removed_with and not (quick and kind.size == 0):',
     'if not (quick and kind.size == 0):'),
    ('quick no small animals', 'sim/arknoah/setup.py',
     'if players not in kind.removed_with and not (quick and kind.size == 0):',
     'if players not in kind.removed_with:'),
    ('quick min rounds', 'sim/arknoah/data/rules.json',
     '"min_rounds": 8',
     '"min_rounds": 7'),
    ('next round order', 'sim/arknoah/flow.py',
     '    game.worker_column[step.worker] = option.column\n',
     ''),
    ('drawn not in play', 'sim/arknoah/state.py',
     'return any(holder[other] >= 0 for other in self.catalog.partners[tile])',
     'return any(holder[other] >= 0 or holder[other] == DRAWN for other in self.catalog.partners[tile])'),
    ('select tables', 'sim/arknoah/board.py',
     '        mask >>= CHUNK\n    return out',
     '        mask >>= CHUNK + 1\n    return out'),
]


def run(relative: str, old: str, new: str) -> str:
    """'caught', 'SURVIVED' or 'stale' (the text to break is not found exactly once)."""
    path = ROOT / relative
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        return "stale"
    path.write_text(text.replace(old, new), encoding="utf-8")
    try:
        result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *TESTS,
                                 "-k", "not invariants_hold and not conformance"], cwd=ROOT, capture_output=True,
                                text=True, timeout=600)
    finally:
        path.write_text(text, encoding="utf-8")
    return "caught" if result.returncode else "SURVIVED"


def main(names: list[str]) -> int:
    dirty = subprocess.run(["git", "status", "--porcelain", "sim/arknoah"], cwd=ROOT, capture_output=True, text=True)
    if dirty.stdout.strip():
        print("arknoah_mutations: commit sim/arknoah first (it edits those files while it runs)")
        return 2
    chosen = [mutation for mutation in MUTATIONS if not names or mutation[0] in names]
    outcomes = {}
    for name, relative, old, new in chosen:
        outcomes[name] = run(relative, old, new)
        print(f"{outcomes[name]:<8} {name}", flush=True)
    bad = [name for name, outcome in outcomes.items() if outcome != "caught"]
    print(f"{len(chosen) - len(bad)} of {len(chosen)} rules broken were caught" + (f"; not: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
