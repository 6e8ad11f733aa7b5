"""The search bot: legal and reproducible choices, its budget, no peeking at hidden information,
and play strength, on Ark Nova and on a toy game defined here (proof that it is game-agnostic)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from bots.scripts import load_script
from heuristics.random_bot import RandomBot
from heuristics.search import SearchBot, value_margins
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.protocols import GameState, SeatResult
from sim.core.registry import RegistryError, get_game, make_bot


@dataclass
class Nim:
    """One pile; a player takes 1-3 stones; whoever takes the last stone wins. Each seat also
    holds a secret hand dealt from a deck: the hands decide nothing, but they are hidden."""

    stones: int
    to_move: int = 0
    deck: list[int] = field(default_factory=lambda: list(range(10)))
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    determinized: int = 0  # how often a bot asked for a determinization (counted on the real game)

    def decision(self) -> Decision:
        return Decision(self.to_move, "take", tuple(range(1, min(3, self.stones) + 1)))

    def apply(self, option: Any) -> None:
        assert option in self.decision().options, option
        self.stones -= option
        self.to_move = 1 - self.to_move

    def is_over(self) -> bool:
        return self.stones == 0

    def results(self) -> list[SeatResult]:
        winner = 1 - self.to_move  # the seat that took the last stone
        return [SeatResult(seat, 1.0 if seat == winner else 0.0, 1 if seat == winner else 2, {}) for seat in (0, 1)]

    def observation(self, seat: int) -> "NimView":
        return NimView(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> "Nim":
        """The other hand and the deck re-dealt from their (sorted) pool: the result depends on
        what `seat` sees and on `rng` only."""
        self.determinized += 1
        other = 1 - seat
        pool = sorted(self.deck + self.hands[other])
        rng.shuffle(pool)
        hands = [list(hand) for hand in self.hands]
        hands[other], deck = pool[:len(self.hands[other])], pool[len(self.hands[other]):]
        return Nim(self.stones, self.to_move, deck, hands)

    def copy(self) -> "Nim":
        return Nim(self.stones, self.to_move, list(self.deck), [list(hand) for hand in self.hands])


class NimView:
    """A seat's observation: the pile and its own hand; reading anything hidden fails."""

    def __init__(self, game: Nim, seat: int) -> None:
        self._game, self.seat = game, seat

    @property
    def stones(self) -> int:
        return self._game.stones

    @property
    def hand(self) -> list[int]:
        return list(self._game.hands[self.seat])

    def determinize(self, rng: random.Random) -> Nim:
        return self._game.determinize(self.seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name} is hidden from seat {self.seat}")


def nim(stones: int, hands: tuple[list[int], list[int]] = ([0, 1], [2, 3]), deck: list[int] | None = None) -> Nim:
    return Nim(stones, 0, deck if deck is not None else [4, 5, 6, 7, 8, 9], [list(hands[0]), list(hands[1])])


def choose(bot: SearchBot, game: Nim, seed: int = 1) -> Any:
    return bot.choose(game.observation(game.to_move), game.decision(), random.Random(seed))


class NimValue(RandomBot):
    """A random rollout bot that can also judge a Nim position: a multiple of 4 left to the
    seat to move loses."""

    def value(self, state: Nim, seat: int) -> float:
        losing_for_mover = state.stones % 4 == 0
        return 1.0 if (state.to_move == seat) != losing_for_mover else 0.0


def test_the_toy_game_follows_the_protocol() -> None:
    assert isinstance(nim(5), GameState)


@pytest.mark.parametrize("stones, winning", [(5, 1), (6, 2), (7, 3), (9, 1), (11, 3)])
def test_search_finds_the_winning_nim_move(stones: int, winning: int) -> None:
    assert choose(SearchBot(simulations=600), nim(stones)) == winning


def test_search_wins_nim_against_random_from_a_won_position() -> None:
    wins = 0
    for seed in range(10):
        game = nim(13)  # 13 = 4*3 + 1: the first player wins with perfect play
        record = play_game(game, [SearchBot(simulations=300), RandomBot()], seed)
        wins += record.results[0].rank == 1
    assert wins == 10


def test_truncated_simulations_use_the_rollout_bots_value_and_stop_after_the_turn() -> None:
    bot = SearchBot(simulations=40, rollout=NimValue(), turns=1, prior=0.0)
    assert bot.evaluate is not None
    game = nim(21)
    assert choose(bot, game) == 1  # 21 - 1 = 20 leaves a multiple of 4: only the evaluator can know
    assert bot.last_simulations == 40


def test_the_heuristic_choice_is_kept_without_evidence_against_it() -> None:
    """With a strong prior and few simulations the rollout bot's own choice stands; a random
    rollout bot (no `value`) gets no prior."""
    class Stubborn(NimValue):
        def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
            return decision.options[0]

    assert choose(SearchBot(simulations=12, rollout=Stubborn(), prior=100.0), nim(7)) == 1
    assert choose(SearchBot(simulations=200, rollout=Stubborn(), prior=0.0), nim(7)) == 3
    assert SearchBot(rollout="random", prior=5.0).prior == 0.0


class Ranking(NimValue):
    """A rollout bot that ranks Nim's options in a fixed order of preference."""

    def __init__(self, order: tuple[int, ...]) -> None:
        self.order = order

    def ranked(self, observation: Any, decision: Decision, rng: random.Random) -> list[Any]:
        return sorted(decision.options, key=self.order.index)


def test_a_width_keeps_only_the_rollout_bots_best_ranked_options_at_the_root() -> None:
    """From 7 stones only taking 3 wins; ranked last, a width of 2 never tries it."""
    searched = [SearchBot(simulations=200, rollout=Ranking((1, 2, 3)), prior=0.0, width=width)
                for width in (0, 1, 2, 3)]
    everything, first_only, two, three = (choose(bot, nim(7)) for bot in searched)
    assert everything == 3 and three == 3
    assert first_only == 1 and two in (1, 2)
    assert choose(SearchBot(simulations=200, rollout=Ranking((3, 1, 2)), prior=0.0, width=1), nim(7)) == 3


def test_a_width_needs_a_rollout_bot_that_ranks() -> None:
    with pytest.raises(ValueError, match="width needs a rollout bot that ranks options"):
        SearchBot(rollout="random", width=2)
    with pytest.raises(ValueError, match="width >= 0"):
        SearchBot(width=-1)


def test_a_decision_with_one_option_is_never_searched() -> None:
    game = nim(1)
    bot = SearchBot(simulations=50)
    assert choose(bot, game) == 1
    assert game.determinized == 0


def test_the_simulation_budget_is_counted() -> None:
    for simulations in (1, 7, 64):
        game = nim(10)
        bot = SearchBot(simulations=simulations)
        choose(bot, game)
        assert bot.last_simulations == simulations
        assert game.determinized == simulations  # one determinization per simulation


def test_the_time_budget_stops_the_search() -> None:
    game = nim(40)
    bot = SearchBot(simulations=0, ms=30)
    start = time.perf_counter()
    assert choose(bot, game) in (1, 2, 3)
    assert time.perf_counter() - start < 0.5
    assert 0 < bot.last_simulations == game.determinized


def test_no_simulation_starts_that_would_overrun_the_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    simulate = SearchBot._simulate

    def simulate_for_a_tenth_of_a_second(self: SearchBot, *args: Any) -> None:
        clock[0] += 0.1
        simulate(self, *args)

    monkeypatch.setattr("heuristics.search.perf_counter", lambda: clock[0])
    monkeypatch.setattr(SearchBot, "_simulate", simulate_for_a_tenth_of_a_second)
    bot = SearchBot(simulations=0, ms=250)
    choose(bot, nim(40))
    assert bot.last_simulations == 2  # a third would end at 0.3 s, past the 0.25 s budget
    assert clock[0] <= 0.25


def test_bad_budgets_and_rollout_bots_are_refused() -> None:
    with pytest.raises(RegistryError, match="simulations >= 1 or ms > 0"):
        make_bot("search:simulations=0")
    with pytest.raises(ValueError, match="turns >= 1"):  # the bot itself: make_bot turns it into a RegistryError
        SearchBot(turns=0)
    with pytest.raises(RegistryError, match="^bad parameters for bot 'search': it needs turns >= 1$"):
        make_bot("search:turns=0")
    with pytest.raises(RegistryError, match="unknown bot 'nobody'"):
        make_bot("search:rollout=nobody")


def test_search_is_deterministic_for_a_seed() -> None:
    choices = {seed: [choose(SearchBot(simulations=30), nim(stones), seed) for stones in range(4, 30)]
               for seed in (1, 2)}
    assert choices[1] == [choose(SearchBot(simulations=30), nim(stones), 1) for stones in range(4, 30)]
    assert choices[1] != choices[2]  # the rng does drive the search


def test_search_sees_hidden_information_only_through_determinize() -> None:
    """The observation refuses the hidden hand and deck; two games that differ only there give
    the same choices, because the bot reads them only from its own determinizations."""
    for stones in range(4, 20):
        first = nim(stones, hands=([0, 1], [2, 3]), deck=[4, 5, 6, 7, 8, 9])
        second = nim(stones, hands=([0, 1], [9, 8]), deck=[7, 6, 5, 4, 3, 2])
        assert choose(SearchBot(simulations=40), first, 3) == choose(SearchBot(simulations=40), second, 3)
    with pytest.raises(AttributeError, match="hidden"):
        _ = nim(5).observation(0).deck


def test_search_needs_an_observation_that_can_determinize() -> None:
    with pytest.raises(TypeError, match="determinize"):
        SearchBot(simulations=5).choose(object(), nim(5).decision(), random.Random(0))


@pytest.fixture(scope="module")
def arknova() -> Any:
    return get_game("arknova")


def test_search_plays_legal_ark_nova_options_from_the_seat_observation(arknova: Any) -> None:
    game = arknova.new_game(arknova.validate({"players": 2, "maps": "random"}), 11)
    bot = make_bot("search:simulations=6,rollout=random")
    rng = random.Random(0)
    searched = 0
    while searched < 12:
        decision = game.decision()
        option = decision.options[0]
        if len(decision.options) > 1:
            observation = game.observation(decision.seat)
            with pytest.raises(AttributeError):
                _ = observation.deck  # the bot gets the same view: the deck is hidden
            option = bot.choose(observation, decision, rng)
            assert option in decision.options
            assert bot.last_simulations == 6
            searched += 1
        game.apply(option)


def test_search_is_deterministic_on_ark_nova(arknova: Any) -> None:
    config = arknova.validate({"players": 2, "maps": "random"})

    def first_choices(seed: int) -> list[Any]:
        game, bot, rng, choices = arknova.new_game(config, 5), SearchBot(simulations=8, rollout="random"), random.Random(seed), []
        while len(choices) < 6:
            decision = game.decision()
            option = decision.options[0]
            if len(decision.options) > 1:
                option = bot.choose(game.observation(decision.seat), decision, rng)
                choices.append(option)
            game.apply(option)
        return choices

    assert first_choices(1) == first_choices(1)


def test_search_beats_random_on_ark_nova(arknova: Any) -> None:
    config = arknova.validate({"players": 2, "maps": "random"})
    wins = 0
    for game_number in range(4):
        seat = game_number % 2
        bots = [make_bot("search:simulations=10,rollout=heuristic_v2"), RandomBot()]
        if seat:
            bots.reverse()
        record = play_game(arknova.new_game(config, 40 + game_number), bots, 40 + game_number)
        assert record.status == "finished"
        wins += record.results[seat].rank == 1
    assert wins == 4


def test_search_limited_to_some_kinds_leaves_the_others_to_the_rollout_bot(arknova: Any) -> None:
    game = arknova.new_game(arknova.validate({"players": 2, "maps": "random"}), 12)
    search = make_bot("search:simulations=4,rollout=heuristic_v2,kinds=turn")
    heuristic = make_bot("heuristic_v2", "arknova")
    kinds_seen = set()
    while len(kinds_seen) < 4 and not game.is_over():
        decision = game.decision()
        option = decision.options[0]
        if len(decision.options) > 1:
            observation = game.observation(decision.seat)
            option = search.choose(observation, decision, random.Random(3))
            assert search.last_simulations == (4 if decision.kind == "turn" else 0)
            if decision.kind != "turn":
                assert option == heuristic.choose(observation, decision, random.Random(3))
            kinds_seen.add(decision.kind)
        game.apply(option)
    assert "turn" in kinds_seen and len(kinds_seen) == 4


def test_the_heuristic_ranks_a_turn_with_its_own_choice_first(arknova: Any) -> None:
    game = arknova.new_game(arknova.validate({"players": 2, "maps": "random"}), 23)
    heuristic = make_bot("heuristic_v2", "arknova")
    ranked_turns = 0
    while ranked_turns < 5:
        decision = game.decision()
        observation = game.observation(decision.seat)
        if len(decision.options) > 1:
            ranked = heuristic.ranked(observation, decision, random.Random(4))
            assert sorted(map(repr, ranked)) == sorted(map(repr, decision.options))
            assert ranked[0] == heuristic.choose(observation, decision, random.Random(4))
            ranked_turns += decision.kind == "turn"
        game.apply(heuristic.choose(observation, decision, random.Random(4)))


def test_default_search_is_the_ark_nova_preset_within_its_time_budget(arknova: Any) -> None:
    bot = make_bot("default_search")
    assert isinstance(bot, SearchBot) and bot.kinds == {"turn"} and bot.turns == 3
    assert bot.simulations == 200 and bot.seconds == 0.9 and bot.evaluate is not None
    assert bot.width == 5 and bot.rank is not None and bot.scale == 15.0
    assert make_bot("default_search:simulations=5").simulations == 5  # the preset takes parameters
    game = arknova.new_game(arknova.validate({"players": 2, "maps": "random"}), 21)
    decision = game.decision()
    while decision.kind != "turn" or len(decision.options) < 2:
        game.apply(decision.options[0])
        decision = game.decision()
    started = time.perf_counter()
    option = bot.choose(game.observation(decision.seat), decision, random.Random(1))
    assert option in decision.options and 0 < bot.last_simulations <= 200
    assert time.perf_counter() - started < 0.9 + 0.25  # the cap, plus slack for a loaded test machine


def calibration_script() -> Any:
    return load_script("data", "calibrate_search_scale")


def test_the_scale_calibration_recovers_the_scale_wins_were_drawn_with() -> None:
    """Wins drawn with P(win) = sigmoid(margin / 12) give back a scale of about 12, inside its interval."""
    rng = np.random.default_rng(5)
    margin = rng.normal(0, 20, 20_000)
    won = (rng.random(margin.size) < 1 / (1 + np.exp(-margin / 12))).astype(float)
    scale, low, high = calibration_script().fitted_scale(margin, np.where(np.arange(margin.size) < 50, 0.5, won))
    assert low < 12 < high and abs(scale - 12) < 0.6 and high - low < 2


def test_value_margins_are_each_seats_lead_over_its_best_rival() -> None:
    assert value_margins({0: 10.0, 1: 4.0, 2: 7.5}) == {0: 2.5, 1: -6.0, 2: -2.5}
    assert value_margins({1: 3.0}) == {1: 3.0}


def test_the_scale_calibration_reads_margins_and_wins_of_a_played_game() -> None:
    rows = calibration_script().margins_of_one_game("arknova", {"maps": "random"}, "default", 2, "turn", 3)
    shares, margins, wins = zip(*rows)
    assert shares[0] == 0 and all(0 <= share < 1 for share in shares) and list(shares) == sorted(shares)
    assert set(wins) <= {0.0, 0.5, 1.0} and 0 < sum(wins) < len(wins)
    assert len(rows) > 50 and any(margin > 0 for margin in margins) and any(margin < 0 for margin in margins)
