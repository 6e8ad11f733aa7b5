"""Analysis of an experiment's Parquet dataset: the statistics behind the notebooks and `arkmc report`,
for any game; what only one game records is analysed in that game's package (Ark Nova's:
`sim.arknova.analysis`), reached through its factory (`report_sections`, `comparison_sections`,
`report_methods`) and described by its `GameInfo` (per-seat factors, points unit, card timing).

    data.py      load a run folder (finished games only) and name cards
    stats.py     Wilson and Newcombe intervals, bootstrap, Benjamini-Hochberg, empirical Bayes, logit
    tables.py    the rows every table shows (n, rate, interval, q) and the regressions' seat controls
    seats.py     win rates by bot and seat advantage by player count
    cards.py     card strength four ways, with play and keep rates
    bots.py      win-rate matrix, Bradley-Terry ratings, score distributions
    shape.py     decisions and seconds per game
    compare.py   two experiments side by side; paired.py the same, game by game on common seeds
    sweep.py     the report of a sweep of one override's value
    answers.py   the sentences that end the notebooks; notebooks.py their plumbing
    plots.py     the figures; report.py the HTML and Markdown report
"""
