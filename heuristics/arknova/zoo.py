"""Every name an Ark Nova bot is known by, in one place: the bots a user chooses from, the stable names of
earlier defaults, the old names kept for one version, and the experimental bots (`arkmc bots --all`).

The user's choices: `default` (the distilled bot, bots/distilled.py), `default_search` (the strong search
bot, rolled out by `default`), one style per archetype file (archetypes/*.toml) and `heuristic` (the family
an archetype file names; `random` and `search` are every game's). The skill ladder of sim/arknova/game.py
climbs from `random` through these to `default_search`.
"""

from __future__ import annotations

from functools import partial

from heuristics.archetypes import archetype_names as shipped_names
from heuristics.arknova.bots.distilled import DistilledBot
from heuristics.arknova.bots.heuristic import GAMES, HeuristicBot, archetype_bot
from heuristics.arknova.bots.keeper import KeeperBot
from heuristics.arknova.bots.planner import PLANNER_DIR, PlannerBot, planner_bot
from heuristics.arknova.parts.evaluation import archetype_names
from heuristics.search import SearchBot
from sim.core.registry import register_alias, register_bot

DEFAULT_ARCHETYPE = "default"  # the heuristic family's balanced weights, which the bot `default` builds on

register_bot("default", GAMES)(DistilledBot)
register_alias("distilled", "default", GAMES, "renamed to default")
register_bot("heuristic", GAMES)(HeuristicBot)
for _archetype in archetype_names():
    if _archetype != DEFAULT_ARCHETYPE:  # its bot is heuristic_v2: `default` is the distilled bot
        register_bot(_archetype, GAMES)(archetype_bot(_archetype))

# The search bot as Ark Nova wants it: `default` (Ark Nova's: the search makes its rollout bot in its own game)
# rolls out, judges the leaves and shortlists the root's 5 best options; only whole turns are searched, three of
# the searching seat's turns deep, at most 0.9 s a decision (the last 0.1 s of the 1 s target is headroom for a
# garbage-collector pause;
# docs/research/arknova-bots.md, "The search bot"). A value margin of 15 points counts as one logit of winning,
# the scale fitted by scripts/data/calibrate_search_scale.py; prior and exploration are in the same reward units.
DEFAULT_SEARCH = {"rollout": "default", "kinds": "turn", "turns": 3,
                  "simulations": 200, "ms": 900.0, "width": 5, "scale": 15.0, "prior": 0.6, "exploration": 0.04}
_default_search = partial(SearchBot, **DEFAULT_SEARCH)
_default_search.__doc__ = ("Search bot at its default budget for Ark Nova: `default` as rollout bot, whole turns "
                           f"searched {DEFAULT_SEARCH['turns']} turns deep among the {DEFAULT_SEARCH['width']} "
                           f"options it ranks best, {DEFAULT_SEARCH['simulations']} simulations or "
                           f"{DEFAULT_SEARCH['ms'] / 1000:g} s a decision.")
register_bot("default_search", GAMES)(_default_search)

# Earlier defaults under stable names, so that comparisons and old runs keep them when `default` moves.
_heuristic_v1 = partial(HeuristicBot, archetype=DEFAULT_ARCHETYPE)
_heuristic_v1.__doc__ = ("The default of issue 27's start: the heuristic family's default archetype, every turn "
                         "option played out.")
register_bot("heuristic_v1", GAMES)(_heuristic_v1)
_heuristic_v2 = archetype_bot(DEFAULT_ARCHETYPE)
_heuristic_v2.__doc__ = ("The default until issue 43: heuristic_v1 with the turn options that need no playout left "
                         "out (the same games, in less time).")
register_bot("heuristic_v2", GAMES)(_heuristic_v2)

# Bots still being tried out, under `experimental.`; their old bare names work for one version.
_experiments = {"keeper": KeeperBot, "planner": PlannerBot}
_experiments |= {f"planner_{plan}": planner_bot(plan) for plan in shipped_names(PLANNER_DIR) if plan != "default"}
_planner_search = partial(SearchBot, **{**DEFAULT_SEARCH, "rollout": "experimental.planner"})
_planner_search.__doc__ = "The default search preset (default_search) with the planner rolling out and judging the leaves."
_experiments["planner_search"] = _planner_search
for _name, _factory in _experiments.items():
    register_bot(_name, GAMES, experimental=True)(_factory)
    register_alias(_name, f"experimental.{_name}", GAMES, "experimental now")
