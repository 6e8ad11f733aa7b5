"""The distilled bot (heuristics/arknova/bots/distilled.py), its position features (heuristics/arknova/parts/features.py)
and the conditional-logit fit that learns its correction from the search's choices
(scripts/data/train_distilled.py). Card facts from the card data: Fennec Fox costs 8 and needs a standard
enclosure of size 1, with no condition."""

from __future__ import annotations

import json
import random
import sys
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from arknova.helpers import building_spaces, clear_zoo, keep_decision, legal_game, midgame, put, ready_game, set_cards, to_hand

from heuristics.archetypes import ArchetypeError
from heuristics.arknova.bots.distilled import OUTCOME_FEATURES, DistilledBot, load_correction, model_path, used_slot
from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.evaluation import default_weights
from heuristics.arknova.parts.features import FEATURES, position_features
from heuristics.arknova.parts.keep import choose_keep
from sim.core.registry import make_bot
from sim.core.seeds import derive_seeds, python_rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "data"))
import train_distilled  # noqa: E402

FENNEC_FOX = 405
ORDER = ("build", "association", "sponsors", "cards", "animals")  # slots 1-5


def feature(game: Any, name: str) -> float:
    return position_features(game, 0, default_weights())[FEATURES.index(name)]


def model_file(tmp_path: Path, **coefficients: float) -> str:
    """A distilled model: the value's coefficient 1, the others 0 unless given (one file per model: the
    models are cached by path)."""
    path = tmp_path / f"model-{len(list(tmp_path.glob('model-*.json')))}.json"
    path.write_text(json.dumps({"features": list(OUTCOME_FEATURES),
                                "coefficients": [coefficients.get(name, 1.0 if name == "value" else 0.0)
                                                 for name in OUTCOME_FEATURES]}))
    return str(path)


def full_lookahead(**parameters: Any) -> DistilledBot:
    """A distilled bot that plays every option out, as `HeuristicBot()` does (no pruning, no bounds)."""
    return DistilledBot(prune=False, bounds="", **parameters)


def test_money_splits_at_the_heuristics_cap() -> None:
    game = ready_game()
    game.break_position = 0  # no share of the coming income
    cap = default_weights().money_cap
    game.players[0].money = cap
    assert (feature(game, "money"), feature(game, "money_above_cap")) == (cap, 0)
    game.players[0].money = cap + 1
    assert (feature(game, "money"), feature(game, "money_above_cap")) == (cap, 1)


def test_an_animal_is_ready_with_its_enclosure_and_its_cost_and_short_one_coin_below() -> None:
    game = ready_game()
    player = game.players[0]
    player.hand = []
    to_hand(game, 0, FENNEC_FOX)
    clear_zoo(game, 0)
    player.money = 8
    fox = game.catalog.animals[FENNEC_FOX]
    gain = fox.appeal + 2 * fox.cp + fox.reputation
    assert feature(game, "animals_homeless") == gain and feature(game, "animals_ready") == 0  # no enclosure
    put(game, 0, "enclosure-1", [min(building_spaces(player.map_id))])
    assert feature(game, "animals_ready") == gain and feature(game, "animals_homeless") == 0
    player.money = 7
    assert feature(game, "animals_short_of_money") == gain and feature(game, "animals_ready") == 0


def test_each_action_cards_slot_and_side() -> None:
    game = ready_game()
    set_cards(game, 0, ORDER, upgraded=("cards",))
    for slot, card in enumerate(ORDER, start=1):
        assert feature(game, f"slot_{card}") == slot
        assert feature(game, f"upgraded_{card}") == (card == "cards")


def test_the_value_is_the_heuristics_plus_the_correction_of_score_and_features(tmp_path: Path) -> None:
    """A correction of 2 points per coin below the cap adds exactly twice that money to the heuristic's value;
    the slot's coefficient joins the `used_slot` credit."""
    game = midgame(3)
    heuristic = HeuristicBot()
    money = full_lookahead(model=model_file(tmp_path, money=2.0, used_slot=-1.5))
    expected = heuristic.value(game, 0, 0.3) + 2.0 * feature(game, "money")
    assert money.value(game, 0, 0.3) == pytest.approx(expected)
    assert money.weights.used_slot == heuristic.weights.used_slot - 1.5
    assert full_lookahead(model=model_file(tmp_path)).value(game, 0, 0.3) == heuristic.value(game, 0, 0.3)


def test_a_zero_correction_plays_as_the_heuristic(tmp_path: Path) -> None:
    plain = full_lookahead(model=model_file(tmp_path))
    for seed in derive_seeds(5, 3):
        game = midgame(seed)
        decision = game.decision()
        observation = game.observation(decision.seat)
        assert plain.ranked(observation, decision, python_rng(seed)) == HeuristicBot().ranked(
            observation, decision, python_rng(seed))


def test_a_slot_penalty_turns_the_choice_to_a_lower_slot(tmp_path: Path) -> None:
    """With a heavy penalty on the slot used, the bot takes an option using the lowest slot (an X-token option
    uses none); the heuristic, with its `used_slot` credit, acts from a higher one."""
    penalty = full_lookahead(model=model_file(tmp_path, used_slot=-100.0))
    for seed in derive_seeds(5, 3):
        game = midgame(seed)
        decision = game.decision()
        observation = game.observation(decision.seat)
        slot_of = partial(used_slot, observation, decision.seat)
        lowest = min(slot_of(option) for option in decision.options)
        assert slot_of(penalty.choose(observation, decision, python_rng(seed))) == lowest
        assert slot_of(HeuristicBot().choose(observation, decision, python_rng(seed))) > lowest


def test_the_opening_keep_is_the_keep_modules() -> None:
    observation, decision = keep_decision(5)
    assert DistilledBot().choose(observation, decision, random.Random(1)) == choose_keep(
        observation, decision, random.Random(1))


def test_bad_models_are_one_line_errors(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"features": ["value", "score"], "coefficients": [1.0, 0.0]}))
    with pytest.raises(ArchetypeError, match="other features"):
        load_correction(str(wrong))
    renamed = tmp_path / "renamed.json"  # as many coefficients as features, but not these features
    renamed.write_text(json.dumps({"features": list(OUTCOME_FEATURES[::-1]), "coefficients": [1.0] * len(OUTCOME_FEATURES)}))
    with pytest.raises(ArchetypeError, match="other features"):
        load_correction(str(renamed))
    broken = tmp_path / "broken.json"
    broken.write_text('{"features": ')
    with pytest.raises(ArchetypeError, match="cannot read model file"):
        load_correction(str(broken))
    with pytest.raises(ArchetypeError, match="unknown distilled model 'nope'; shipped: round2, round3, search"):
        model_path("nope")
    with pytest.raises(ArchetypeError, match="fitted for another evaluation"):
        DistilledBot(bounds="default")  # the heuristic's bounds do not hold for the corrected value


@pytest.mark.parametrize("players", [1, 2, 4])
def test_distilled_bots_play_legal_deterministic_games(players: int) -> None:
    def bots(count: int) -> list[Any]:
        return [make_bot("default", "arknova") for _ in range(count)]

    assert legal_game(players, 60 + players, bots) == legal_game(players, 60 + players, bots)


def synthetic_decisions(rng: np.random.Generator, count: int) -> train_distilled.Decisions:
    """Decisions whose chosen option is the best by value + 2 x score - 1 x used slot."""
    truth = np.zeros(len(OUTCOME_FEATURES))
    truth[[0, 1, 2]] = [1.0, 2.0, -1.0]
    decisions = []
    for _ in range(count):
        rows = rng.normal(size=(6, len(OUTCOME_FEATURES))) * 3
        utility = rows @ truth + rng.gumbel(size=6) * 0.3
        decisions.append((rows, utility == utility.max()))
    return decisions


def test_the_fit_recovers_the_choosers_utility() -> None:
    decisions = synthetic_decisions(np.random.default_rng(0), 400)
    scale = np.ones(len(OUTCOME_FEATURES))
    beta = train_distilled.fit(decisions, scale)
    assert beta[1] / beta[0] == pytest.approx(2.0, rel=0.2)
    assert beta[2] / beta[0] == pytest.approx(-1.0, rel=0.2)
    assert np.abs(beta[3:] / beta[0]).max() < 0.2
    assert train_distilled.agreement(beta, decisions, scale) > 0.9
    value_only = np.zeros_like(beta)
    value_only[0] = 1.0
    assert train_distilled.agreement(value_only, decisions, scale) < 0.6


def test_the_loss_is_each_decisions_log_share_and_its_gradient_the_slope() -> None:
    rng = np.random.default_rng(3)
    decisions = synthetic_decisions(rng, 30)
    decisions[0] = (decisions[0][0][:2], np.array([False, True]))   # decisions of different sizes
    scale = rng.uniform(0.5, 2.0, len(OUTCOME_FEATURES))
    beta = rng.normal(size=len(OUTCOME_FEATURES))
    loss, gradient = train_distilled.negative_log_likelihood(beta, train_distilled.Packed(decisions, scale))
    expected = sum(np.log(np.exp((rows / scale) @ beta).sum()) - ((rows / scale) @ beta)[chosen].sum()
                   for rows, chosen in decisions)
    assert loss == pytest.approx(expected + train_distilled.RIDGE * (beta[1:] @ beta[1:]), rel=1e-9)
    step = 1e-6
    for index in (0, 1, 7):
        moved = beta.copy()
        moved[index] += step
        slope = (train_distilled.negative_log_likelihood(moved, train_distilled.Packed(decisions, scale))[0]
                 - loss) / step
        assert gradient[index] == pytest.approx(slope, rel=1e-4, abs=1e-4)


def test_labelled_files_of_other_features_are_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "g1.npz", X=np.zeros((3, 4)), y=np.array([1, 0, 0]), g=np.zeros(3))
    with pytest.raises(SystemExit, match="label it again"):
        train_distilled.read_decisions(tmp_path)


def test_labelling_rolls_out_with_the_named_bot_and_refuses_an_unknown_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert type(train_distilled.Labeller(1, "heuristic_v1").search.rollout_bot) is HeuristicBot
    assert type(train_distilled.Labeller(1, "distilled").search.rollout_bot) is DistilledBot
    monkeypatch.setattr(sys, "argv", ["train_distilled.py", "label", "--rollout", "no_such_bot",
                                      "--out", str(tmp_path / "labels")])
    with pytest.raises(SystemExit):
        train_distilled.main()
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--rollout:" in error and "no_such_bot" in error
    assert not (tmp_path / "labels").exists()


def write_labelled(folder: Path, seed: int, decisions: train_distilled.Decisions, **labelled_with: Any) -> None:
    """One labelled game file of `decisions`, and the folder's labelling manifest when given."""
    folder.mkdir(exist_ok=True)
    train_distilled.write_decisions(folder / f"g{seed}.npz", decisions)
    if labelled_with:
        (folder / train_distilled.LABELLING).write_text(json.dumps(labelled_with))


def test_a_fit_over_two_rounds_records_what_labelled_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(1)
    write_labelled(tmp_path / "one", 7, synthetic_decisions(rng, 40), rollout="heuristic_v1", simulations=120)
    write_labelled(tmp_path / "two", 9, synthetic_decisions(rng, 30), rollout="distilled", simulations=120)
    write_labelled(tmp_path / "two", 8, synthetic_decisions(rng, 30))
    monkeypatch.setattr(train_distilled, "DISTILLED_DIR", tmp_path / "models")
    train_distilled.fit_command([tmp_path / "one", tmp_path / "two"], "round2")
    trained = json.loads((tmp_path / "models" / "round2.json").read_text())["trained"]
    assert trained["decisions"] == 100 and trained["games"] == 3
    assert trained["sources"] == [{"rollout": "heuristic_v1", "simulations": 120, "seeds": [7]},
                                  {"rollout": "distilled", "simulations": 120, "seeds": [8, 9]}]
    assert trained["agreement"] > trained["heuristic_agreement"] + 0.3  # it learned the score and the slot


def test_labelling_never_mixes_rollouts_in_one_folder(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    write_labelled(tmp_path / "round", 1, synthetic_decisions(rng, 3), rollout="heuristic_v1", simulations=120)
    with pytest.raises(SystemExit, match="another folder"):
        train_distilled.label_command(2, 1, 120, "distilled", tmp_path / "round", jobs=1)
    with pytest.raises(SystemExit, match="another folder"):
        train_distilled.label_command(2, 1, 60, "heuristic_v1", tmp_path / "round", jobs=1)
    write_labelled(tmp_path / "unknown", 1, synthetic_decisions(rng, 3))
    with pytest.raises(SystemExit, match="another folder"):
        train_distilled.label_command(2, 1, 120, "heuristic_v1", tmp_path / "unknown", jobs=1)
    with pytest.raises(SystemExit, match="no labelling.json"):
        train_distilled.fit_command([tmp_path / "unknown"], "x")
    assert sorted(path.name for path in (tmp_path / "round").iterdir()) == ["g1.npz", "labelling.json"]
