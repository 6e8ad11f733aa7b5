"""The solo value (heuristics/arknova/parts/solo_value.py), the distilled bot's use of it in solo games, its value of a
finished game (its score: the rulebook's final scoring is all that is left), and the script that learns it
(scripts/data/train_solo_value.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from arknova.helpers import keep_decision, ready_game

from heuristics.archetypes import ArchetypeError
from heuristics.arknova.bots.distilled import DistilledBot, used_slot
from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.keep import choose_keep
from heuristics.arknova.parts.policy import finish_turn
from heuristics.arknova.parts.solo_value import ROUNDS, SOLO_FEATURES, fit_solo_value, load_solo_value, solo_value_path
from sim.arknova.tracks import score
from sim.core.play import play_game
from sim.core.registry import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts" / "data"))
import train_solo_value  # noqa: E402


def model_file(tmp_path: Path, intercepts: tuple[float, ...] = (0.0,) * ROUNDS, **coefficients: float) -> str:
    """A solo value file: the same coefficients in every round (0 unless given), the round's own intercept."""
    path = tmp_path / f"solo-{len(list(tmp_path.glob('solo-*.json')))}.json"  # one file per model: cached by path
    row = [coefficients.get(name, 0.0) for name in SOLO_FEATURES]
    path.write_text(json.dumps({"features": list(SOLO_FEATURES),
                                "rounds": [{"coefficients": row, "intercept": value} for value in intercepts]}))
    return str(path)


def solo_turn(seed: int, turns: int) -> Any:
    """A solo game after `turns` turns of random play, at its next turn decision."""
    game = ready_game(players=1, maps="random", seed=seed)
    rng = random.Random(seed)
    while game.players[0].turns < turns or game.decision().kind != "turn":
        game.apply(rng.choice(game.decision().options))
    return game


def test_a_finished_game_is_worth_its_score() -> None:
    """Money, cards and income left at the end score nothing: the distilled bot values a finished game at its
    score, where the heuristic still counts part of the promise."""
    record = play_game(ready_game(players=2, maps="random", seed=3), [make_bot("random", "arknova")] * 2, 3)
    game, bot = record.state, DistilledBot()
    assert game.is_over()
    for seat, player in enumerate(game.players):
        assert bot.value(game, seat) == score(player)
        assert HeuristicBot().value(game, seat) > score(player)


def test_solo_positions_are_valued_by_the_solo_model_of_their_round(tmp_path: Path) -> None:
    intercepts = (10.0, 20.0, 30.0, 40.0, 50.0, 60.0)
    bot = DistilledBot(solo_model=model_file(tmp_path, intercepts, score=2.0, turns=-1.0))
    for turns in (3, 8, 20):
        game = solo_turn(4, turns)
        player = game.players[0]
        assert bot.value(game, 0) == intercepts[game.breaks] + 2.0 * score(player) - player.turns
    game.breaks = ROUNDS  # beyond the last round: the last round's model
    assert bot.value(game, 0) == intercepts[-1] + 2.0 * score(player) - player.turns


def test_the_solo_model_values_neither_other_games_nor_finished_ones(tmp_path: Path) -> None:
    solo = DistilledBot(solo_model=model_file(tmp_path, (500.0,) * ROUNDS))
    two_players = ready_game(players=2, maps="random", seed=5)
    assert solo.value(two_players, 0) == DistilledBot(solo_model="").value(two_players, 0)
    game = solo_turn(5, 4)
    assert solo.value(game, 0) == 500.0
    record = play_game(game, [make_bot("random", "arknova")], 5)
    assert solo.value(record.state, 0) == score(record.state.players[0])


def test_a_solo_turn_is_chosen_by_the_solo_value(tmp_path: Path) -> None:
    """A solo model that counts only money (far above the `used_slot` credit) makes the bot take the turn that
    ends with the most money (played out here as the bot plays it); the bot without the solo model takes another."""
    greedy = DistilledBot(solo_model=model_file(tmp_path, money=100.0, money_above_cap=100.0), solo_horizon=1,
                          prune=False)
    game = solo_turn(6, 2)
    decision = game.decision()

    def money_after(option: Any) -> float:
        outcome = game.copy()
        outcome.apply(option)
        finish_turn(outcome, 80)
        return outcome.players[0].money

    richest = max(money_after(option) for option in decision.options)
    observation = game.observation(0)
    assert money_after(greedy.choose(observation, decision, random.Random(1))) == richest
    assert money_after(DistilledBot(solo_model="").choose(observation, decision, random.Random(1))) < richest


def test_a_solo_opening_keep_is_the_keep_modules() -> None:
    for seed in (1, 2, 3):
        observation, decision = keep_decision(seed, players=1)
        assert DistilledBot().choose(observation, decision, random.Random(seed)) == choose_keep(
            observation, decision, random.Random(seed))


def test_the_fit_recovers_each_rounds_final_score() -> None:
    rng = np.random.default_rng(7)
    features = rng.normal(size=(3000, len(SOLO_FEATURES)))
    rounds = np.arange(3000) % ROUNDS
    slopes = rng.normal(size=(ROUNDS, len(SOLO_FEATURES)))
    finals = np.einsum("ij,ij->i", features, slopes[rounds]) + 3.0 * rounds
    model, r_squared = fit_solo_value(features, rounds, finals, ridge=0.0, held_out=np.arange(3000) % 5 == 0)
    for index in range(ROUNDS):
        assert model.coefficients[index] == pytest.approx(slopes[index], abs=1e-9)
        assert model.intercepts[index] == pytest.approx(3.0 * index, abs=1e-9)
    assert r_squared == pytest.approx([1.0] * ROUNDS)
    with pytest.raises(ValueError, match="no positions of round 6"):
        fit_solo_value(features, np.minimum(rounds, ROUNDS - 2), finals, ridge=1.0)


def test_bad_solo_value_files_are_one_line_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"features": ')
    with pytest.raises(ArchetypeError, match="cannot read solo value file"):
        load_solo_value(str(broken))
    short = tmp_path / "short.json"
    short.write_text(json.dumps({**json.loads(Path(model_file(tmp_path)).read_text()), "rounds": []}))
    with pytest.raises(ArchetypeError, match="other features or rounds"):
        load_solo_value(str(short))
    good = json.loads(Path(model_file(tmp_path)).read_text())
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**good, "features": good["features"][::-1]}))
    with pytest.raises(ArchetypeError, match="other features or rounds"):
        load_solo_value(str(other))
    no_intercept = tmp_path / "no_intercept.json"
    no_intercept.write_text(json.dumps({**good, "rounds": [{"coefficients": row["coefficients"]} for row in good["rounds"]]}))
    with pytest.raises(ArchetypeError, match="cannot read solo value file .*intercept"):
        load_solo_value(str(no_intercept))
    with pytest.raises(ArchetypeError, match="unknown solo value model 'nope'; shipped: default"):
        solo_value_path("nope")


def test_training_plays_rounds_each_valued_by_the_last_and_records_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "solo.json"
    monkeypatch.setattr(sys, "argv", ["train_solo_value.py", "--rounds", "2", "--games", "10", "--jobs", "1",
                                      "--seed", "9", "--out", str(out)])
    train_solo_value.main()
    table = json.loads(out.read_text())
    load_solo_value(str(out))
    rounds = table["trained"]["rounds"]
    assert [entry["seed"] for entry in rounds] == [9, 10]
    assert "multiplayer value" in rounds[0]["bot"] and "rounds before" in rounds[1]["bot"]
    assert table["trained"]["positions"] >= 2 * 10 * 27  # a solo game has 27 turns
    assert "written to" in capsys.readouterr().out
    monkeypatch.setattr(sys, "argv", ["train_solo_value.py", "--games", "9", "--out", str(out)])
    with pytest.raises(SystemExit):
        train_solo_value.main()


@pytest.mark.parametrize("credit", [100.0, -100.0])
def test_the_solo_used_slot_credit_turns_the_choice_to_the_strongest_or_weakest_card(tmp_path: Path,
                                                                                    credit: float) -> None:
    """With a solo value that is 0 everywhere, only the credit per slot of the action card used decides: a large
    one takes an option of the highest slot, a large negative one of the lowest (an X-token option uses none)."""
    bot = DistilledBot(solo_model=model_file(tmp_path), solo_used_slot=credit, solo_horizon=1, prune=False)
    for seed in (7, 8):
        game = solo_turn(seed, 3)
        decision = game.decision()
        observation = game.observation(0)
        slots = [used_slot(observation, 0, option) for option in decision.options]
        chosen = used_slot(observation, 0, bot.choose(observation, decision, random.Random(seed)))
        assert chosen == (max(slots) if credit > 0 else min(slots))
