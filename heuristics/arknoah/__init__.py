"""Ark & Noah's heuristic bot family: importing the package registers its bots (`noah`, its
archetypes as `noah_<name>`, and `noah_search`) for the game `arknoah`."""

from heuristics.arknoah import bot  # noqa: F401  (registers the bots)
