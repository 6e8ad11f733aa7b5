"""Mutation check of a game's tests (sim/core/mutation_campaign.py): apply each mutant the game publishes in
turn, run the tests that should catch it, and write which ones a test catches to the game's report,
tests/<game>/mutation_report.json. Ark Nova breaks each effect keyword its cards use (`arkmc cards` calls a
card done only when every keyword it uses is caught broken); Ark & Noah changes each rule of the rulebook.
A game's tests fail while its report is out of date (tests/core/test_mutation.py,
tests/arknoah/test_mutation.py); this command brings it up to date. It exits 1 unless every mutant is caught.

    .venv/bin/python scripts/checks/mutation_check.py                        # the default game, every mutant
    .venv/bin/python scripts/checks/mutation_check.py --stale                # only those the report is stale or silent on
    .venv/bin/python scripts/checks/mutation_check.py money venom            # these mutants, the rest of the report kept
    .venv/bin/python scripts/checks/mutation_check.py --game arknoah --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time

from tqdm import tqdm

from sim.core import cards
from sim.core.mutation_campaign import (
    CAUGHT,
    SURVIVED,
    game_mutants,
    read_report,
    report_entry,
    run_campaign,
    verdicts,
    write_report,
)
from sim.core.registry import RegistryError, default_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help="run these mutants, keep the rest of the report")
    parser.add_argument("--game", help="the game whose mutants run (default: the default game)")
    parser.add_argument("--stale", action="store_true", help="run only the mutants the report has no valid verdict on")
    parser.add_argument("--jobs", type=int, default=1, help="pytest processes at a time")
    arguments = parser.parse_args()
    if not cards.TESTS_FOLDER.is_dir():
        parser.error(f"no tests folder at {cards.TESTS_FOLDER}")
    try:
        game = arguments.game or default_game()
        module = game_mutants(game)
    except (RegistryError, ValueError) as error:
        parser.error(str(error))
    every = module.mutants()
    path = module.report_path()
    report = read_report(path)
    chosen = every
    if arguments.names:
        unknown = set(arguments.names) - {mutant.name for mutant in every}
        if unknown:
            parser.error(f"{game} has no mutant named {', '.join(sorted(unknown))}")
        chosen = [mutant for mutant in every if mutant.name in arguments.names]
    elif arguments.stale:
        now = verdicts(report, every)
        chosen = [mutant for mutant in every if now[mutant.name] not in (CAUGHT, SURVIVED)]
    start = time.perf_counter()
    try:
        outcomes = run_campaign(cards.TESTS_FOLDER, module.__name__, chosen, arguments.jobs,
                                lambda runs, total: tqdm(runs, total=total, desc="mutants", unit="mutant"))
    except RuntimeError as error:
        print(f"mutation_check: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    kept = {mutant.name for mutant in every}
    entries = {name: entry for name, entry in report.items() if name in kept}
    entries.update((mutant.name, report_entry(mutant, outcome)) for mutant, outcome in zip(chosen, outcomes))
    write_report(path, game, entries)
    missed = {name: entry for name, entry in sorted(entries.items()) if entry["verdict"] != CAUGHT}
    print(f"ran {len(chosen)} mutants in {seconds:.0f} s; report {path}")
    print(f"caught {len(entries) - len(missed)} of {len(entries)} mutants")
    for name, entry in missed.items():
        print(f"  {entry['verdict']}: {name} ({entry['change']}) {entry.get('detail', '')}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
