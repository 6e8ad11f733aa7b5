"""The statistics every table uses: intervals, multiple-comparison control, shrinkage, logit.

Every function takes plain numbers or numpy arrays so it can be tested against textbook answers.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from scipy import stats as scipy_stats

from sim.summary import wilson

Z95 = float(scipy_stats.norm.ppf(0.975))

__all__ = ["wilson", "newcombe_difference", "bootstrap_mean", "bootstrap_mean_difference",
           "benjamini_hochberg", "BetaPrior", "beta_binomial_prior", "shrunk_rates", "LogitEffect", "logit_effect"]


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


def bootstrap_mean(values: np.ndarray, draws: int = 2000, seed: int = 0) -> tuple[float, float, float]:
    """Mean of `values` with a 95% percentile bootstrap interval."""
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        return (float("nan"), float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(draws, values.size))].mean(axis=1)
    return (float(values.mean()), float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975)))


def bootstrap_mean_difference(a: np.ndarray, b: np.ndarray, draws: int = 2000,
                              seed: int = 0) -> tuple[float, float, float]:
    """Mean(a) - mean(b) of two independent samples with a 95% percentile bootstrap interval."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.size == 0 or b.size == 0:
        return (float("nan"), float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    differences = (a[rng.integers(0, a.size, size=(draws, a.size))].mean(axis=1)
                   - b[rng.integers(0, b.size, size=(draws, b.size))].mean(axis=1))
    return (float(a.mean() - b.mean()), float(np.quantile(differences, 0.025)),
            float(np.quantile(differences, 0.975)))


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

    The spread of the observed rates beyond what binomial noise explains sets the prior's
    strength: the less the groups differ beyond chance, the harder every estimate is pulled to
    the common mean. The strength is capped at the median group size, so the prior never
    outweighs a typical group's own data and credible intervals keep a realistic width.
    """
    wins, n = np.asarray(wins, dtype=float), np.asarray(n, dtype=float)
    keep = n > 0
    wins, n = wins[keep], n[keep]
    if n.size == 0:
        return BetaPrior(1.0, 1.0)
    mean = wins.sum() / n.sum()
    rates = wins / n
    variance = np.average((rates - mean) ** 2, weights=n)
    binomial_noise = mean * (1 - mean) * np.mean(1 / n)
    between = variance - binomial_noise
    mean = min(max(mean, 1e-6), 1 - 1e-6)
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


def logit_effect(outcome: np.ndarray, effect: np.ndarray, controls: np.ndarray) -> LogitEffect | None:
    """Fit logit(P(outcome)) = const + b*effect + controls and return b, or None when it cannot be fitted.

    `effect` is one column (or several, the first is reported); `controls` the other covariates
    (dummy-coded, without an intercept). Columns without variation (other than the reported one)
    are dropped first.
    """
    import statsmodels.api as sm

    effect = np.asarray(effect, dtype=float)
    effect = effect.reshape(len(effect), -1)
    controls = np.asarray(controls, dtype=float).reshape(len(effect), -1)
    if effect[:, 0].std() == 0:
        return None
    effect = effect[:, [0] + [i for i in range(1, effect.shape[1]) if effect[:, i].std() > 0]]
    varying = controls.std(axis=0) > 0
    design = np.column_stack([np.ones(len(effect)), effect, controls[:, varying]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fit = sm.Logit(np.asarray(outcome, dtype=float), design).fit(disp=0, maxiter=100)
        except Exception:  # statsmodels raises several types for singular designs and separation
            return None
    coefficient, error = float(fit.params[1]), float(fit.bse[1])
    if not np.isfinite(error) or error > 50:
        return None
    return LogitEffect(coefficient, coefficient - Z95 * error, coefficient + Z95 * error, float(fit.pvalues[1]))
