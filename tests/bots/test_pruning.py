"""The heuristic family's pruning of turn options and its gain bounds (heuristics/arknova/parts/pruning.py), from the rulebook:
the X-token action is for a player who cannot (or does not want to) perform any of the five actions;
for some actions a strength above 5 brings no improvement; Animals plays 2 animals at strength 5 and
side II adds 1 reputation there; Cards snaps from strength 5 (side II from 3)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from arknova.helpers import CATALOG, legal_game, midgame, ready_game, set_cards, start_turn

from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.bots.planner import PlannerBot
from heuristics.arknova.parts.evaluation import game_progress
from heuristics.arknova.parts.gain_bounds import GainBounds, fit_bounds, option_key
from heuristics.arknova.parts.pruning import prune_turn_options, table_row, wasted_spend
from sim.arknova.action_tokens import CONSTRICTION
from sim.core.registry import RegistryError, make_bot
from sim.core.seeds import derive_seeds, python_rng

ORDER = ("build", "association", "sponsors", "cards", "animals")  # slots 1-5
XTOKENS = [("xtoken", card) for card in ORDER]


def spends(game: Any, card: str) -> tuple[list[int], list[int]]:
    """The X-token spends on `card` kept and dropped by the pruning, over spends 0 to 4."""
    options = [("act", card, spent) for spent in range(5)]
    kept, dropped = prune_turn_options(game, 0, options)
    return [option[2] for option in kept], [option[2] for option in dropped]


def test_cards_spends_stop_at_the_snap_strength() -> None:
    """Side I at slot 4: strength 5 draws 3 and may snap (kept); 6 and more does the same (dropped).
    Side II at slot 2: every step up to 5 changes the draw; above 5 nothing does."""
    game = ready_game()
    set_cards(game, 0, ("build", "association", "sponsors", "cards", "animals"))
    game.players[0].xtokens = 4
    assert spends(game, "cards") == ([0, 1], [2, 3, 4])
    set_cards(game, 0, ("build", "cards", "sponsors", "association", "animals"), upgraded=("cards",))
    assert spends(game, "cards") == ([0, 1, 2, 3], [4])


def test_animals_spends_kept_only_where_the_count_or_the_reputation_changes() -> None:
    """Side I: strengths 2-4 play one animal, 5 two: from slot 2 only the spend reaching 5 is kept.
    Side II: 3 and 4 play two, 5 adds the reputation, 6 nothing more."""
    game = ready_game()
    set_cards(game, 0, ("build", "animals", "sponsors", "cards", "association"))
    assert spends(game, "animals") == ([0, 3], [1, 2, 4])
    set_cards(game, 0, ("build", "animals", "sponsors", "cards", "association"), upgraded=("animals",))
    assert spends(game, "animals") == ([0, 1, 3], [2, 4])


def test_strength_rows_follow_the_rulebook() -> None:
    tracks = CATALOG.tracks
    assert table_row(tracks, "animals", False, 4) != table_row(tracks, "animals", False, 5)  # 2 animals at 5
    assert table_row(tracks, "animals", True, 5) != table_row(tracks, "animals", True, 4)  # +1 reputation
    assert table_row(tracks, "cards", True, 3) != table_row(tracks, "cards", True, 2)  # side II snaps at 3
    for card in ("animals", "cards"):
        for side_two in (False, True):
            assert table_row(tracks, card, side_two, 6) == table_row(tracks, card, side_two, 5)
    for card in ("build", "association", "sponsors"):  # strength above 5 still counts there
        assert table_row(tracks, card, True, 6) is None


def test_the_least_spend_is_never_dropped() -> None:
    """A card that needs X-tokens to act at all keeps its least spend, even where the row repeats."""
    game = ready_game()
    set_cards(game, 0, ("build", "animals", "sponsors", "cards", "association"))
    assert not wasted_spend(game, 0, ("act", "animals", 1), least=1)
    assert wasted_spend(game, 0, ("act", "animals", 1), least=0)


def constricted(order: tuple[str, ...], free: tuple[str, ...]) -> Any:
    """Seat 0's turn with the action cards in `order`, no X-tokens and no money (nothing to build, no
    animal to pay for), every card but those in `free` 2 weaker (a constriction token)."""
    game = ready_game()
    set_cards(game, 0, order)
    player = game.players[0]
    player.xtokens = 0
    player.money = 0
    player.action_tokens = {(CONSTRICTION, card): 1 for card in order if card not in free}
    start_turn(game, 0)
    return game


def test_xtoken_options_kept_when_at_most_one_card_can_act() -> None:
    """Only Cards can act (Sponsors and Association constricted to no strength in slots 1-2, no money to
    build or play an animal): the X-token action is the alternative the rulebook offers and is played
    out; with Sponsors free too, it is not."""
    game = constricted(("sponsors", "association", "build", "animals", "cards"), free=("cards",))
    options = game.decision().options
    assert [option for option in options if option[0] == "act"] == [("act", "cards", 0)]
    kept, dropped = prune_turn_options(game, 0, options)
    assert set(XTOKENS) <= set(kept) and not dropped

    game = constricted(("association", "build", "animals", "sponsors", "cards"), free=("sponsors", "cards"))
    options = game.decision().options
    assert {option for option in options if option[0] == "act"} == {("act", "sponsors", 0), ("act", "cards", 0)}
    kept, dropped = prune_turn_options(game, 0, options)
    assert sorted(dropped) == sorted(XTOKENS) and not any(option[0] == "xtoken" for option in kept)


def test_pruning_is_off_by_default_and_keeps_the_choice() -> None:
    """The pruned bot chooses what the full lookahead chooses (the dropped options are never its best)."""
    full, pruned = HeuristicBot(), HeuristicBot(prune=True)
    assert not full.prune and not PlannerBot().prune
    for seed in derive_seeds(31, 4):
        game = midgame(seed)
        decision = game.decision()
        kept, dropped = prune_turn_options(game, 0, decision.options)
        assert dropped, "a midgame turn has options the pruning drops"
        assert pruned.choose(game.observation(0), decision, python_rng(seed)) == \
            full.choose(game.observation(0), decision, python_rng(seed))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pruned_bots_play_legal_deterministic_games(players: int) -> None:
    """Every decision answered with a legal option, and the same seed gives the same game."""
    def bots(count: int) -> list[Any]:
        return [PlannerBot(prune=True) if seat == 1 else HeuristicBot(prune=True) for seat in range(count)]

    assert legal_game(players, 40 + players, bots) == legal_game(players, 40 + players, bots)


def test_the_snap_alone_makes_a_stronger_cards_action() -> None:
    """With draw and discard tables flat (an overridden catalog), crossing the snap strength still counts."""
    flat = replace(CATALOG.tracks, cards_draw=((1,) * 5, (1,) * 5), cards_discard=((0,) * 5, (0,) * 5))
    assert table_row(flat, "cards", False, 5) != table_row(flat, "cards", False, 4)
    assert table_row(flat, "cards", False, 4) == table_row(flat, "cards", False, 3)
    assert table_row(flat, "cards", True, 3) != table_row(flat, "cards", True, 2)


# -- gain bounds (heuristics/arknova/parts/gain_bounds.py): branch and bound over the turn options ---------------

def played_options(bot: HeuristicBot, game: Any) -> tuple[Any, list[tuple[float, Any, Any]], list[Any], float]:
    """Seat 0's turn options of `game` played by the bot's `_play_options` on a settled copy: the copy, the
    outcomes, the options skipped, and the value of the position before the turn."""
    base = game.copy()
    base.decision()
    progress = game_progress(base)
    outcomes, skipped = bot._play_options(base, 0, progress, list(base.decision().options))
    return base, outcomes, skipped, bot.value(base, 0, progress)


def exact_bounds(bot: HeuristicBot, game: Any) -> GainBounds:
    """Bounds that hold for this position: each key's largest gain among its options."""
    base, outcomes, _, now = played_options(bot, game)
    gains = [(option_key(base, 0, option), value - now) for value, option, _ in outcomes if option[0] == "act"]
    return fit_bounds(gains, bot.evaluation(), quantile=1.0)


def test_bounds_that_hold_keep_the_full_lookaheads_choice_with_fewer_playouts() -> None:
    full = HeuristicBot()
    for seed in derive_seeds(33, 4):
        game = midgame(seed)
        decision = game.decision()
        bounded = HeuristicBot()
        bounded.gain_bounds = exact_bounds(full, game)
        _, outcomes, skipped, _ = played_options(bounded, game)
        assert skipped and len(outcomes) + len(skipped) == len(decision.options)
        assert bounded.choose(game.observation(0), decision, python_rng(seed)) == \
            full.choose(game.observation(0), decision, python_rng(seed))


def test_an_option_is_played_while_its_bound_reaches_the_best_and_skipped_just_below() -> None:
    """Two options: the first (bound without limit) played; the second's bound set so that the position
    value plus bound plus `used_slot` credit equals the first's outcome (played) or falls short by 0.001."""
    bot = HeuristicBot()
    game = ready_game()
    first, second = ("act", "cards", 0), ("act", "sponsors", 0)
    base = game.copy()
    progress = game_progress(base)
    now = bot.value(base, 0, progress)
    slot = base.players[0].strength_slot
    reached = bot._play_turn(base.copy(), first, 0, progress) + bot.weights.used_slot * slot("cards")
    for slack, played in ((0.0, True), (-0.001, False)):
        bound = reached - now - bot.weights.used_slot * slot("sponsors") + slack
        bot.gain_bounds = GainBounds({option_key(base, 0, first): 1e9, option_key(base, 0, second): bound}, {})
        outcomes, skipped = bot._play_options(base, 0, progress, [second, first])
        assert [option for _, option, _ in outcomes] == ([second, first] if played else [first])
        assert skipped == ([] if played else [second])


def test_fit_takes_the_quantile_of_each_keys_gains() -> None:
    gains = [(("cards", False, 3), float(value)) for value in range(100)] + [(("build", True, 5), 7.0)]
    bounds = fit_bounds(gains, {}, quantile=0.99)
    assert bounds.bounds == {("cards", False, 3): 99.0, ("build", True, 5): 7.0}
    assert fit_bounds(gains, {}, quantile=0.5).bounds[("cards", False, 3)] == 50.0
    game = ready_game()
    assert bounds.of(game, 0, ("xtoken", "cards")) == float("inf")  # never bounded
    assert GainBounds({}, {}).of(game, 0, ("act", "cards", 0)) == float("inf")  # a key never seen


def test_the_bounds_of_a_turns_options_are_those_of_their_keys() -> None:
    """`of_options`, which finds each card's side and strength once, reads the bound of each option's own
    key: the spent X-tokens raise the strength, an upgraded card reads side II, an X-token take is unbounded."""
    game = ready_game()
    set_cards(game, 0, ORDER)
    game.players[0].upgraded.add("cards")
    game.players[0].xtokens = 3
    options = [("act", card, spent) for card in ORDER for spent in range(4)] + XTOKENS
    keys = [option_key(game, 0, option) for option in options]
    bounds = GainBounds({key: float(index) for index, key in enumerate(keys) if key is not None}, {})
    expected = [bounds.bounds[key] if key is not None else float("inf") for key in keys]
    assert bounds.of_options(game, 0, options) == expected
    assert [bounds.of(game, 0, option) for option in options] == expected
    assert ("cards", True, 5) in keys and ("build", False, 4) in keys  # slot 4 upgraded, slot 1 with 3 X-tokens


def test_bounds_of_another_evaluation_or_unknown_names_are_one_line_errors(tmp_path: Any) -> None:
    with pytest.raises(RegistryError, match="bad parameters.*unknown gain bounds 'nope'"):
        make_bot("heuristic:prune=true,bounds=nope")
    with pytest.raises(RegistryError, match="fitted for another evaluation \\(differing: weights.appeal\\)"):
        make_bot("heuristic:bounds=default,weights=" + str(weights_file(tmp_path, "appeal = 2.0")))
    with pytest.raises(RegistryError, match="another evaluation \\(differing: bot, plan.break_money, "):
        make_bot("experimental.planner:bounds=default")  # the planner's value adds its plan: the heuristic's bounds misfit
    assert make_bot("heuristic:prune=true,bounds=default").gain_bounds is not None  # type: ignore[attr-defined]


def weights_file(tmp_path: Any, line: str) -> Any:
    path = tmp_path / "w.toml"
    path.write_text(f"[weights]\n{line}\n")
    return path


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bounded_bots_play_legal_deterministic_games(players: int) -> None:
    def bots(count: int) -> list[Any]:
        return [HeuristicBot(prune=True, bounds="default") for _ in range(count)]

    assert legal_game(players, 50 + players, bots) == legal_game(players, 50 + players, bots)


def test_ranked_still_lists_every_turn_option_best_first() -> None:
    """A search narrows its root to the first few ranked options: those not played out come after."""
    full, fast = HeuristicBot(), HeuristicBot(prune=True, bounds="default")
    for seed in derive_seeds(35, 3):
        game = midgame(seed)
        decision = game.decision()
        ranked = fast.ranked(game.observation(0), decision, python_rng(seed))
        assert sorted(ranked) == sorted(decision.options)
        assert ranked[0] == fast.choose(game.observation(0), decision, python_rng(seed))
        assert full.ranked(game.observation(0), decision, python_rng(seed))[0] == \
            full.choose(game.observation(0), decision, python_rng(seed))


def test_the_default_archetype_prunes_and_heuristic_v1_does_not() -> None:
    """The `default` archetype file says `prune = true` (the same games, faster), so `heuristic_v2` prunes;
    `heuristic_v1` stays the full lookahead, and an archetype file that says nothing does not prune."""
    assert make_bot("heuristic_v2", "arknova").prune  # type: ignore[attr-defined]
    assert not make_bot("heuristic_v1", "arknova").prune  # type: ignore[attr-defined]
    assert not make_bot("appeal_engine", "arknova").prune  # type: ignore[attr-defined]
