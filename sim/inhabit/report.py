"""Inhabit the Earth's own sections of `arkmc report`: the first seat, classes and continents, cards,
the race's length and the scoring cards. Each says which data pack its figures describe: the one
reconstructed from the rulebook (docs/inhabit/data.md) unless the run named its own."""

from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure

from sim.analysis import plots, randomised
from sim.analysis.answers import rate_change, rate_change_interval
from sim.analysis.data import Run
from sim.analysis.report import (
    MARK,
    RANDOMISED_COLUMNS,
    SETTLE_COLUMN,
    SIGNIFICANT_Q,
    TOP,
    Section,
    column,
    interval_of,
    num,
    pct,
    top_and_bottom,
)
from sim.analysis.tables import with_games_to_settle
from sim.inhabit import analysis

PACK = ("These figures describe the data pack reconstructed from the rulebook (docs/inhabit/data.md): the "
        "rulebook lists neither the cards nor the trails, so they are not findings about the printed game.")
MIN_SEAT_GAMES = 30  # games per player count before the first seat is judged
CARD_MIN_N = 20  # seats that played a card before it is ranked
SCORING_MIN_N = 5  # seats that ended with a scoring card on top before it is listed


def report_sections(run: Run) -> list[Section]:
    return [build(run) for build in (first_seat_section, classes_section, cards_section, length_section,
                                     scoring_section)]


def data_caveat(run: Run) -> str:
    """Which data pack the run's figures describe: the reconstructed one (PACK), or the pack with the files
    of its data folder (`data`), with the single facts its overrides changed."""
    folder = run.spec.get("data", "")
    changes = list(run.spec.get("overrides", []))
    if not folder and not changes:
        return PACK
    pack = (f"the data pack in {folder}" if folder else
            "the data pack reconstructed from the rulebook (docs/inhabit/data.md), not the printed game")
    return f"These figures describe {pack}" + (f", with {', '.join(changes)}." if changes else ".")


def _section(title: str, run: Run) -> Section:
    section = Section(title)
    section.text.append(data_caveat(run))
    return section


def readable(name: str) -> str:
    """A class or continent as people write it: "small mammal", "north america"."""
    return name.replace("_", " ")


def first_seat_section(run: Run) -> Section:
    section = _section("Inhabit the Earth: the first seat", run)
    table = analysis.first_seat(run)
    if table.is_empty() or table["n"].max() < MIN_SEAT_GAMES:
        section.text.append(f"Too few games to judge the first seat: at least {MIN_SEAT_GAMES} per player count.")
        return section
    table = with_games_to_settle(table, "n", pl.col("win_rate") - pl.col("fair"), "win_rate_low", "win_rate_high")
    section.table("The first seat's win share by player count (a shared win split between the tied seats; games to "
                  "settle: the games that would tell it from the fair share)", table, [
        ("players", column("players")), ("games n", column("n")),
        ("first seat wins [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
        ("fair share", column("fair", pct)), SETTLE_COLUMN])
    for row in table.iter_rows(named=True):
        verdict = ("more often than its fair share" if row["win_rate_low"] > row["fair"] else
                   "less often than its fair share" if row["win_rate_high"] < row["fair"] else
                   "neither more nor less often than its fair share, as far as the interval can tell")
        section.text.append(f"{row['players']} players, {row['n']} games: the first seat wins {pct(row['win_rate'])} "
                            f"[{pct(row['win_rate_low'])}, {pct(row['win_rate_high'])}] against a fair "
                            f"{pct(row['fair'])}: {verdict}. (The rulebook's compensation: later seats enter ahead "
                            "and \"the player who moved the second creature marker there does not finish their "
                            "turn\"; our translation of the German rulebook.)")
    return section


def classes_section(run: Run) -> Section:
    section = _section("Inhabit the Earth: classes and continents", run)
    classes, continents = analysis.class_strength(run), analysis.continent_strength(run)
    if classes.is_empty():
        section.text.append("No finished game yet.")
        return section
    section.text.append("A seat counts for a class when that class is in its menagerie at the end, for a continent "
                        "when one of its markers is there at the end. Win rates count a shared win as a win. The "
                        "difference is to the seats without it (Newcombe 95% interval): an association, since a seat "
                        "with more creatures holds more classes. Games to settle: the games that would tell the "
                        "difference from none.")
    columns = [("n", column("n")), ("share of seats", column("share", pct)),
               ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high")),
               ("without it", column("win_without", pct)),
               ("difference [95% CI]", lambda row: f"{rate_change(row['difference'])} "
                                                   f"{rate_change_interval(row['difference_low'], row['difference_high'])}"
                if row["difference"] is not None else "–"), SETTLE_COLUMN]
    classes, continents = (with_games_to_settle(table, run.n_games, pl.col("difference"), "difference_low",
                                                "difference_high") for table in (classes, continents))
    section.figure("Win rate of the seats ending with each class", plots.interval_plot(
        classes, "name", "win_rate", "win_rate_low", "win_rate_high", "Win rate by class in the menagerie",
        "win rate"))
    section.table("Classes in the menagerie at the end", classes, [("class", column("name", readable)), *columns])
    section.table("Continents with a marker at the end", continents,
                  [("continent", column("name", readable)), *columns])
    return section


CARD_FACTS = [("card", column("card")), ("name", column("name")), ("class", column("class", readable)),
              ("continent", column("continent", readable))]


def with_card_facts(run: Run, table: pl.DataFrame) -> pl.DataFrame:
    """`table` (a `card` column) with each card's class and continent, from the run's card table."""
    facts = run.cards.select(pl.col("number").cast(table.schema["card"]).alias("card"), "class", "continent")
    return table.join(facts, on="card", how="left", maintain_order="left")


def cards_section(run: Run, min_n: int = CARD_MIN_N) -> Section:
    """The cards ranked by what the deal randomises (`randomised.randomised_table`: the change of the win rate when a
    card is in a seat's starting hand, and when drawn blind), then the win rate when played, as a descriptive table."""
    section = _section("Inhabit the Earth: card strength", run)
    table = randomised.randomised_table(run)
    ranked = table.filter(pl.col("n") >= min_n) if not table.is_empty() else table
    if ranked.height < 2:
        section.text.append(f"Too few starting hands to rank cards: fewer than 2 cards were in {min_n} seats' starting "
                            "hands (or the run has too few seats for one model of every card); a run of a few hundred "
                            "games ranks the deck-1 cards.")
    else:
        found = ranked.filter(pl.col("q_value") < SIGNIFICANT_Q)
        top, bottom = top_and_bottom(with_card_facts(run, ranked), TOP)
        section.text.append(
            f"Ranked by what the deal randomises: the change of a seat's win rate when the card is in its starting "
            f"hand, against an average card of the deal ({ranked.height} cards in at least {min_n} starting hands; one "
            "linear model of every card, controlled for seat, bot and player count), and the same comparison for the "
            f"cards drawn blind. {found.height} change the win rate at a 5% false-discovery rate ({MARK}: "
            f"Benjamini-Hochberg q below {SIGNIFICANT_Q}). To settle a card, force it: `arkmc study cards --game "
            f"inhabit --cards NAME` (docs/studies.md).")
        section.table("Strongest cards (when dealt)", top, [*CARD_FACTS, *RANDOMISED_COLUMNS])
        section.table("Weakest cards (when dealt)", bottom, [*CARD_FACTS, *RANDOMISED_COLUMNS])
    played = analysis.card_strength(run, min_n)
    if played.height >= 2:
        section.table(f"Descriptive, not strength: win rate when played, for the {played.height} cards played by at "
                      f"least {min_n} seats. Winners play more cards, so this rewards being played at all and ranks "
                      "nothing.", with_card_facts(run, played),
                      [*CARD_FACTS, ("played n", column("n")),
                       ("win when played [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high"))])
    return section


def length_section(run: Run) -> Section:
    section = _section("Inhabit the Earth: race length", run)
    table = analysis.race_length(run)
    if table.is_empty():
        section.text.append("No finished game yet.")
        return section
    section.figure("Turns per player", length_plot(analysis.turns_per_player(run)))
    section.table("Turns per player until the end, by player count", table, [
        ("players", column("players")), ("games n", column("n")),
        ("turns per player: median [5%, 95%]", interval_of("median", "low", "high", lambda v: num(v, 1))),
        ("final spaces reached (mean)", column("finals", num)),
        ("ended by the turn cap", column("capped"))])
    return section


def length_plot(table: pl.DataFrame) -> Figure:
    figure = Figure(figsize=(7, 3.2))
    axis = figure.subplots()
    for players in sorted(table["players"].unique().to_list()):
        values = table.filter(pl.col("players") == players)["turns_per_player"].to_numpy()
        axis.hist(values, bins=20, alpha=0.6, label=f"{players} players")
    axis.set(xlabel="turns per player", ylabel="games", title="How long the race runs")
    axis.legend(fontsize=8)
    figure.tight_layout()
    return figure


def scoring_section(run: Run) -> Section:
    section = _section("Inhabit the Earth: which scoring cards pay", run)
    table = analysis.scoring_pay(run, SCORING_MIN_N)
    if table.is_empty():
        section.text.append(f"No scoring card was on top at the end of {SCORING_MIN_N} seats or more yet.")
        return section
    section.text.append("A scoring card counts when it is a creature's top card at the end; \"paid\" is the share of "
                        "those seats it gave points to.")
    section.table("Scoring cards on top at the end, by mean points", with_card_facts(run, table.head(2 * TOP)), [
        *CARD_FACTS, ("n", column("n")), ("paid", column("paid", pct)),
        ("mean points", column("mean_points", num)),
        ("win rate [95% CI]", interval_of("win_rate", "win_rate_low", "win_rate_high"))])
    return section
