"""How the card measures agree (issue 42): Spearman rank correlations, over the cards both measured, of

1. the forced-card study against the randomised estimate from a run's deals;
2. the forced-card study against the old played-card regression ("wins above expected") on the same run;
3. the forced-card study with one bot against the same study with another (when a second study is given).

    python scripts/checks/card_study_agreement.py STUDY_DIR RUN_DIR [OTHER_STUDY_DIR]

Each line gives the correlation, its p-value and n; the study's precision (the median interval width and the
pairs that give ±3 pp) and the run's follow.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl
from scipy import stats

from sim.analysis.cards import card_strength
from sim.analysis.data import Run
from sim.analysis.randomised import dealt_effects
from sim.analysis.study import Study, agreement, pairs_for_margin, study_effects


def correlation(first: pl.DataFrame, first_column: str, second: pl.DataFrame, second_column: str) -> str:
    """Spearman's rho of two columns over the cards of both tables, with p and n."""
    both = first.select(pl.col("card").cast(pl.Int64), first_column).join(
        second.select(pl.col("card").cast(pl.Int64), pl.col(second_column).alias("other")), on="card").drop_nulls()
    result = stats.spearmanr(both[first_column].to_numpy(), both["other"].to_numpy())
    return f"rho = {result.statistic:+.3f} (p = {result.pvalue:.2g}, n = {both.height} cards)"


def main(arguments: list[str]) -> int:
    if len(arguments) not in (2, 3):
        print(__doc__.strip().splitlines()[-5], file=sys.stderr)
        return 2
    study = Study.of(Run.open(Path(arguments[0])))
    run = Run.open(Path(arguments[1]))
    forced = study_effects(study)
    dealt = dealt_effects(run)
    played = card_strength(run, 20)
    width = (forced["delta_win_high"] - forced["delta_win_low"]).median()
    print(f"study {study.run.path}: {forced.height} cards, {int(forced['pairs'].min())} pairs each, median 95% "
          f"interval {100 * width:.1f} pp wide; ±3 pp needs about {pairs_for_margin(forced['win_sd'].median(), 0.03):,} "
          f"pairs per card; {int((forced['q_value'] < 0.05).sum())} cards with q < 0.05")
    print(f"run {run.path}: {run.n_games:,} games; randomised (dealt) median 95% interval "
          f"{100 * (dealt['effect_win_high'] - dealt['effect_win_low']).median():.1f} pp wide; "
          f"{int((dealt['q_value'] < 0.05).sum())} cards with q < 0.05")
    print("forced study vs randomised dealt estimate:", correlation(forced, "delta_win", dealt, "effect_win"))
    print("forced study vs played-card regression:   ", correlation(forced, "delta_win", played, "wae_odds_ratio"))
    print("randomised dealt vs played-card regression:", correlation(dealt, "effect_win", played, "wae_odds_ratio"))
    if len(arguments) == 3:
        other = Study.of(Run.open(Path(arguments[2])))
        result = agreement(forced, study_effects(other))
        print(f"{study.bots} vs {other.bots} (forced studies): rho = {result.correlation:+.3f} "
              f"(p = {result.p_value:.2g}, n = {result.components} cards); {result.opposite.height} cards with "
              "intervals excluding 0 on opposite sides")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
