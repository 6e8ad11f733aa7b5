"""The statistics behind the reports, checked against textbook answers and planted effects."""

from __future__ import annotations

import tracemalloc

import numpy as np
import polars as pl
import pytest
from scipy import stats as scipy_stats

from analysis.synthetic import synthetic_run
from sim.analysis.bots import ratings
from sim.analysis.cards import card_strength
from sim.analysis.stats import (
    benjamini_hochberg,
    beta_binomial_prior,
    bootstrap_mean,
    detectable_change,
    games_to_detect,
    logit_effect,
    newcombe_difference,
    paired_change,
    shrunk_rates,
    wilson,
)
from sim.arknova.analysis.maps import map_regression


@pytest.mark.parametrize("wins, n, low, high", [
    (81, 263, 0.2553, 0.3662),   # Newcombe (1998), Table I, method 3
    (15, 148, 0.0624, 0.1605),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_matches_the_textbook_bounds(wins: int, n: int, low: float, high: float) -> None:
    assert wilson(wins, n) == pytest.approx((low, high), abs=5e-5)


def test_newcombe_difference_matches_the_textbook_example() -> None:
    # Newcombe (1998), difference of 56/70 and 48/80: 0.2 with hybrid score interval 0.0524 to 0.3339.
    assert newcombe_difference(56, 70, 48, 80) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_benjamini_hochberg_by_hand_and_against_statsmodels() -> None:
    assert benjamini_hochberg(np.array([0.01, 0.04, 0.03, 0.005])) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    from statsmodels.stats.multitest import multipletests

    p = np.random.default_rng(3).uniform(size=50) ** 2
    assert benjamini_hochberg(p) == pytest.approx(multipletests(p, method="fdr_bh")[1])
    assert np.isnan(benjamini_hochberg(np.array([np.nan, 0.5]))[0])


def test_bootstrap_interval_covers_the_mean_with_the_normal_width() -> None:
    values = np.random.default_rng(1).normal(10.0, 2.0, size=400)
    mean, low, high = bootstrap_mean(values)
    assert low < mean < high
    assert high - low == pytest.approx(2 * 1.96 * 2.0 / 20, rel=0.2)


def test_bootstrap_of_a_constant_or_single_sample_is_the_value() -> None:
    assert bootstrap_mean(np.array([3.0, 3.0, 3.0])) == (3.0, 3.0, 3.0)
    assert bootstrap_mean(np.array([-2.0])) == (-2.0, -2.0, -2.0)


def test_bootstrap_interval_does_not_depend_on_the_order_of_the_rows() -> None:
    """A query may return a group's rows in any order; the report must not change with it."""
    values = np.random.default_rng(2).normal(5.0, 3.0, size=300)
    shuffled = np.random.default_rng(3).permutation(values)
    assert bootstrap_mean(shuffled) == bootstrap_mean(values)


def test_bootstrap_of_a_million_values_resamples_in_bounded_memory() -> None:
    """Drawing every resample at once would take 200 x 1e6 indices (1.6 GB) here."""
    values = np.random.default_rng(4).exponential(2.0, size=1_000_000)
    tracemalloc.start()
    try:
        mean, low, high = bootstrap_mean(values, draws=200)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert low < mean < high and high - low == pytest.approx(2 * 1.96 * 2.0 / 1000, rel=0.3)
    assert peak < 150e6


def test_bootstrap_of_many_games_costs_what_their_distinct_values_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """A million seats' points take 70 values: the resamples are drawn as counts of those, never as a
    million values each (seconds per interval at a few hundred thousand seats, and the report draws dozens)."""
    from sim.analysis import stats

    points = np.random.default_rng(5).integers(-30, 40, size=1_000_000).astype(float)
    resampled = stats.scipy_stats.bootstrap

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("resampled every value")

    monkeypatch.setattr(stats.scipy_stats, "bootstrap", refuse)
    mean, low, high = bootstrap_mean(points, draws=500)
    assert low < mean < high and high - low == pytest.approx(2 * 1.96 * points.std() / 1000, rel=0.15)
    few = points[:5000]
    by_counts = bootstrap_mean(few)
    monkeypatch.setattr(stats.scipy_stats, "bootstrap", resampled)
    monkeypatch.setattr(stats, "COUNT_DRAW_COST", 10**9)             # force resampling the values themselves
    by_values = bootstrap_mean(few)
    assert by_counts[0] == by_values[0]
    assert by_counts[1:] == pytest.approx(by_values[1:], abs=0.1 * (by_values[2] - by_values[1]))


def test_empirical_bayes_recovers_the_spread_and_pulls_rare_groups_harder() -> None:
    rng = np.random.default_rng(7)
    rates = rng.beta(30, 30, size=400)      # prior strength 60 around 50%
    n = np.full(400, 200)
    wins = rng.binomial(n, rates)
    prior = beta_binomial_prior(wins, n)
    assert prior.mean == pytest.approx(0.5, abs=0.02)
    assert 30 < prior.alpha + prior.beta < 120
    shrunk, low, high = shrunk_rates(np.array([5, 50]), np.array([5, 50]), prior)
    assert shrunk[0] < shrunk[1] < 1.0          # 5 of 5 counts for less than 50 of 50
    assert np.all(low < shrunk) and np.all(shrunk < high)


def test_empirical_bayes_prior_strength_is_right_when_group_sizes_differ() -> None:
    # Cards are played from once to hundreds of times: rare cards must not pass for extra noise.
    rng = np.random.default_rng(7)
    rates = rng.beta(30, 30, size=400)      # prior strength 60
    n = rng.integers(1, 400, size=400)
    prior = beta_binomial_prior(rng.binomial(n, rates), n)
    assert 40 < prior.alpha + prior.beta < 90       # not the cap (the median n, about 200)
    identical = beta_binomial_prior(rng.binomial(n, 0.5), n)
    assert identical.alpha + identical.beta == pytest.approx(np.median(n))   # no spread: pulled to the mean


def _planted(effect: float, rows: int = 4000, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    played = rng.uniform(size=rows) < 0.3
    seat = rng.integers(0, 2, size=rows)
    board = rng.integers(0, 4, size=rows)
    controls = np.column_stack([seat, board == 1, board == 2, board == 3]).astype(float)
    logit = -0.2 + effect * played + 0.4 * seat - 0.3 * (board == 2)
    won = rng.uniform(size=rows) < 1 / (1 + np.exp(-logit))
    return won, played, controls


@pytest.mark.parametrize("effect", [0.6, -0.6])
def test_logistic_regression_recovers_a_planted_card_effect_with_its_sign(effect: float) -> None:
    won, played, controls = _planted(effect)
    result = logit_effect(won, played, controls)
    assert result is not None
    assert np.sign(result.coefficient) == np.sign(effect)
    assert result.low < effect < result.high
    assert result.p_value < 0.001


def test_null_data_gives_no_more_discoveries_than_chance_after_benjamini_hochberg() -> None:
    datasets, cards = 40, 15
    raw_hits, families_with_a_discovery = 0, 0
    for dataset in range(datasets):
        p_values = []
        for card in range(cards):
            won, played, controls = _planted(0.0, rows=400, seed=1000 * dataset + card)
            p_values.append(logit_effect(won, played, controls).p_value)
        raw_hits += sum(p < 0.05 for p in p_values)
        families_with_a_discovery += bool((benjamini_hochberg(np.array(p_values)) < 0.05).any())
    assert raw_hits / (datasets * cards) < 0.09            # the test itself holds its 5% level
    assert families_with_a_discovery <= 6                   # BH under the global null: P(any) <= 5%; P(>=7 of 40) < 0.4%


def _seats(rows: int, seed: int, won_logit) -> pl.DataFrame:
    rng = np.random.default_rng(seed)
    board = rng.integers(1, 9, size=rows).astype(str)
    seat = np.arange(rows) % 2
    played = [sorted(rng.choice(30, size=8, replace=False).tolist()) for _ in range(rows)]
    logit = np.array([won_logit(b, s, p) for b, s, p in zip(board, seat, played, strict=True)])
    won = (rng.uniform(size=rows) < 1 / (1 + np.exp(-logit))).astype(np.int8)
    return pl.DataFrame({"game": np.arange(rows, dtype=np.uint32), "seat": seat.astype(np.uint8), "map": board,
                         "bot_spec": ["random"] * rows, "players": np.full(rows, 2, dtype=np.uint8), "won": won,
                         "vp": (vp := rng.normal(0, 10, size=rows)), "points": vp, "rank": (2 - won).astype(np.uint8),
                         "dealt": [p for p in played], "kept": [p[:4] for p in played], "played": played})


def test_map_regression_finds_a_planted_strong_map_and_no_other() -> None:
    seats = _seats(4000, 11, lambda board, seat, played: 0.9 if board == "3" else 0.0)
    table = map_regression(synthetic_run(seats.drop("played")))
    strong = table.filter(pl.col("map") == "3").row(0, named=True)
    assert strong["odds_ratio_low"] > 1 and strong["q_value"] < 0.05
    assert table.filter((pl.col("map") != "3") & (pl.col("odds_ratio_low") > 1)).is_empty()


def test_card_strength_ranks_a_planted_card_first_and_finds_it() -> None:
    seats = _seats(3000, 5, lambda board, seat, played: 1.0 if 7 in played else -0.2)
    events = seats.select("game", "seat", pl.col("played").alias("card")).explode("card").with_columns(
        pl.lit("played").alias("event"), pl.lit(2, dtype=pl.UInt8).alias("break_number"),
        pl.col("card").cast(pl.UInt16))
    table = card_strength(synthetic_run(seats.drop("played"), events), min_n=20)
    assert table["card"][0] == 7
    planted = table.filter(pl.col("card") == 7).row(0, named=True)
    assert planted["wae_low"] > 1 and planted["q_value"] < 0.05
    assert table.filter((pl.col("card") != 7) & (pl.col("q_value") < 0.05)).height <= 1


def test_ratings_order_the_bots_by_their_results() -> None:
    rows = []
    for game in range(300):
        strong_wins = game % 4 != 0   # the strong bot finishes ahead 3 times in 4
        rows += [{"game": game, "seat": 0, "bot_spec": "strong", "rank": 1 if strong_wins else 2, "points": 0.0},
                 {"game": game, "seat": 1, "bot_spec": "weak", "rank": 2 if strong_wins else 1, "points": 0.0}]
    table = ratings(synthetic_run(pl.DataFrame(rows)))
    gap = table["rating"][0] - table["rating"][1]
    assert table["bot_spec"].to_list() == ["strong", "weak"]
    assert gap == pytest.approx(400 * np.log10(3), rel=0.05)   # Bradley-Terry: odds 3:1 = 191 Elo points


def test_regressions_survive_a_bot_tied_to_its_seat() -> None:
    # `--bots default,random` puts each bot on one seat: the seat and bot dummies are collinear.
    seats = _seats(4000, 11, lambda board, seat, played: 0.9 if board == "3" else 0.0).with_columns(
        pl.when(pl.col("seat") == 0).then(pl.lit("default")).otherwise(pl.lit("random")).alias("bot_spec"))
    maps = map_regression(synthetic_run(seats.drop("played")))
    assert maps.height == 8 and maps.filter(pl.col("map") == "3")["odds_ratio_low"][0] > 1
    events = seats.select("game", "seat", pl.col("played").alias("card")).explode("card").with_columns(
        pl.lit("played").alias("event"), pl.lit(2, dtype=pl.UInt8).alias("break_number"), pl.col("card").cast(pl.UInt16))
    cards = card_strength(synthetic_run(seats.drop("played"), events), min_n=20)
    assert cards["p_value"].is_not_null().sum() == 30


def test_importing_sim_makes_blas_single_threaded_unless_the_user_chose() -> None:
    """The analysis fits hundreds of small regressions: BLAS threads only add waiting on a busy machine."""
    import os
    import subprocess
    import sys

    probe = "import sim, os; print(os.environ['OPENBLAS_NUM_THREADS'], os.environ['MKL_NUM_THREADS'])"
    environment = {key: value for key, value in os.environ.items() if not key.endswith("_NUM_THREADS")}
    default = subprocess.run([sys.executable, "-c", probe], env=environment, capture_output=True, text=True, check=True)
    assert default.stdout.split() == ["1", "1"]
    chosen = subprocess.run([sys.executable, "-c", probe], env={**environment, "OPENBLAS_NUM_THREADS": "4"},
                            capture_output=True, text=True, check=True)
    assert chosen.stdout.split() == ["4", "1"]


def test_a_paired_change_with_one_count_per_game_matches_the_paired_t_interval() -> None:
    rng = np.random.default_rng(3)
    base = rng.normal(50, 10, 400)
    variant = base + rng.normal(1.0, 3.0, 400)
    paired = paired_change(variant - base, np.ones(400))
    t_interval = scipy_stats.ttest_rel(variant, base).confidence_interval()
    assert paired.change == pytest.approx(float(np.mean(variant - base)))
    assert (paired.low, paired.high) == pytest.approx((t_interval.low, t_interval.high), abs=0.025)
    assert paired.game_sd == pytest.approx(float(np.std(variant - base, ddof=1)), rel=0.08)


def test_pairing_on_common_seeds_narrows_the_interval_of_correlated_runs() -> None:
    """The same games played twice with a small change: most of the spread is the games' own and cancels."""
    rng = np.random.default_rng(4)
    base = rng.normal(0, 20, 300)
    variant = base + 2 + rng.normal(0, 4, 300)
    paired = paired_change(variant - base, np.ones(300))
    _, low, high = bootstrap_mean(variant)
    unpaired_width = 2 * ((high - low) / 2) * np.sqrt(2)     # two independent means of the same spread
    assert paired.low < 2 < paired.high and paired.high - paired.low < unpaired_width / 4
    assert paired.p_value < 1e-6


def test_a_paired_change_is_a_ratio_over_the_games_that_count() -> None:
    differences = np.array([1.0, 0.0, -1.0, 1.0, 0.0, 0.0])
    counts = np.array([1, 1, 1, 1, 0, 0])
    paired = paired_change(differences, counts)
    assert paired.change == pytest.approx(0.25) and paired.games == 6 and paired.count == 4
    assert paired.low <= paired.change <= paired.high
    same = paired_change(np.zeros(50), np.ones(50))
    assert (same.change, same.low, same.high, same.p_value) == (0.0, 0.0, 0.0, 1.0)
    assert np.isnan(paired_change(np.zeros(3), np.zeros(3)).change)
    # A card played in a third of the games: the spread is that of the ratio (delta method), the
    # games that count and their differences resampled together.
    rng = np.random.default_rng(6)
    counts = (rng.uniform(size=600) < 1 / 3).astype(float)
    differences = counts * rng.choice([0.0, 1.0, 1.0, 1.0], size=600)
    ratio = paired_change(differences, counts)
    delta = np.sqrt(np.sum((differences - ratio.change * counts) ** 2)) / counts.sum()
    assert ratio.standard_error == pytest.approx(delta, rel=0.08)


def test_games_to_detect_is_the_textbook_sample_size_and_has_the_stated_power() -> None:
    # A standardised change of 0.5 at 80% power, two-sided 5%: ((1.960 + 0.842) / 0.5)^2 = 31.4 -> 32 pairs.
    assert games_to_detect(1.0, 0.5) == 32 and games_to_detect(2.0, -0.5) == 126
    assert games_to_detect(1.0, 0.0) is None
    assert detectable_change(1.0, 32) == pytest.approx(0.4953, abs=1e-4)
    rng = np.random.default_rng(5)
    found = [paired_change(rng.normal(0.5, 1.0, 32), np.ones(32), draws=400, seed=i).p_value < 0.05
             for i in range(300)]
    assert 0.72 < np.mean(found) < 0.90, "at the computed size the test finds the change about 80% of the time"


def test_games_to_settle_scale_the_run_by_the_squared_ratio_of_error_to_effect() -> None:
    from sim.analysis.stats import games_to_settle

    # (1.96 + 0.8416) * 0.05 / 0.1 = 1.4008, squared 1.9623: 100 games become 197
    assert games_to_settle(100, np.array([0.1, -0.1, 0.0]), np.array([0.05, 0.05, 0.05]))[:2].tolist() == [197, 197]
    assert np.isnan(games_to_settle(100, 0.0, 0.05)) and games_to_settle(100, 0.2, 0.05) == 50


def test_a_design_wider_than_its_rows_keeps_only_as_many_independent_columns_as_rows_allow() -> None:
    from sim.analysis.stats import independent_columns

    design = np.array([[1.0, 0.0, 1.0, 2.0], [0.0, 1.0, 1.0, 3.0]])      # 2 rows, 4 columns: rank 2
    assert independent_columns(design).tolist() == [True, True, False, False]
    assert independent_columns(design[:, :2]).tolist() == [True, True]
