"""Ark & Noah's heuristic bot family: importing the package registers its bots (`heuristic`,
each archetype by its name, `default` among them, and `default_search`) for the game `arknoah`."""

from heuristics.arknoah import bot  # noqa: F401  (registers the bots)
