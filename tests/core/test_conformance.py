"""The conformance kit (`sim.core.testing.check_game`) on every registered game and on the toy, and
on toy variants that each break one contract: the kit must catch every one of them."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from toygame.game import ToyGame
from toygame.observation import ToyObservation
from toygame.state import ToyState

from sim.core.protocols import GameTables, Rows, SeatResult
from sim.core.registry import available_games, get_game
from sim.core.testing import CHECKS, check_game


@pytest.mark.parametrize("name", available_games())
def test_every_registered_game_keeps_the_contracts(name: str) -> None:
    factory = get_game(name)
    summary = check_game(factory, options=factory.info.study_options,
                         checks=[check for check in CHECKS if check != "observations"])
    info = factory.info
    assert summary.players == tuple(range(info.min_players, info.max_players + 1))
    assert summary.samples >= 3 * len(summary.players) and summary.forks >= len(summary.players)


@pytest.mark.parametrize("name", available_games())
def test_every_registered_game_keeps_its_observations_private(name: str) -> None:
    factory = get_game(name)
    assert check_game(factory, options=factory.info.study_options, checks=["observations"]).samples > 0


def test_the_toy_keeps_every_contract() -> None:
    summary = check_game(ToyGame(), games=8, every=3)
    assert summary.players == (2, 3, 4)
    assert summary.games == 3 * 8 + 3 * 2, "every game, and two replays per player count"
    assert summary.samples > summary.games and summary.forks == 2 * 3 * 8, "a copy and a determinized game each"


def test_the_decision_cap_is_a_bound_on_each_game() -> None:
    factory = ToyGame()
    length = check_game(factory, players=[2], games=1, checks=["rules"]).decisions
    assert check_game(factory, players=[2], games=1, checks=["rules"], max_decisions=length).games == 1
    with pytest.raises(AssertionError, match=f"not over after {length - 1} decisions"):
        check_game(factory, players=[2], games=1, checks=["rules"], max_decisions=length - 1)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown check"):
        check_game(ToyGame(), checks=["rules", "speed"])
    with pytest.raises(AssertionError, match="5 players is outside the game's range 2-4"):
        check_game(ToyGame(), players=[5])


# ----------------------------------------------------------------------------- broken toys


def playing(state_class: type[ToyState]) -> ToyGame:
    """A toy factory whose games are `state_class` (a ToyState subclass without slots of its own)."""

    class Factory(ToyGame):
        def new_game(self, config: Mapping[str, Any], seed: int) -> ToyState:
            state = super().new_game(config, seed)
            state.__class__ = state_class
            return state

    return Factory()


class KeptView(ToyObservation):
    """An observation whose determinized games stay of the broken class that made it, so that they
    are observed the same (broken) way."""

    __slots__ = ()
    state_class: type[ToyState] = ToyState

    def determinize(self, rng: random.Random) -> ToyState:
        game = super().determinize(rng)
        game.__class__ = self.state_class
        return game


class CopySharesTheDeck(ToyState):
    __slots__ = ()

    def copy(self) -> ToyState:
        other = super().copy()
        other.deck = self.deck
        return other


class CopyRestartsTheRounds(ToyState):
    __slots__ = ()

    def copy(self) -> ToyState:
        other = super().copy()
        other.round = 0
        return other


@dataclasses.dataclass(frozen=True)
class FrozenBox:
    """A frozen dataclass around a list: the box refuses assignment, the list in it still changes (the kit
    walks a frozen value once only when nothing in it can change)."""

    cards: list[int]


class CopySharesTheDeckInAFrozenBox(ToyState):
    """Its copy keeps the original's deck in a frozen box (in `plays`, unused without history)."""

    __slots__ = ()

    def copy(self) -> ToyState:
        other = super().copy()
        if self.plays is None:
            other.plays = FrozenBox(self.deck)  # type: ignore[assignment]
        return other


class HandInAFrozenBox(KeptView):
    """Holds the seat's hand list itself, not a copy, in a frozen box."""

    __slots__ = ("box",)

    @classmethod
    def of(cls, game: ToyState, seat: int) -> ToyObservation:
        view = super().of(game, seat)
        view.box = FrozenBox(game.seats[seat].hand)
        return view


class SharesItsHandInAFrozenBox(ToyState):
    __slots__ = ()

    def observation(self, seat: int) -> ToyObservation:
        return HandInAFrozenBox.of(self, seat)


HandInAFrozenBox.state_class = SharesItsHandInAFrozenBox


class DeckView(KeptView):
    """Shows the deck's order."""

    __slots__ = ("deck",)

    @classmethod
    def of(cls, game: ToyState, seat: int) -> ToyObservation:
        view = super().of(game, seat)
        view.deck = tuple(game.deck)
        return view


class ShowsTheDeck(ToyState):
    __slots__ = ()

    def observation(self, seat: int) -> ToyObservation:
        return DeckView.of(self, seat)


DeckView.state_class = ShowsTheDeck


class OwnHandRedealt(KeptView):
    """Its determinize swaps a card of the seat's own hand with the deck's first."""

    __slots__ = ()

    def determinize(self, rng: random.Random) -> ToyState:
        game = super().determinize(rng)
        hand = game.seats[self.seat].hand
        if hand and game.deck:
            hand[0], game.deck[0] = game.deck[0], hand[0]
        return game


class RedealsOwnHand(ToyState):
    __slots__ = ()

    def observation(self, seat: int) -> ToyObservation:
        return OwnHandRedealt.of(self, seat)


OwnHandRedealt.state_class = RedealsOwnHand


class HandByReference(KeptView):
    """Holds the seat's hand list itself, not a copy."""

    __slots__ = ()

    @classmethod
    def of(cls, game: ToyState, seat: int) -> ToyObservation:
        view = super().of(game, seat)
        view.hand = game.seats[seat].hand
        return view


class SharesItsHand(ToyState):
    __slots__ = ()

    def observation(self, seat: int) -> ToyObservation:
        return HandByReference.of(self, seat)


HandByReference.state_class = SharesItsHand


class ShufflingView(KeptView):
    """Its determinize also shuffles the real game's deck, through a closure the walk does not read."""

    __slots__ = ("shuffle_game",)

    def determinize(self, rng: random.Random) -> ToyState:
        self.shuffle_game(rng)
        return super().determinize(rng)


class DeterminizeShufflesTheGame(ToyState):
    __slots__ = ()

    def observation(self, seat: int) -> ToyObservation:
        view = ShufflingView.of(self, seat)
        view.shuffle_game = lambda rng: rng.shuffle(self.deck)
        return view


ShufflingView.state_class = DeterminizeShufflesTheGame


class AcceptsAnything(ToyState):
    __slots__ = ()

    def apply(self, option: Any) -> None:
        options = self.decision().options
        super().apply(option if option in options else options[0])


class RefusesTooLate(ToyState):
    """Refuses an illegal option only after paying a coin for it."""

    __slots__ = ()

    def apply(self, option: Any) -> None:
        if option not in self.decision().options:
            self.seats[self.decision().seat].money += 1
        super().apply(option)


class NoWinner(ToyState):
    __slots__ = ()

    def results(self) -> list[SeatResult]:
        return [SeatResult(result.seat, result.score, 2, result.details) for result in super().results()]


class SeatMissing(ToyState):
    __slots__ = ()

    def results(self) -> list[SeatResult]:
        return super().results()[1:]


class StrictAboutRounds(ToyState):
    __slots__ = ()

    def check_invariants(self) -> None:
        super().check_invariants()
        assert self.round < 3, "round 3 reached"


class UnseededDeal(ToyGame):
    def new_game(self, config: Mapping[str, Any], seed: int) -> ToyState:
        state = super().new_game(config, seed)
        random.shuffle(state.deck)
        return state


class OneDeckForAllGames(ToyGame):
    """Every game draws from the deck of the first game made."""

    def __init__(self) -> None:
        super().__init__()
        self.deck: list[int] | None = None

    def new_game(self, config: Mapping[str, Any], seed: int) -> ToyState:
        state = super().new_game(config, seed)
        if self.deck is None:
            self.deck = state.deck
        state.deck = self.deck
        return state


class AcceptsFivePlayers(ToyGame):
    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return super().validate({**config, "players": min(config.get("players", 2), 4)})


class UndeclaredColumn(ToyGame):
    def dataset_tables(self, state: ToyState) -> GameTables:
        tables = super().dataset_tables(state)
        tables.seats[0]["colour"] = "blue"
        return tables


class ShortPlayRow(ToyGame):
    def dataset_tables(self, state: ToyState) -> GameTables:
        tables = super().dataset_tables(state)
        plays = tables.tables["plays"]
        tables.tables["plays"] = Rows(plays.fields, [*plays.rows[:-1], plays.rows[-1][:-1]])
        return tables


class UnknownRung(ToyGame):
    info = dataclasses.replace(ToyGame.info, ladder=("random", "nobody"))


class LadderFromTheTop(ToyGame):
    info = dataclasses.replace(ToyGame.info, ladder=("greedy", "random"))


BROKEN: list[tuple[str, Callable[[], ToyGame], tuple[str, ...], str]] = [
    ("copy shares a list", lambda: playing(CopySharesTheDeck), ("copies",), r"copy\(\) shares state"),
    ("copy shares a list in a frozen box", lambda: playing(CopySharesTheDeckInAFrozenBox), ("copies",),
     r"copy\(\) shares state"),
    ("copy goes on otherwise", lambda: playing(CopyRestartsTheRounds), ("copies",),
     "the copy made at decision .* (diverged|ended after)"),
    ("observation leaks the deck", lambda: playing(ShowsTheDeck), ("observations",),
     r"observation of a game determinized from it .* differs.*first difference at \.deck"),
    ("determinize redeals the own hand", lambda: playing(RedealsOwnHand), ("observations",),
     r"observation of a game determinized from it .* differs.*first difference at \.hand"),
    ("observation shares a list", lambda: playing(SharesItsHand), ("observations",),
     "emptying the lists, dicts and sets of the observations changed the game"),
    ("observation shares a list in a frozen box", lambda: playing(SharesItsHandInAFrozenBox), ("observations",),
     "emptying the lists, dicts and sets of the observations changed the game"),
    ("determinize changes the game", lambda: playing(DeterminizeShufflesTheGame), ("observations",),
     r"observation\(\) or determinize changed the game"),
    ("apply accepts anything", lambda: playing(AcceptsAnything), (), "apply accepted an option that is not"),
    ("refusal changes the game", lambda: playing(RefusesTooLate), (), "refusing an illegal option changed the game"),
    ("no winner", lambda: playing(NoWinner), (), "no seat has rank 1"),
    ("a seat without result", lambda: playing(SeatMissing), (), "expected one per seat"),
    ("invariants", lambda: playing(StrictAboutRounds), ("invariants",), "invariants fail: round 3 reached"),
    ("unseeded", UnseededDeal, ("determinism",), "two games from the same seed differ at the start"),
    ("games share a deck", OneDeckForAllGames, ("determinism",), "played after the other games"),
    ("player range", AcceptsFivePlayers, (), "validate accepts 5 players"),
    ("dataset", UndeclaredColumn, ("dataset",), "dataset_schema does not declare: colour"),
    ("dataset row", ShortPlayRow, ("dataset",), "gives a row of 'plays' with 3 values for its 4 fields"),
    ("ladder rung", UnknownRung, (), "ladder rung 'nobody' makes no bot: unknown bot 'nobody'"),
    ("ladder start", LadderFromTheTop, (), r"the ladder starts at \('greedy',\), not at 'random'"),
]


@pytest.mark.parametrize(("broken", "checks", "message"), [pytest.param(make, checks, message, id=name)
                                                            for name, make, checks, message in BROKEN])
def test_the_kit_catches_a_broken_contract(broken: Callable[[], ToyGame], checks: tuple[str, ...],
                                           message: str) -> None:
    """Only the check named (and the rules) runs, so the failure is that check's own; all
    checks together catch it as well."""
    with pytest.raises(AssertionError, match=message):
        check_game(broken(), every=2, checks=checks)
    with pytest.raises(AssertionError):
        check_game(broken(), every=2)


class CopySharesAMemo(ToyState):
    """Its copies share a table it fills at every move (in `plays`, unused without history)."""

    __slots__ = ()

    def apply(self, option: Any) -> None:
        super().apply(option)
        if self.plays is None:
            self.plays = []
        self.plays.append(repr(option))  # type: ignore[arg-type]

    def copy(self) -> ToyState:
        other = super().copy()
        other.__class__ = type(self)
        other.plays = self.plays
        return other


class DeclaresItsMemo(CopySharesAMemo):
    """The same table named a memo (`memo_fields`): what the kit compares leaves it out."""

    __slots__ = ()
    memo_fields = ("plays",)


def test_a_memo_that_copies_share_is_left_out_only_when_its_class_names_it() -> None:
    with pytest.raises(AssertionError, match=r"copy\(\) shares state"):
        check_game(playing(CopySharesAMemo), every=2, checks=("copies",))
    check_game(playing(DeclaresItsMemo), every=2, checks=("copies",))


def test_a_check_left_out_does_not_fail() -> None:
    """The broken toys above fail their check, not any check: without it they pass."""
    for make, checks in ((lambda: playing(StrictAboutRounds), ("invariants",)),
                         (lambda: playing(ShowsTheDeck), ("observations",)),
                         (lambda: playing(CopySharesTheDeck), ("copies",))):
        check_game(make(), every=2, checks=[check for check in CHECKS if check not in checks])
