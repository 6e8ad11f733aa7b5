"""Every rule module of Inhabit the Earth, imported once so that their steps and effects are
registered (`sim.inhabit.registry`) before a game is played."""

from __future__ import annotations

from sim.inhabit import drawing, menagerie, movement, rearing, scoring, turn

MODULES = (drawing, menagerie, movement, rearing, scoring, turn)
