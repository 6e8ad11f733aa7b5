"""The heuristic family's in-turn lookahead (`inturn`, `inturn_width`): an in-turn decision of a named kind is
answered by playing each option to the turn's end and valuing the outcome, the rule's choice winning ties;
other kinds, and options past the width, keep the in-turn rules. Checked on the Cards action's choice between
drawing from the deck and snapping a display card (rulebook: upgraded Cards, "snap" a card in reputation range),
where how many cards the hand holds at the turn's end tells the options apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from heuristics.arknova.bots.heuristic import HeuristicBot
from heuristics.arknova.parts.policy import in_turn_choice, in_turn_ranked
from sim.arknova.engine import ArkNovaGame
from sim.arknova.game import ArkNova
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.registry import RegistryError, make_bot

CARDS_MODE = "cards_mode"


class HandBot(HeuristicBot):
    """The heuristic with a value that only counts the hand: `sign` cards a card."""

    def __init__(self, sign: float, **parameters: Any) -> None:
        super().__init__(**parameters)
        self.sign = sign

    def value(self, state: ArkNovaGame, seat: int, progress: float | None = None) -> float:
        return self.sign * len(state.players[seat].hand)


def cards_mode_decision(min_options: int = 3) -> tuple[ArkNovaGame, Decision]:
    """A 2-player game of the default bots stopped at a Cards decision (draw or snap) with several options."""
    found: list[tuple[ArkNovaGame, Decision]] = []

    def first_cards_mode(state: Any, decision: Decision, choice: Any) -> None:
        if not found and decision.kind == CARDS_MODE and len(decision.options) >= min_options:
            found.append((state.copy(), decision))

    for seed in range(40):
        play_game(ArkNova().new_game({"players": 2, "maps": "random"}, seed), [HeuristicBot(), HeuristicBot()], seed,
                  listeners=[first_cards_mode])
        if found:
            return found[0]
    raise AssertionError("no Cards decision with several options in 40 games")


def hand_after(game: ArkNovaGame, decision: Decision, option: Any) -> int:
    """Cards in the deciding seat's hand once `option` and the rest of its turn are played by the rules."""
    return HandBot(1.0)._play_turn(game.copy(), option, decision.seat, 0.0)


def answer(bot: HeuristicBot, game: ArkNovaGame, decision: Decision) -> Any:
    return bot.choose(game.observation(decision.seat), decision, random.Random(3))


def test_a_named_kind_takes_the_option_whose_outcome_is_valued_highest() -> None:
    game, decision = cards_mode_decision()
    hands = {option: hand_after(game, decision, option) for option in decision.options}
    assert len(set(hands.values())) > 1   # drawing and snapping leave hands of different sizes
    most = answer(HandBot(1.0, inturn=CARDS_MODE), game, decision)
    fewest = answer(HandBot(-1.0, inturn=CARDS_MODE), game, decision)
    assert hands[most] == max(hands.values()) and hands[fewest] == min(hands.values())


def test_the_rules_choice_wins_ties_and_other_kinds_keep_the_rule() -> None:
    game, decision = cards_mode_decision()
    rule = in_turn_choice(game.observation(decision.seat), decision)
    assert answer(HandBot(0.0, inturn=CARDS_MODE), game, decision) == rule     # every outcome valued the same
    for sign in (1.0, -1.0):
        assert answer(HandBot(sign, inturn="take_card|animal_play"), game, decision) == rule
        assert answer(HandBot(sign), game, decision) == rule
    assert answer(HandBot(1.0, inturn=CARDS_MODE), game, decision) != rule   # so the kind is what kept the rule


def test_the_width_keeps_the_lookahead_to_the_rules_best_options() -> None:
    game, decision = cards_mode_decision(min_options=4)
    ranked = in_turn_ranked(game.observation(decision.seat), decision)
    hands = {option: hand_after(game, decision, option) for option in decision.options}
    for sign in (1.0, -1.0):
        for width in (1, 2, 3):
            chosen = answer(HandBot(sign, inturn=CARDS_MODE, inturn_width=width), game, decision)
            best = max(ranked[:width], key=lambda option: sign * hands[option])
            assert chosen == best
    assert answer(HandBot(-1.0, inturn=CARDS_MODE, inturn_width=1), game, decision) == ranked[0]


def test_the_rules_ranking_starts_with_the_rules_choice() -> None:
    """On every decision of a few games, `in_turn_ranked` is the options sorted by the rule, first its choice."""
    checked = []

    def ranking_holds(state: Any, decision: Decision, choice: Any) -> None:
        if decision.kind != "turn" and len(decision.options) > 1:
            ranked = in_turn_ranked(state, decision)
            assert ranked[0] == in_turn_choice(state, decision)
            assert sorted(ranked, key=repr) == sorted(decision.options, key=repr)
            checked.append(decision.kind)

    for seed in range(3):
        play_game(ArkNova().new_game({"players": 2, "maps": "random"}, seed), [HeuristicBot(), HeuristicBot()], seed,
                  listeners=[ranking_holds])
    assert len(checked) > 100


@pytest.mark.parametrize("spec, message", [
    ("distilled:inturn=cards", "unknown in-turn decision kind(s) cards; known: animal_play"),
    ("heuristic:inturn_width=-1", "inturn_width must be 0 (every option) or more, got -1"),
])
def test_bad_inturn_parameters_are_one_line_errors(spec: str, message: str) -> None:
    with pytest.raises(RegistryError, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        make_bot(spec, "arknova")
    assert "\n" not in str(error.value)
