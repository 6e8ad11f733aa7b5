"""Toy Market, a small second game shipped with the tests: 2-4 players buy cards from a private
hand with coins; cards score points and carry keyword effects (money, draw, points, steal).

It exercises the framework honestly: hidden information (a shuffled deck, private hands), three
decision kinds (turn, discard, target) on the core's step machine, keyword effects in the core's
effect registry, ties, its own bot, dataset columns, data overrides and card statuses.
Experiments name it ``toygame.game:ToyGame``; its registry name (bot scope) is "toy".
Importing the package registers its bot, "greedy".
"""

from toygame import bot  # noqa: F401  (registers the greedy bot)
