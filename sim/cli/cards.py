"""`arkmc cards`: the implementation status of every card of a game and the test that proves it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from sim.cli.common import GAME, ArkmcError, factory_of

if TYPE_CHECKING:
    from sim.core.cards import CardStatus

DOUBTS = {  # mutation verdict -> what it means for the card
    "survived": "broken passes its tests",
    "stale": "has changed since the mutation report (rerun scripts/checks/mutation_check.py)",
    "unchecked": "is not in the mutation report",
    "error": "broken could not be judged (see the mutation report)",
}


@click.command()
@GAME
@click.option("--missing", is_flag=True, help="Only the cards not done yet; exit code 1 while any is left.")
@click.option("--kind", help="Only cards of this kind (a value of the kind column; another value lists the game's kinds).")
def cards(game: str, missing: bool, kind: str | None) -> None:
    """List every card: number, name, kind, status and the test that proves it.

    done: every effect keyword handled, a test marked card(N), and (for a game with a mutation report) breaking
    each keyword makes one of its tests fail. unproven: tested, but with a keyword broken its tests still pass,
    or the mutation report is stale or silent on it (rerun scripts/checks/mutation_check.py). untested: no test
    marked card(N). missing: a keyword has no handler or rule."""
    from sim.core import cards as card_status

    rows = list(factory_of(game).card_statuses())
    if not rows:
        click.echo(f"{game} has no cards to list")
        return
    kinds = sorted({row.kind for row in rows})
    if kind is not None and kind not in kinds:
        raise ArkmcError(f"--kind {kind!r} is not a kind of {game}'s cards ({', '.join(kinds)})")
    if not card_status.TESTS_FOLDER.is_dir():
        click.echo(f"note: no tests folder at {card_status.TESTS_FOLDER} (installed package): "
                   "no card counts as tested")
    rows = [row for row in rows if kind is None or row.kind == kind]
    left = [row for row in rows if row.status != card_status.DONE]
    if missing and not left:
        return
    click.echo(f"{'no':>3} {'name':<30} {'kind':<13} {'status':<8} test, or what is missing")
    for row in left if missing else rows:
        click.echo(f"{row.number:>3} {row.name[:30]:<30} {row.kind:<13} {row.status:<8} {detail(row)}")
    click.echo(f"{len(rows) - len(left)} of {len(rows)} cards done, {len(left)} left")
    if missing and left:
        sys.exit(1)


def detail(row: "CardStatus") -> str:
    """The proving tests of a done card, else what it lacks."""
    from sim.core import cards as card_status

    if row.status == card_status.DONE:
        return ", ".join(row.tests)
    if row.unknown:
        return "needs " + ", ".join(row.unknown)
    if row.status == card_status.UNPROVEN:
        return "tested, but " + "; ".join(f"{keyword} {DOUBTS.get(verdict, verdict)}" for keyword, verdict in row.unproven)
    return f"no test marked card({row.number})"
