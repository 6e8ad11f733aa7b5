"""The five actions, the turn around them, and the bonus decisions they can raise.

Importing this package registers every step with `sim.arknova.steps`.
"""

from sim.arknova.actions import animals, association, bonuses, build, cards, sponsors, turn  # noqa: F401
