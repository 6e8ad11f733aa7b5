"""The analysis of Ark Nova's runs, over the framework's (`sim.analysis`): what only Ark Nova records.

    maps.py        zoo map balance, with a logistic regression controlled for seat and bot; map names
    opening.py     opening hands: dealt and kept cards, kept pairs, the keep choice (keep 4 of 8)
    shape.py       game length in turns and breaks, track progression, action mix, what moves the break token
    plots.py       the map and progression figures
    answers.py     the answers of the map and opening-hand notebooks, and the run they read (`STUDY`)
    report.py      Ark Nova's sections of `arkmc report` and its Methods paragraphs
    comparison.py  its section of `arkmc report BASE VARIANT`: the change of every map's win rate
"""
