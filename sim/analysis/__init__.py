"""Analysis of an experiment's Parquet dataset: the statistics behind the notebooks and `arkmc report`.

    data.py      load a run folder (finished games only) and name cards and maps
    stats.py     Wilson and Newcombe intervals, bootstrap, Benjamini-Hochberg, empirical Bayes, logit
    seats.py     win rates by bot and seat advantage by player count
    maps.py      map balance, with a logistic regression controlled for seat and bot
    cards.py     card strength four ways, with play and keep rates
    opening.py   opening hands: dealt and kept cards, kept pairs, the keep choice
    bots.py      win-rate matrix, Bradley-Terry ratings, score distributions
    shape.py     game length and track progression over turns
    compare.py   two experiments side by side
    plots.py     the figures; report.py the HTML and Markdown report
"""
