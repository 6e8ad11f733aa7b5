"""Mutation check of Ark Nova's card tests: break each effect keyword a card uses in turn, run the card
tests of the cards using it, and write which breakages a test catches to tests/arknova/mutation_report.json
(read by `arkmc cards`: a card is done only when every keyword it uses is caught broken).

    .venv/bin/python scripts/mutation_check.py              # every keyword (a few minutes)
    .venv/bin/python scripts/mutation_check.py --stale      # only those the report is stale or silent on
    .venv/bin/python scripts/mutation_check.py --only money venom
"""

from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from sim.arknova import mutation
from sim.arknova.card_status import CARD_TESTS, card_entries
from sim.arknova.catalog import load_catalog
from sim.core import cards
from sim.core.mutation_campaign import CAUGHT, SURVIVED, read_report, report_entry, run_campaign, verdicts, write_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="KEYWORD", help="run these keywords, keep the rest of the report")
    parser.add_argument("--stale", action="store_true", help="run only the keywords the report has no valid verdict on")
    parser.add_argument("--jobs", type=int, default=1, help="pytest processes at a time")
    arguments = parser.parse_args()
    tests = cards.card_tests(CARD_TESTS)
    if tests is None:
        raise SystemExit(f"no tests folder at {cards.TESTS_FOLDER}")
    every = mutation.mutants(card_entries(load_catalog()), tests)
    path = mutation.report_path()
    report = read_report(path)
    chosen = every
    if arguments.only:
        unknown = set(arguments.only) - {mutant.keyword for mutant in every}
        if unknown:
            raise SystemExit(f"no card keyword with a card test: {', '.join(sorted(unknown))}")
        chosen = [mutant for mutant in every if mutant.keyword in arguments.only]
    elif arguments.stale:
        now = verdicts(report, every)
        chosen = [mutant for mutant in every if now[mutant.keyword] not in (CAUGHT, SURVIVED)]
    start = time.perf_counter()
    try:
        outcomes = run_campaign(cards.TESTS_FOLDER, mutation.__name__, chosen, arguments.jobs,
                                lambda runs, total: tqdm(runs, total=total, desc="mutants", unit="keyword"))
    except RuntimeError as error:
        raise SystemExit(str(error)) from None
    seconds = time.perf_counter() - start
    kept = {mutant.keyword for mutant in every}
    entries = {keyword: entry for keyword, entry in report.items() if keyword in kept}
    entries.update((mutant.keyword, report_entry(mutant, outcome)) for mutant, outcome in zip(chosen, outcomes))
    write_report(path, "arknova", entries)
    caught = [keyword for keyword, entry in entries.items() if entry["verdict"] == CAUGHT]
    print(f"ran {len(chosen)} mutants in {seconds:.0f} s; report {path}")
    print(f"caught {len(caught)} of {len(entries)} keywords ({len(caught) / max(1, len(entries)):.0%})")
    for keyword, entry in sorted(entries.items()):
        if entry["verdict"] != CAUGHT:
            print(f"  {entry['verdict']}: {keyword} (cards {', '.join(map(str, entry['cards']))}) {entry.get('detail', '')}")


if __name__ == "__main__":
    main()
