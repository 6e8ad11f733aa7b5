"""Watch a game: a game recorded turn by turn and written as one self-contained HTML page.

    recorder.py   a play-loop listener: one step per turn (the game's turn log, each seat's panel)
    page.py       the page: the steps as JSON, stepped by page.js, styled by page.css, all inline
    run_game.py   a finished run's game played again exactly, checked against the run's result

Nothing here knows a game. Each seat's panel comes from the game's optional `seat_view(observation)`
(`sim.core.protocols.SeatViews`), given that seat's observation only; a game without it gets the
log and the final results.
"""
