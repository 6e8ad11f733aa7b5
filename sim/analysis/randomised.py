"""Card strength from what the deal randomises: the opening hand and the cards drawn blind from the deck.

The deal is the one random thing in a run's data that no seat chooses. Which cards arrive in a seat's
opening hand is a randomised treatment, so comparing seats dealt a card with seats dealt others measures
the card's effect on winning ("intention to treat": whatever the seat then did with it). Nothing that
happened during play is a covariate, because what a seat played, kept or bought already depends on how
the game was going.

- `dealt_effects`: one linear model of the seat's result (won 0/1, or points) on an indicator for every
  card of its opening deal, with seat, the game's per-seat factors (Ark Nova: map), bot and player count as
  controls; a card's effect is its coefficient less the average card's, i.e. the change from holding it
  in place of an average card of the deal, which is what a forced-card study changes too. Standard errors
  are cluster-robust by game (the seats of one game share one result).
- `drawn_effects`: for every blind draw from the deck (`GameInfo.deck_draw`) the card that came is random;
  a card's effect is the mean result of the seats at draws that gave it less the mean at all draws, with a
  cluster-robust (by game) standard error. How many draws a seat makes is its choice, but which card each
  draw gives is not, so the comparison is randomised within draws; seats that draw more weigh more.

Both give 95% intervals, two-sided p-values and Benjamini-Hochberg q-values over the cards tested.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from scipy import stats as scipy_stats

from sim.analysis.data import Run, name_cards
from sim.analysis.stats import Z95, benjamini_hochberg, games_to_settle, independent_columns
from sim.analysis.tables import controls, seat_controls

OUTCOMES = {"win": "won", "points": "points"}
SEATS_PER_COLUMN = 2  # seats per coefficient before one model of every card is fitted (fewer: no estimate)


def dealt_effects(run: Run, column: str = "dealt") -> pl.DataFrame:
    """Every card's effect of being in the opening deal on the seat's win rate and points (module docstring).

    Columns: card, name, n (seats dealt it), effect_win (a share: +0.05 = 5 more wins in 100 games) with
    effect_win_low/high, p_value, q_value and games_needed (on the win rate), effect_points with its interval. Ranked by
    effect_win, largest first. Empty when the seats record no deal, or are fewer than SEATS_PER_COLUMN per coefficient.
    """
    seats = run.seats
    if seats.is_empty():
        return pl.DataFrame()
    dealt = opening_deals(run, column)
    if dealt.is_empty():
        return pl.DataFrame()
    cards = np.sort(dealt["card"].unique().to_numpy())
    holding = np.zeros((seats.height, len(cards)))
    holding[dealt["row"].to_numpy(), np.searchsorted(cards, dealt["card"].to_numpy())] = 1.0
    design = np.column_stack([holding, np.ones(seats.height), controls(seats, seat_controls(run.seat_factors))])
    if seats.height < SEATS_PER_COLUMN * design.shape[1]:
        return pl.DataFrame()
    design = design[:, independent_columns(design)]
    games = seats["game"].to_numpy()
    table = pl.DataFrame({"card": cards, "n": holding.sum(axis=0).astype(np.int64)})
    for name, outcome in OUTCOMES.items():
        effect, error = _contrasts(seats[outcome].cast(pl.Float64).to_numpy(), design, len(cards), games)
        table = table.with_columns(*_effect_columns(name, effect, error, run.n_games))
    return _finished(run, table)


def opening_deals(run: Run, column: str = "dealt") -> pl.DataFrame:
    """(row, card): every card of every seat's opening deal, `row` the seat's row in `run.seats`; from the seats'
    `column` where they record the deal (Ark Nova), else from the card events named "dealt" (Inhabit the Earth)."""
    seats = run.seats.with_row_index("row")
    if column in seats.columns:
        return seats.select("row", pl.col(column).alias("card")).explode("card").drop_nulls()
    events = run.card_events
    if events.is_empty() or "event" not in events.columns:
        return pl.DataFrame(schema={"row": pl.UInt32, "card": pl.UInt16})
    dealt = events.filter(pl.col("event") == "dealt").select("game", "seat", "card").unique()
    return dealt.join(seats.select("game", "seat", "row"), on=["game", "seat"]).select("row", "card")


def drawn_effects(run: Run) -> pl.DataFrame:
    """Every card's effect of being drawn blind from the deck on the drawing seat's win rate and points, against
    the average card drawn (module docstring). Columns as `dealt_effects`, n counting draws. Empty when the game
    records no blind draw (`GameInfo.deck_draw`)."""
    draw = run.factory.info.deck_draw if run.factory is not None else ()
    events = run.card_events
    if not draw or events.is_empty() or "event" not in events.columns:
        return pl.DataFrame()
    event, source = draw
    draws = events.filter(pl.col("event") == event)
    if source:
        if "source" not in events.columns:
            return pl.DataFrame()
        draws = draws.filter(pl.col("source").cast(pl.String) == source)
    if draws.is_empty():
        return pl.DataFrame()
    draws = draws.select("game", "seat", "card").join(
        run.seats.select("game", "seat", pl.col("won").cast(pl.Float64), pl.col("points").cast(pl.Float64)),
        on=["game", "seat"])
    cards = np.sort(draws["card"].unique().to_numpy())
    table = pl.DataFrame({"card": cards, "n": draws.group_by("card").len().sort("card")["len"].to_numpy()})
    for name, outcome in OUTCOMES.items():
        effect, error = _mean_contrasts(draws, outcome, cards)
        table = table.with_columns(*_effect_columns(name, effect, error, run.n_games))
    return _finished(run, table)


DRAWN_COLUMNS = {"drawn_n": "n", "drawn_win": "effect_win", "drawn_win_low": "effect_win_low",
                 "drawn_win_high": "effect_win_high"}  # the columns `randomised_table` takes from `drawn_effects`


def randomised_table(run: Run) -> pl.DataFrame:
    """`dealt_effects` with the effect of being drawn blind on the win rate beside it (drawn_n, drawn_win with
    its interval; null where the game records no blind draw): the table the card sections rank by."""
    dealt = dealt_effects(run)
    if dealt.is_empty():
        return dealt
    drawn = drawn_effects(run)
    if drawn.is_empty():
        return dealt.with_columns(pl.lit(None, pl.Float64).alias(name) for name in DRAWN_COLUMNS)
    drawn = drawn.select(pl.col("card").cast(dealt.schema["card"]),
                         *(pl.col(source).cast(pl.Float64).alias(name) for name, source in DRAWN_COLUMNS.items()))
    return dealt.join(drawn, on="card", how="left").sort("effect_win", descending=True, nulls_last=True)


def _contrasts(outcome: np.ndarray, design: np.ndarray, cards: int, groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """OLS of `outcome` on `design`, whose first `cards` columns are the card indicators: each card's coefficient
    less their mean, with its cluster-robust (CR1, by `groups`) standard error."""
    import statsmodels.api as sm

    fit = sm.OLS(outcome, design).fit(cov_type="cluster", cov_kwds={"groups": groups})
    contrast = np.eye(cards) - 1.0 / cards
    covariance = np.asarray(fit.cov_params())[:cards, :cards]
    effect = contrast @ np.asarray(fit.params)[:cards]
    error = np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", contrast, covariance, contrast), 0.0))
    return effect, error


def _mean_contrasts(draws: pl.DataFrame, outcome: str, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per card: the mean of `outcome` over the draws of that card less the mean over all draws, and its standard
    error from each game's summed influence (robust to the draws of one game, or one seat, being correlated)."""
    values = draws[outcome].to_numpy()
    index = np.searchsorted(cards, draws["card"].to_numpy())
    counts = np.bincount(index, minlength=len(cards)).astype(float)
    means = np.bincount(index, weights=values, minlength=len(cards)) / counts
    overall, total = values.mean(), len(values)
    game_codes, game_index = np.unique(draws["game"].to_numpy(), return_inverse=True)
    own = np.zeros((len(game_codes), len(cards)))
    np.add.at(own, (game_index, index), (values - means[index]) / counts[index])
    everyone = np.bincount(game_index, weights=(values - overall) / total, minlength=len(game_codes))
    influence = own - everyone[:, None]
    clusters = len(game_codes)
    variance = (influence ** 2).sum(axis=0) * clusters / max(clusters - 1, 1)
    return means - overall, np.sqrt(variance)


def _effect_columns(name: str, effect: np.ndarray, error: np.ndarray, games: int) -> list[pl.Series]:
    """The effect with its 95% interval; for the win rate also p, q and `games_needed` (`stats.games_to_settle`)."""
    columns = [pl.Series(f"effect_{name}", effect), pl.Series(f"effect_{name}_low", effect - Z95 * error),
               pl.Series(f"effect_{name}_high", effect + Z95 * error)]
    if name == "win":
        with np.errstate(divide="ignore", invalid="ignore"):
            p_value = np.where(error > 0, 2 * scipy_stats.norm.sf(np.abs(effect) / error), np.nan)
        columns += [pl.Series("p_value", p_value), pl.Series("q_value", benjamini_hochberg(p_value)),
                    pl.Series("games_needed", games_to_settle(games, effect, error))]
    return columns


def _finished(run: Run, table: pl.DataFrame) -> pl.DataFrame:
    """The table with card names, cards as the run's card type, ranked by the effect on the win rate."""
    return name_cards(run, table).sort("effect_win", descending=True, nulls_last=True)
