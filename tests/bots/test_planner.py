"""The planner bot: legal, deterministic and information-fair choices, its shortlist, and its plan's pieces
measured against the rulebook's action cards (Sponsors plays a sponsor of level up to its strength, one more
upgraded; Animals plays no animal at strength 1 and one from strength 2 on)."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import numpy as np
import pytest
from arknova.helpers import building_spaces, clear_zoo, keep_decision, midgame, put, ready_game, set_cards, to_hand

from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.bots.planner import PLANNER_DIR, PlannerBot
from heuristics.arknova.parts.evaluation import animal_gain, card_value, sponsor_gains
from heuristics.arknova.parts.keep import choose_keep
from heuristics.arknova.parts.plan_value import card_readiness, hand_plan_gain, option_prior
from heuristics.arknova.parts.policy import in_turn_choice
from heuristics.arknova.parts.prior import FEATURES, GAIN_FILE, best_next_gain, fit_prior, load_prior, prior_features
from heuristics.search import SearchBot
from sim.arknova.setup import new_game
from sim.arknova.state import ACTION_CARDS
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import RegistryError, make_bot
from sim.core.seeds import derive_seeds, python_rng

SCHOOL_TOURS = 261  # Guided School Tours: sponsor, level 3, no condition, no unique building
QUARANTINE_LAB = 225  # sponsor, level 3, no condition, no unique building, worth less than School Tours
FENNEC_FOX = 405  # animal, cost 8, standard enclosure of size 1, no condition
SPONSORS_LAST = ["animals", "build", "association", "cards", "sponsors"]  # Sponsors in slot 5
PLANNER_FILE = PLANNER_DIR / "default.toml"
SPONSORS_FIRST = ["sponsors", "animals", "build", "association", "cards"]


class LegalityChecked:
    """Wraps a bot and fails the test on an answer that is not one of the options."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
        option = self.bot.choose(observation, decision, rng)
        assert option in decision.options, (decision.kind, option)
        return option


@pytest.mark.parametrize("players, maps", [(1, "0"), (2, "random"), (3, "random"), (4, "draft")])
def test_planner_answers_every_decision_legally_at_every_player_count(players: int, maps: str) -> None:
    seed = 300 + players
    game = new_game({"players": players, "maps": maps}, seed)
    record = play_game(game, [LegalityChecked(PlannerBot()) for _ in range(players)], seed)
    assert record.status == "finished" and len(record.results) == players


def test_same_seed_same_game() -> None:
    records = []
    for _ in range(2):
        game = new_game({"players": 2, "maps": "random"}, 41)
        records.append(play_game(game, [PlannerBot(), HeuristicBot()], 41))
    assert records[0].decisions == records[1].decisions
    assert [result.details for result in records[0].results] == [result.details for result in records[1].results]


class Counting(PlannerBot):
    """Counts the turn options the planner plays out."""

    played = 0

    def _play_turn(self, game: Any, option: Any, seat: int, progress: float) -> float:
        Counting.played += 1
        return super()._play_turn(game, option, seat, progress)


@pytest.mark.parametrize("shortlist", [1, 3])
def test_only_the_shortlist_is_played_out_and_the_best_static_option_is_among_it(shortlist: int) -> None:
    bot = Counting(shortlist=shortlist)
    for seed in derive_seeds(24, 3):
        game = midgame(seed)
        decision = game.decision()
        Counting.played = 0
        ranked = bot.ranked(game.observation(0), decision, python_rng(seed))
        assert Counting.played == min(shortlist, len(decision.options))
        assert sorted(ranked) == sorted(decision.options)  # every option, the shortlist first
        assert max(decision.options, key=bot.prior(game, 0)) in ranked[:shortlist]


def test_the_hand_set_prior_shortlists_by_readiness_and_slot(tmp_path) -> None:
    """With `learned = 0` the options are shortlisted and ranked (past the one played out) by `option_prior`."""
    plan_file = tmp_path / "plan.toml"
    plan_file.write_text(PLANNER_FILE.read_text().replace("learned = 1", "learned = 0"))
    bot = Counting(plan=str(plan_file), shortlist=1)
    for seed in derive_seeds(26, 3):
        game = midgame(seed)
        decision = game.decision()
        order = sorted(decision.options, reverse=True,
                       key=lambda option: option_prior(game, 0, option, used_slot=3.0, w=bot.plan))
        assert bot.ranked(game.observation(0), decision, python_rng(seed)) == order


def test_the_prior_fit_recovers_a_linear_order_within_decisions() -> None:
    """Values made from known coefficients plus a constant per decision (which the centring removes) are
    fitted back; a coefficients file of other features is refused in one line."""
    rng = np.random.default_rng(3)
    truth = rng.normal(size=len(FEATURES))
    rows = []
    for decision in range(300):
        offset = rng.normal() * 50
        for _ in range(6):
            features = rng.normal(size=len(FEATURES)).tolist()
            rows.append((decision, features, float(np.dot(truth, features)) + offset))
    fitted = fit_prior(rows, ridge=0.0)
    assert np.allclose(fitted.coefficients, truth, atol=1e-6)
    assert load_prior().coefficients.shape == (len(FEATURES),)


def test_lookahead_adds_the_gain_models_best_next_card_use(tmp_path) -> None:
    """`lookahead` adds its share of the gain model's best plain use of an action card from the position."""
    plan_file = tmp_path / "plan.toml"
    plan_file.write_text(PLANNER_FILE.read_text().replace("lookahead = 0.0", "lookahead = 0.5"))
    without, with_lookahead = PlannerBot(), PlannerBot(plan=str(plan_file))
    gain = load_prior(str(GAIN_FILE))
    game = midgame(8)
    readiness = partial(card_readiness, game, 0, w=without.plan)
    uses = [gain.score(prior_features(game, 0, ("act", card, 0), readiness)) for card in ACTION_CARDS]
    assert best_next_gain(game, 0, gain, readiness) == max(uses)
    assert with_lookahead.value(game, 0) == pytest.approx(without.value(game, 0) + 0.5 * max(uses))


def test_bad_prior_file_is_refused(tmp_path) -> None:
    bad = tmp_path / "prior.json"
    bad.write_text(json.dumps({"features": ["x"], "coefficients": [1.0]}))
    with pytest.raises(ValueError, match="retrain"):
        load_prior(str(bad))


def test_the_opening_keep_is_the_keep_modules() -> None:
    observation, decision = keep_decision(5)
    kept = choose_keep(observation, decision, random.Random(1))
    assert PlannerBot().choose(observation, decision, random.Random(1)) == kept
    ranked = PlannerBot().ranked(observation, decision, random.Random(1))  # a search's order starts there too
    assert ranked[0] == kept and sorted(ranked) == sorted(decision.options)


def test_sponsors_readiness_is_a_sponsor_up_to_its_strength_else_the_break_money() -> None:
    """Sponsors plays one sponsor of level at most its strength (upgraded: one more); without one the
    card is worth the break's money."""
    game = ready_game()
    game.players[0].hand = []
    to_hand(game, 0, SCHOOL_TOURS)
    plan = PlannerBot().plan
    gain = game.catalog.derived[sponsor_gains][SCHOOL_TOURS]
    assert gain > plan.break_money * 3
    assert card_readiness(game, 0, "sponsors", 3, plan) == gain
    assert card_readiness(game, 0, "sponsors", 2, plan) == pytest.approx(plan.break_money * 2)
    set_cards(game, 0, SPONSORS_LAST, upgraded=["sponsors"])
    assert card_readiness(game, 0, "sponsors", 2, plan) == gain
    assert card_readiness(game, 0, "sponsors", 1, plan) == pytest.approx(plan.break_money * 2)  # 2X money upgraded


def test_animals_readiness_needs_strength_two_an_enclosure_and_the_money() -> None:
    game = ready_game()
    player = game.players[0]
    player.hand = []
    to_hand(game, 0, FENNEC_FOX)
    plan = PlannerBot().plan
    clear_zoo(game, 0)
    player.money = 8
    assert card_readiness(game, 0, "animals", 5, plan) == 0.0  # no empty enclosure yet
    put(game, 0, "enclosure-1", [min(building_spaces(player.map_id))])
    gain = animal_gain(game.catalog.animals[FENNEC_FOX])
    assert card_readiness(game, 0, "animals", 2, plan) == gain
    assert card_readiness(game, 0, "animals", 1, plan) == 0.0
    player.money = 7
    assert card_readiness(game, 0, "animals", 2, plan) == 0.0


def test_a_sponsor_in_hand_is_worth_more_to_the_plan_when_sponsors_is_in_slot_five() -> None:
    game = ready_game()
    game.players[0].hand = []
    to_hand(game, 0, SCHOOL_TOURS)
    plan = PlannerBot().plan
    set_cards(game, 0, SPONSORS_LAST)
    assert hand_plan_gain(game, 0, SCHOOL_TOURS, plan) > 0
    assert game.players[0].hand == [SCHOOL_TOURS]  # the hand is left as it was
    hand_plan_gain(game, 0, QUARANTINE_LAB, plan)  # a card not held: tried in hand, then taken out again
    assert game.players[0].hand == [SCHOOL_TOURS]
    set_cards(game, 0, SPONSORS_FIRST)
    assert hand_plan_gain(game, 0, SCHOOL_TOURS, plan) == 0.0


def test_it_keeps_a_sponsor_for_the_turn_sponsors_reaches_slot_five(tmp_path) -> None:
    """Asked to discard the sponsor or a card the heuristic values a little more, the planner (its card plan
    weighed 5) keeps the sponsor while Sponsors lies in slot 5, and discards it as the heuristic does while
    Sponsors is in slot 1."""
    game = ready_game()
    player = game.players[0]
    player.hand = []
    to_hand(game, 0, QUARANTINE_LAB)
    plan_file = tmp_path / "plan.toml"
    plan_file.write_text(PLANNER_FILE.read_text().replace("card_plan = 1.0", "card_plan = 5.0"))
    bot = PlannerBot(plan=str(plan_file))
    set_cards(game, 0, SPONSORS_LAST)
    plan_gain = bot.plan.card_plan * hand_plan_gain(game, 0, QUARANTINE_LAB, bot.plan)
    sponsor_value = card_value(player, QUARANTINE_LAB)
    other = next(card for card in sorted(game.deck) if card not in game.catalog.sponsors
                 and sponsor_value < card_value(player, card) < sponsor_value + plan_gain)
    to_hand(game, 0, other)
    decision = Decision(0, "discard", (QUARANTINE_LAB, other))
    assert in_turn_choice(game, decision) == QUARANTINE_LAB
    assert bot.in_turn(game, decision) == other
    set_cards(game, 0, SPONSORS_FIRST)
    assert bot.in_turn(game, decision) == QUARANTINE_LAB


def test_no_sponsors_break_with_a_playable_sponsor_in_hand() -> None:
    """Sponsors at strength 5 with a level-3 sponsor in hand and little money: the sponsor, not the break."""
    game = ready_game()
    player = game.players[0]
    player.hand, player.money = [], 3
    to_hand(game, 0, SCHOOL_TOURS)
    set_cards(game, 0, SPONSORS_LAST)
    game.apply(("act", "sponsors", 0))
    decision = game.decision()
    assert decision.kind == "sponsors" and ("break",) in decision.options
    assert PlannerBot().choose(game.observation(0), decision, random.Random(0)) == (SCHOOL_TOURS, -1)


def test_a_search_on_the_planner_searches_among_its_best_ranked_options() -> None:
    """The search's root is narrowed to the planner's `width` best options (its `ranked`)."""
    planner = PlannerBot()
    search = SearchBot(rollout=planner, simulations=6, kinds="turn", turns=1, width=2)
    for seed in derive_seeds(27, 2):
        game = midgame(seed)
        decision = game.decision()
        best = planner.ranked(game.observation(0), decision, python_rng(seed))[:2]
        assert search.choose(game.observation(0), decision, python_rng(seed)) in best


def test_registered_names_and_bad_planner_files() -> None:
    assert isinstance(make_bot("experimental.planner", "arknova"), PlannerBot)
    v1 = make_bot("heuristic_v1", "arknova")
    assert type(v1) is HeuristicBot and v1.weights == HeuristicBot().weights
    assert isinstance(make_bot("experimental.planner_search", "arknova").rollout_bot, PlannerBot)
    with pytest.raises(RegistryError, match="unknown planner"):
        make_bot("experimental.planner:plan=nope", "arknova")
