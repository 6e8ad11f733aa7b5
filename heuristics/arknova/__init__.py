"""Ark Nova's bots, in four places:

- `zoo.py` names every bot a user can choose (and the old and experimental names): read it first;
- `bots/` holds the bot classes: the heuristic family's one-turn lookahead (`heuristic.py`), the distilled
  bot built on it (`distilled.py`, the game's `default`), and the experimental `keeper.py` and `planner.py`;
- `parts/` holds what the bots are made of: the position evaluation, the in-turn rules, the pruning and gain
  bounds of the lookahead, the features, the opening keep, the planner's pieces, the solo value, tuning;
- `archetypes/` holds the heuristic family's weights, one style a file, and `data/` what was fitted or
  learned from self-play (gain bounds, distilled corrections, planner priors, solo values, keep values).
"""

from pathlib import Path

ARKNOVA_DIR = Path(__file__).parent
DATA_DIR = ARKNOVA_DIR / "data"  # fitted and learned files, each written by a script of scripts/data
