"""`arkmc cards`: the implementation status of every card and the test that proves it."""

from __future__ import annotations

import sys

import click


@click.command()
@click.option("--missing", is_flag=True, help="Only the cards not done yet; exit code 1 while any is left.")
@click.option("--kind", type=click.Choice(["animal", "sponsor", "project", "final_scoring"]),
              help="Only cards of this kind.")
def cards(missing: bool, kind: str | None) -> None:
    """List every card: number, name, kind, status (done / untested / missing) and the test that proves it."""
    from sim.arknova import card_status

    tests = card_status.card_tests()
    if tests is None:
        click.echo(f"note: no tests folder at {card_status.TESTS_FOLDER} (installed package): "
                   "no card counts as tested")
    rows = [row for row in card_status.card_statuses(tests) if kind is None or row.kind == kind]
    left = [row for row in rows if row.status != card_status.DONE]
    if missing and not left:
        return
    click.echo(f"{'no':>3} {'name':<30} {'kind':<13} {'status':<8} test, or what is missing")
    for row in left if missing else rows:
        detail = ", ".join(row.tests) if row.status == card_status.DONE else (
            "needs " + ", ".join(row.unknown) if row.unknown else "no test marked card(%d)" % row.number)
        click.echo(f"{row.number:>3} {row.name[:30]:<30} {row.kind:<13} {row.status:<8} {detail}")
    click.echo(f"{len(rows) - len(left)} of {len(rows)} cards done, {len(left)} left")
    if missing and left:
        sys.exit(1)
