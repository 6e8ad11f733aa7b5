"""A study: paired games that differ by one intervention, to measure a component's strength by experiment.

A run's deal is random, so a card's arrival in an opening hand is already a randomised treatment; a
study goes further and makes the treatment itself. Pair p plays the same seed, so the same deal and the
same random streams, in every arm of the study:

- `cards`: an untouched control arm, and one arm per card in which that card is dealt into the studied
  seat's opening hand (`Intervention` "deal");
- `keeps`: per card two arms, one in which the seat must keep the card it was dealt, one in which it must
  let it go;
- `bans`: an untouched control arm, and one arm per card in which the card is out of the game.

A study is saved as a run (every game with its tables, so a study's games can be replayed) whose
experiment has a `study` key. Its games are numbered `pair * arms + arm`: the numbering does not depend on
the number of pairs, so a study extended to more pairs keeps its games and adds new ones, as a run does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sim.core.protocols import GameFactory, Intervention
from sim.core.seeds import game_seed

STUDY_KINDS: dict[str, tuple[str, ...]] = {"cards": ("deal",), "keeps": ("keep", "let_go"), "bans": ("ban",)}
CONTROLLED = frozenset({"cards", "bans"})  # kinds with an untouched control arm


class StudyError(ValueError):
    """A bad study; the message is one line naming the problem."""


@dataclass(frozen=True)
class StudyDesign:
    """Which arms a study plays: `kind` (a key of STUDY_KINDS), the `components` studied (the game's
    numbers, in the order given) and the studied `seat` (0-based)."""

    kind: str
    components: tuple[int, ...]
    seat: int = 0

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> "StudyDesign":
        """The design saved in an experiment's `study` key."""
        return cls(str(spec["kind"]), tuple(int(number) for number in spec["components"]), int(spec["seat"]))

    def to_spec(self) -> dict[str, Any]:
        """The design as the experiment's `study` key: plain JSON values."""
        return {"kind": self.kind, "components": list(self.components), "seat": self.seat}

    @property
    def arms(self) -> tuple[Intervention | None, ...]:
        """Every arm's intervention, None for the untouched control arm (arm 0 of `cards` and `bans`)."""
        treated = tuple(Intervention(kind, component, self.seat)
                        for component in self.components for kind in STUDY_KINDS[self.kind])
        return ((None,) if self.kind in CONTROLLED else ()) + treated

    def games(self, pairs: int) -> int:
        """The games of `pairs` pairs: one per arm and pair."""
        return pairs * len(self.arms)

    def pair_and_arm(self, game: int) -> tuple[int, int]:
        """Game number -> (pair, arm)."""
        return divmod(game, len(self.arms))

    def game_seed(self, base_seed: int, game: int) -> int:
        """The seed of a game: its pair's, the same in every arm."""
        return game_seed(base_seed, self.pair_and_arm(game)[0])


def study_design(spec: Mapping[str, Any] | None) -> StudyDesign | None:
    """The design of an experiment's `study` key, None for an ordinary run."""
    return StudyDesign.from_spec(spec) if spec else None


def intervention_capable(factory: GameFactory) -> bool:
    """Whether the game implements `Interventions` (it can be studied)."""
    return callable(getattr(factory, "intervene", None)) and callable(getattr(factory, "study_components", None))


def checked_design(factory: GameFactory, kind: str, components: Sequence[str], seat: int, players: int) -> StudyDesign:
    """The design of `arkmc study KIND` for the game of `factory`: the components named by number or by name
    (case-insensitive; none named = all of them). A StudyError in one line for a game without interventions,
    a kind the game cannot make, an unknown component or a seat outside the game."""
    title = factory.info.title
    if not intervention_capable(factory):
        raise StudyError(f"{title} cannot be studied: it does not force or remove components (see docs/studies.md)")
    if kind not in STUDY_KINDS:
        raise StudyError(f"a study is one of {', '.join(STUDY_KINDS)}, got {kind!r}")
    missing = [name for name in STUDY_KINDS[kind] if name not in factory.study_kinds]  # type: ignore[attr-defined]
    if missing:
        raise StudyError(f"{title} has no {kind} study: it cannot make a {missing[0]!r} intervention "
                         f"(it can study: {', '.join(studies_of(factory)) or 'nothing'})")
    if not 0 <= seat < players:
        raise StudyError(f"seat must be 1 to {players} for {players} players, got {seat + 1}")
    known: Mapping[int, str] = factory.study_components()  # type: ignore[attr-defined]
    return StudyDesign(kind, tuple(resolve_components(known, components, factory)), seat)


def check_interventions(factory: GameFactory, config: Mapping[str, Any], design: StudyDesign, seed: int) -> None:
    """Make every arm's intervention once on a fresh game of `config`, so that a component these options leave out
    of the game (a card of another deck, a species of more players) is a StudyError before any game is played,
    not a failed game in every pair."""
    word = getattr(factory, "study_component", "component")
    for intervention in design.arms:
        if intervention is None:
            continue
        try:
            factory.intervene(factory.new_game(config, seed), intervention, random.Random(0))  # type: ignore[attr-defined]
        except ValueError as error:
            raise StudyError(f"{word} {intervention.component} cannot be studied with these options: {error}") from None


def studies_of(factory: GameFactory) -> list[str]:
    """The study kinds the game can run."""
    kinds = set(getattr(factory, "study_kinds", ()))
    return [kind for kind, needed in STUDY_KINDS.items() if set(needed) <= kinds]


def resolve_components(known: Mapping[int, str], names: Sequence[str], factory: GameFactory) -> list[int]:
    """The numbers of the components named (numbers or names), in order without repeats; all when none."""
    if not names:
        return sorted(known)
    by_name = {name.casefold(): number for number, name in known.items()}
    word = getattr(factory, "study_component", "component")
    numbers: list[int] = []
    for name in names:
        text = name.strip()
        number = int(text) if text.isdigit() else by_name.get(text.casefold())
        if number is None or number not in known:
            raise StudyError(f"{factory.info.title} has no {word} {text!r} (`arkmc study cards --game "
                             f"{factory.info.name} --list` lists them)")
        if number not in numbers:
            numbers.append(number)
    return numbers
