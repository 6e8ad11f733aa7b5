"""The statistics every table uses: intervals, multiple-comparison control, shrinkage, logit.

Every function takes plain numbers or numpy arrays so it can be tested against textbook answers.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as scipy_stats

from sim.pipeline.summary import Z95, wilson

RESAMPLED_VALUES_PER_BATCH = 2_000_000  # about 32 MB of a bootstrap's resamples at a time
COUNT_DRAW_COST = 10   # the cost of one multinomial count, in values drawn: picks the cheaper way to resample

__all__ = ["Z95", "wilson", "newcombe_difference", "welch_difference", "two_proportion_p", "bootstrap_mean",
           "PairedChange", "paired_change", "games_to_detect", "detectable_change", "benjamini_hochberg", "BetaPrior",
           "beta_binomial_prior", "shrunk_rates", "fit_logit", "independent_columns", "LogitEffect", "logit_effect"]


def newcombe_difference(wins_a: int, n_a: int, wins_b: int, n_b: int) -> tuple[float, float, float]:
    """Difference of two independent proportions a - b with Newcombe's hybrid Wilson 95% interval."""
    if n_a == 0 or n_b == 0:
        return (float("nan"), float("nan"), float("nan"))
    p_a, p_b = wins_a / n_a, wins_b / n_b
    low_a, high_a = wilson(wins_a, n_a)
    low_b, high_b = wilson(wins_b, n_b)
    difference = p_a - p_b
    low = difference - np.sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    high = difference + np.sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return (difference, float(low), float(high))


def two_proportion_p(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float | None:
    """Two-sided p-value of a difference of proportions (pooled z-test); None without data."""
    if not n_a or not n_b:
        return None
    pooled = (wins_a + wins_b) / (n_a + n_b)
    error = (pooled * (1 - pooled) * (1 / n_a + 1 / n_b)) ** 0.5
    return 1.0 if error == 0 else float(2 * scipy_stats.norm.sf(abs(wins_a / n_a - wins_b / n_b) / error))


def welch_difference(a: np.ndarray, b: np.ndarray) -> tuple[float, float, float]:
    """Difference of two independent means a - b with Welch's 95% interval (unequal variances);
    NaN when either sample has fewer than two values."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.size < 2 or b.size < 2:
        return (float("nan"), float("nan"), float("nan"))
    difference = float(a.mean() - b.mean())
    if a.var() == 0 and b.var() == 0:
        return (difference, difference, difference)
    with warnings.catch_warnings():   # nearly constant samples: scipy warns, the interval is still right
        warnings.simplefilter("ignore", RuntimeWarning)
        interval = scipy_stats.ttest_ind(a, b, equal_var=False).confidence_interval(0.95)
    return (difference, float(interval.low), float(interval.high))


def bootstrap_mean(values: np.ndarray, draws: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """Mean of `values` with a 95% percentile bootstrap interval; a single value or a constant
    sample is its own interval.

    Its cost is bounded by the number of distinct values, not of values: a resample of n values
    drawn from k distinct ones is the same as multinomial(n, their shares) counts of each, so when
    k is small against n (points, score differences and keep percentiles take a few hundred values
    however many games there are) each resample's mean is drawn from k counts. A run of a million
    games then costs what a run of a thousand does. Otherwise the values are resampled themselves,
    in batches of at most RESAMPLED_VALUES_PER_BATCH values or counts, so memory stays bounded too. Both depend on
    the sorted sample only, not on the order in which a query returned its rows: the same run gives
    the same report.
    """
    values = np.sort(np.asarray(values, dtype=float))
    if values.size == 0:
        return (float("nan"), float("nan"), float("nan"))
    mean = float(values.mean())
    if values[0] == values[-1]:
        return (mean, mean, mean)
    rng = np.random.default_rng(seed)
    distinct, counts = np.unique(values, return_counts=True)
    if distinct.size * COUNT_DRAW_COST < values.size:
        batch = max(1, RESAMPLED_VALUES_PER_BATCH // distinct.size)
        means = np.concatenate([rng.multinomial(values.size, counts / values.size, size=min(batch, draws - start))
                                @ distinct / values.size for start in range(0, draws, batch)])
    else:
        means = scipy_stats.bootstrap((values,), np.mean, n_resamples=draws, method="percentile",
                                      batch=max(1, RESAMPLED_VALUES_PER_BATCH // values.size),
                                      rng=rng).bootstrap_distribution
    low, high = np.percentile(means, [2.5, 97.5])
    return (mean, float(low), float(high))


@dataclass(frozen=True)
class PairedChange:
    """A change measured game by game on common seeds: the sum of the per-game differences over the
    sum of the per-game counts, with its 95% percentile bootstrap interval."""

    change: float
    low: float
    high: float
    standard_error: float   # the bootstrap's standard deviation of the change
    p_value: float          # two-sided, normal approximation with the bootstrap standard error
    games: int              # games paired, whether or not they count anything
    count: int              # the sum of the counts (e.g. games in which a card was played)

    @property
    def game_sd(self) -> float:
        """The standard deviation of one game's contribution: what the sample-size formulas need."""
        return self.standard_error * float(np.sqrt(self.games))


def paired_change(differences: np.ndarray, counts: np.ndarray, draws: int = 2000, seed: int = 0) -> PairedChange:
    """sum(differences) / sum(counts) over paired games, with a bootstrap that resamples whole games.

    Game g contributes differences[g] (variant - baseline, summed over the seats looked at) and
    counts[g] (how many seats were looked at; 0 when the game says nothing, e.g. the card was played in
    neither run). Resampling games, with both runs' results of a game kept together, is what pairing
    means: a game that came out the same in both runs adds nothing to the spread. The bootstrap (not a
    paired t-interval) because the denominator, the games that count, is itself random, and because a
    difference of wins takes only the values -1, 0 and 1. Arrays are taken in the caller's order (sort
    them by seed for a reproducible interval); the resamples are drawn in batches of at most
    RESAMPLED_VALUES_PER_BATCH values.
    """
    differences, counts = np.asarray(differences, dtype=float), np.asarray(counts, dtype=float)
    games, total = differences.size, float(counts.sum())
    if games == 0 or total == 0:
        nan = float("nan")
        return PairedChange(nan, nan, nan, nan, nan, games, int(total))
    change = float(differences.sum()) / total
    rng = np.random.default_rng(seed)
    batch = max(1, RESAMPLED_VALUES_PER_BATCH // games)
    resampled = []
    for start in range(0, draws, batch):
        rows = rng.integers(0, games, size=(min(batch, draws - start), games))
        with np.errstate(invalid="ignore", divide="ignore"):
            resampled.append(differences[rows].sum(axis=1) / counts[rows].sum(axis=1))
    values = np.concatenate(resampled)
    values = values[np.isfinite(values)]
    low, high = np.percentile(values, [2.5, 97.5])
    error = float(values.std(ddof=1)) if values.size > 1 else 0.0
    p_value = float(2 * scipy_stats.norm.sf(abs(change) / error)) if error > 0 else float(change == 0)
    return PairedChange(change, float(low), float(high), error, p_value, games, int(total))


def games_to_detect(game_sd: float, change: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games per run for a paired two-sided test at level `alpha` to find a true `change` with
    probability `power`: n = ((z_(1-alpha/2) + z_power) * sd / change)^2, the normal approximation (with
    the hundreds of games a run has, the t-distribution's correction is below one game). None for no change."""
    if change == 0 or not np.isfinite(change) or not np.isfinite(game_sd):
        return None
    z = scipy_stats.norm.ppf(1 - alpha / 2) + scipy_stats.norm.ppf(power)
    return max(2, int(np.ceil((z * game_sd / abs(change)) ** 2)))


def games_to_settle(games: int | np.ndarray, effect: np.ndarray | float, standard_error: np.ndarray | float) -> np.ndarray:
    """Games of a run like the one measured that find `effect` with 80% power at a two-sided 5% level: the
    standard error shrinks as one over the square root of the games (`games` may differ row by row). NaN where
    the effect is 0 or unknown."""
    power = scipy_stats.norm.ppf(0.975) + scipy_stats.norm.ppf(0.8)
    with np.errstate(divide="ignore", invalid="ignore"):
        needed = np.ceil(np.asarray(games, dtype=float) * (power * np.asarray(standard_error, dtype=float) / np.abs(effect)) ** 2)
    return np.where(np.isfinite(needed), needed, np.nan)


def interval_error(low: np.ndarray | float, high: np.ndarray | float) -> np.ndarray:
    """The standard error behind a 95% interval: its width over 2 x 1.96 (exact for a normal interval, close
    for the Wilson and Newcombe ones the reports print), so that any interval gives its games to settle."""
    return (np.asarray(high, dtype=float) - np.asarray(low, dtype=float)) / (2 * Z95)


def detectable_change(game_sd: float, games: int, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest change that `games` paired games find with probability `power` (two-sided, level `alpha`)."""
    z = scipy_stats.norm.ppf(1 - alpha / 2) + scipy_stats.norm.ppf(power)
    return float(z * game_sd / np.sqrt(games)) if games else float("nan")


def benjamini_hochberg(p_values: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (q-values); NaN stays NaN.

    A test is a discovery at false-discovery rate q when its adjusted p-value is at most q.
    """
    p = np.asarray(p_values, dtype=float)
    adjusted = np.full(p.shape, np.nan)
    present = ~np.isnan(p)
    m = int(present.sum())
    if m == 0:
        return adjusted
    order = np.argsort(p[present])
    ranked = p[present][order] * m / np.arange(1, m + 1)
    ranked = np.minimum.accumulate(ranked[::-1])[::-1].clip(max=1.0)
    result = np.empty(m)
    result[order] = ranked
    adjusted[present] = result
    return adjusted


@dataclass(frozen=True)
class BetaPrior:
    """A beta prior for win rates: its mean and its strength in pseudo-games (alpha + beta)."""

    alpha: float
    beta: float

    @property
    def mean(self) -> float:
        return self.alpha / (self.alpha + self.beta)


def beta_binomial_prior(wins: np.ndarray, n: np.ndarray) -> BetaPrior:
    """Empirical-Bayes beta prior fitted by the method of moments to many (wins, n) groups.

    With p the pooled rate, N the total n and k groups, the weighted sum of squares
    S = sum n_i (r_i - p)^2 has expectation p(1-p)(k-1) + tau^2 (N - sum n_i^2 / N - (k-1))
    when the groups' true rates vary with variance tau^2 (Kleinman 1973). Solving for tau^2
    gives the prior's strength alpha + beta = p(1-p) / tau^2 - 1: the less the groups differ
    beyond binomial noise, the harder every estimate is pulled to the common mean. Unequal
    group sizes enter exactly, so many rarely played cards do not pass for extra noise. The
    strength is capped at the median group size, so the prior never outweighs a typical
    group's own data and credible intervals keep a realistic width.
    """
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    keep = n > 0
    wins, n = wins[keep], n[keep]
    if n.size == 0:
        return BetaPrior(1.0, 1.0)
    total = n.sum()
    mean = min(max(wins.sum() / total, 1e-6), 1 - 1e-6)
    spread = float(np.sum(n * (wins / n - mean) ** 2))
    binomial = mean * (1 - mean) * (n.size - 1)
    information = total - float(np.sum(n ** 2)) / total - (n.size - 1)
    between = (spread - binomial) / information if information > 0 else 0.0
    cap = max(float(np.median(n)), 1.0)
    strength = cap if between <= 1e-9 else min(max(mean * (1 - mean) / between - 1, 1e-3), cap)
    return BetaPrior(mean * strength, (1 - mean) * strength)


def shrunk_rates(wins: np.ndarray, n: np.ndarray, prior: BetaPrior | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Posterior mean win rates and 95% credible bounds under the (fitted) beta prior."""
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    prior = prior or beta_binomial_prior(wins, n)
    a, b = prior.alpha + wins, prior.beta + n - wins
    return a / (a + b), scipy_stats.beta.ppf(0.025, a, b), scipy_stats.beta.ppf(0.975, a, b)


@dataclass(frozen=True)
class LogitEffect:
    """The log-odds effect of one column in a logistic regression, with its Wald test."""

    coefficient: float
    low: float
    high: float
    p_value: float

    @property
    def odds_ratio(self) -> float:
        return float(np.exp(self.coefficient))


def fit_logit(outcome: np.ndarray, design: np.ndarray, groups: np.ndarray | None = None) -> Any | None:
    """Maximum-likelihood logit of `outcome` on `design` (statsmodels), or None when it cannot be fitted.

    With `groups` the standard errors are cluster-robust by group: the seats of one game share
    one result (in a two-player game exactly one of them wins), so a game, not a seat, is the
    independent unit.
    """
    import statsmodels.api as sm

    options: dict[str, Any] = {} if groups is None else {"cov_type": "cluster", "cov_kwds": {"groups": groups}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return sm.Logit(np.asarray(outcome, dtype=float), design).fit(disp=0, maxiter=100, **options)
        except Exception:  # statsmodels raises several types for singular designs and separation
            return None


def independent_columns(design: np.ndarray) -> np.ndarray:
    """Mask of the columns of `design` that are not a linear combination of the columns before them.

    Dummy codings of seat, map, player count and play-count bands can be collinear (one map per
    player count, a band that holds one value); dropping the later column keeps the fit defined
    without changing the columns that remain. With fewer rows than columns, the columns past the rank the rows
    allow are dependent too.
    """
    if design.shape[1] == 0:
        return np.zeros(0, dtype=bool)
    diagonal = np.zeros(design.shape[1])
    found = np.abs(np.diag(np.linalg.qr(design, mode="r")))
    diagonal[:found.size] = found
    norms = np.linalg.norm(design, axis=0)
    return diagonal > 1e-9 * np.maximum(norms, 1e-300)


def logit_effect(outcome: np.ndarray, effect: np.ndarray, controls: np.ndarray,
                 groups: np.ndarray | None = None) -> LogitEffect | None:
    """Fit logit(P(outcome)) = const + b*effect + controls and return b, or None when it cannot be fitted.

    `effect` is one column (or several, the first is reported); `controls` the other covariates
    (dummy-coded, without an intercept). Columns without variation or collinear with earlier
    columns (other than the reported one) are dropped first. `groups` (the game of each row)
    makes the interval and p-value cluster-robust, see `fit_logit`.
    """
    effect = np.asarray(effect, dtype=float)
    effect = effect.reshape(len(effect), -1)
    controls = np.asarray(controls, dtype=float).reshape(len(effect), -1)
    if effect[:, 0].std() == 0:
        return None
    design = np.column_stack([np.ones(len(effect)), effect, controls])
    design = design[:, independent_columns(design)]
    fit = fit_logit(outcome, design, groups)
    if fit is None:
        return None
    coefficient, error = float(fit.params[1]), float(fit.bse[1])
    if not np.isfinite(error) or error > 50:
        return None
    return LogitEffect(coefficient, coefficient - Z95 * error, coefficient + Z95 * error, float(fit.pvalues[1]))
