"""Inhabit the Earth's heuristic bot family (weights as data in archetypes/*.toml); importing
`heuristics.inhabit.bot` registers its bots for the game "inhabit"."""
