"""What the seats did with each card: descriptive figures that condition on the seats' choices.

Playing, keeping and taking a card are choices, and seats already ahead make more of them, so none of these
figures measures a card's strength (that is `sim.analysis.randomised`, from the random deal, and `arkmc study`,
from forced cards). They describe how the bots play, beside the randomised ranking:

1. raw win rate of the seats that played the card;
2. win rate when the card was in the opening hand (dealt) and when it was kept;
3. "wins above expected": a logistic regression of winning on playing the card, controlled for
   seat, the game's per-seat factors (Ark Nova: the map), bot, player count, when in the game it was
   played (the game's card timing; Ark Nova: the break number) and how many cards the seat played in
   all; it still credits a card for being played by seats that could afford it;
4. an empirical-Bayes (beta-binomial) win rate when played, which pulls rarely played cards towards the
   average.

Every table shows n; regression p-values are cluster-robust by game and corrected for the many
cards tested (Benjamini-Hochberg q-values).
"""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.analysis.data import Run, name_cards
from sim.analysis.stats import logit_effect, shrunk_rates
from sim.analysis.tables import controls, seat_controls, with_q_values, with_wilson

KEYS = ["game", "seat"]


def card_seats(run: Run) -> pl.DataFrame:
    """One row per (game, seat, card) the seat held or played: held, played, won, and `play_time`, when
    it was first played by the game's card timing (`GameInfo.card_timing`), where the events record one."""
    events = run.card_events
    if events.is_empty():
        return pl.DataFrame()
    timing = card_timing(run)
    held = run.factory.info.held_events if run.factory is not None else ()
    per_card = events.group_by("game", "seat", "card").agg(
        pl.col("event").is_in(list(held)).any().alias("held"),
        (pl.col("event") == "played").any().alias("played"),
        *([pl.col(timing).filter(pl.col("event") == "played").min().alias("play_time")] if timing else []))
    return per_card.join(run.seats.select(*KEYS, "won"), on=KEYS)


def card_timing(run: Run) -> str:
    """The card events' column that says when a card was played (`GameInfo.card_timing`), "" when the
    game declares none or the run's events lack it."""
    timing = run.factory.info.card_timing if run.factory is not None else ""
    return timing if timing in run.card_events.columns else ""


def controlled_for(run: Run) -> str:
    """What the card regression controls for, in words: "seat, map, bot, when it was played and how many
    cards the seat played" for Ark Nova."""
    factors = "".join(f"{factor.column}, " for factor in run.seat_factors)
    timing = "when it was played and " if card_timing(run) else ""
    return f"seat, {factors}bot, {timing}how many cards the seat played"


def opening_seats(seats: pl.DataFrame, column: str) -> pl.DataFrame:
    """One row per (game, seat, card) in the seat's `dealt` or `kept` list, with won."""
    if seats.is_empty():
        return pl.DataFrame()
    return seats.select(*KEYS, "won", pl.col(column).alias("card")).explode("card").drop_nulls("card")


def _rate(table: pl.DataFrame, label: str) -> pl.DataFrame:
    counts = table.group_by("card").agg(pl.len().alias(f"n_{label}"), pl.col("won").sum().alias(f"wins_{label}"))
    return with_wilson(counts, wins=f"wins_{label}", n=f"n_{label}", prefix=f"win_{label}")


def card_strength(run: Run, min_n: int = 20) -> pl.DataFrame:
    """Every card's strength table, sorted by the shrunk win rate when played (best first).

    Columns: card, name, n_played, win_played (+ Wilson low/high), n_dealt, win_dealt, n_kept,
    win_kept, keep_rate, play_rate, shrunk (+ credible low/high), wae_odds_ratio (+ low/high),
    p_value, q_value. The regression runs only for cards played and not played at least
    `min_n` times each.
    """
    held = card_seats(run)
    if held.is_empty():
        return pl.DataFrame()
    played = held.filter(pl.col("played"))
    table = _rate(played, "played")
    table = table.join(held.group_by("card").agg(pl.col("held").sum().alias("n_held")), on="card", how="full",
                       coalesce=True)
    for column, label in (("dealt", "dealt"), ("kept", "kept")):
        table = table.join(_rate(opening_seats(run.seats, column), label), on="card", how="full", coalesce=True)
    table = table.with_columns(pl.col("^n_.*$").fill_null(0), pl.col("^wins_.*$").fill_null(0))
    table = table.with_columns(
        (pl.col("n_kept") / pl.col("n_dealt")).alias("keep_rate"),
        (pl.col("n_played") / pl.max_horizontal("n_held", "n_played")).alias("play_rate"))
    mean, low, high = shrunk_rates(table["wins_played"].to_numpy(), table["n_played"].to_numpy())
    table = table.with_columns(pl.Series("shrunk", mean), pl.Series("shrunk_low", low), pl.Series("shrunk_high", high))
    table = table.join(wins_above_expected(run, held, min_n), on="card", how="left")
    return name_cards(run, with_q_values(table).sort("shrunk", descending=True, nulls_last=True))


def strongest_and_weakest(table: pl.DataFrame, rows: int) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The `rows` strongest and `rows` weakest cards of a `card_strength` table by wins above expected.

    Only cards the regression tested take part. The strongest are ranked by the low end of the odds
    ratio's 95% interval (highest first), the weakest by its high end (lowest first): a card ranks
    near an end when its effect is large and well measured, not when a few plays went its way. No
    card is in both lists.
    """
    tested = table.filter(pl.col("p_value").is_not_null()) if "p_value" in table.columns else pl.DataFrame()
    if tested.is_empty():
        return tested, tested
    strongest = tested.sort("wae_low", "wae_odds_ratio", descending=True).head(rows)
    weakest = tested.join(strongest.select("card"), on="card", how="anti").sort("wae_high", "wae_odds_ratio").head(rows)
    return strongest, weakest


def played_win_rate(table: pl.DataFrame) -> float:
    """Win rate over all plays of all cards in a `card_strength` table: the reference line of card charts.

    It lies above 1/players because winners play more cards, so a card is compared with the
    average card played, not with the average seat.
    """
    return float(table["wins_played"].sum() / table["n_played"].sum())


def wins_above_expected(run: Run, held: pl.DataFrame, min_n: int) -> pl.DataFrame:
    """Per card: odds ratio of winning for seats that played it, from logit(won) ~ played + covariates.

    The covariates are seat, the game's per-seat factors (`seat_controls`), bot and player count; how
    many cards the seat played in all (`play_count_controls`), so a card is compared with seats that
    played about as many cards rather than credited for the fact that winners play more cards; and,
    where the game records when cards are played (`card_seats`' play_time; Ark Nova: breaks), for the
    seats that played it how much earlier or later than the card's usual time it was played, so a card is
    not credited for being played late in games that were already won. Standard errors are
    cluster-robust by game.
    """
    totals = held.group_by(KEYS).agg(pl.col("played").sum().alias("cards_played"))
    seats = (run.seats.with_row_index("row").join(totals, on=KEYS, how="left")
             .with_columns(pl.col("cards_played").fill_null(0)).sort("row"))
    base = np.column_stack([controls(seats, seat_controls(run.seat_factors)),
                            play_count_controls(seats["cards_played"].to_numpy().astype(float))])
    won = seats["won"].to_numpy().astype(float)
    games = seats["game"].to_numpy()
    rows = []
    plays = held.filter(pl.col("played")).join(seats.select(*KEYS, "row"), on=KEYS)
    for (card,), group in plays.group_by("card"):
        n = group.height
        if n < min_n or seats.height - n < min_n:
            continue
        index = group["row"].to_numpy()
        played = np.zeros(seats.height)
        played[index] = 1.0
        effects = [played]
        if "play_time" in group.columns:
            times = group["play_time"].to_numpy().astype(float)
            timing = np.zeros(seats.height)
            timing[index] = times - times.mean()
            effects.append(timing)
        effect = logit_effect(won, np.column_stack(effects), base, groups=games)
        if effect is not None:
            rows.append({"card": card, "wae_odds_ratio": effect.odds_ratio, "wae_low": float(np.exp(effect.low)),
                         "wae_high": float(np.exp(effect.high)), "p_value": effect.p_value})
    schema = {"card": pl.UInt16, "wae_odds_ratio": pl.Float64, "wae_low": pl.Float64, "wae_high": pl.Float64,
              "p_value": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def play_count_controls(count: np.ndarray, bands: int = 5) -> np.ndarray:
    """The number of cards each seat played, as covariates: a centred linear term and dummies for its quintiles.

    The dummies compare each seat with seats that played about as many cards, whatever the shape
    of the link between playing cards and winning; the linear term removes what is left of it
    within a band. The count includes the card being judged, so a card comes out neutral when it
    wins as often as the average card a seat plays instead.
    """
    count = np.asarray(count, dtype=float)
    if count.size == 0:
        return np.zeros((0, 0))
    edges = np.unique(np.quantile(count, np.linspace(0, 1, bands + 1))[1:-1])
    edges = edges[edges > count.min()]
    band = np.searchsorted(edges, count, side="right")
    dummies = band[:, None] == np.arange(1, len(edges) + 1)[None, :]
    return np.column_stack([count - count.mean(), dummies.astype(float)])
