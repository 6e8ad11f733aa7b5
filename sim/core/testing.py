"""The conformance kit: random playouts that check a game keeps the framework's contracts.

``check_game(factory)`` plays seeded games with uniformly random legal options, for every player
count the game supports (solo too when its minimum is 1), and raises AssertionError naming the
game, the player count, the seed, the decision and the broken contract at the first violation.
It imports no game and no test framework, so a game's own tests, a notebook or a script can run it.

What it checks (`checks` picks among these names; "rules" always runs):

- ``rules``: every rung of the game's skill ladder (`GameInfo.ladder`) makes a bot of the game,
  the first being `random`; `validate` refuses player counts outside the game's range with a ValueError and
  accepts the default config for every count in it; every game ends within `max_decisions`;
  each pending decision belongs to a seat of the game and has hashable legal options; an option
  that is not legal is refused by `apply` with an exception, and the game and its pending
  decision stay as they were; `results()` has one entry per seat, ranks from 1, and in a game
  of two or more at least one seat of rank 1 (solo: rank 1 is a win, 2 a loss).
- ``invariants``: the game's own invariants. A state with a ``check_invariants()`` method
  (raising AssertionError when the game is inconsistent) has it called after every decision,
  in its copies, and in determinized games.
- ``copies``: at one sampled decision per game, ``state.copy()`` is set aside: the original's
  further play leaves the copy unchanged, the copy then continues with the same choices exactly
  like the original did (same decisions, same results), and playing it leaves the original
  unchanged.
- ``determinism``: two games from the same seed start identical; the first game of every player
  count is replayed at the end with the same choices, by a twin created alongside it and by a
  game created afresh, and both must give the same decisions and results: a game's course may
  not depend on other games created or played before it in the same process.
- ``observations``: at sampled decisions and for every seat, ``state.observation(seat)`` names
  that seat; ``observation.determinize(rng)`` gives a full game whose observation for the seat
  equals the original observation (for two rngs: the hidden information may differ, the seat's
  view never does) and leaves the game unchanged; emptying every list, dict and set reachable
  from an observation does not change the game it came from; and one determinized game per
  game is played to its end under the rules above. A game that offers views (`state.view(seat)`)
  must determinize its views as its observations: from the same rng, the same game.
- ``dataset``: the first game of every player count keeps its history (`keep_history`), and
  `dataset_tables` then gives one seat row per seat, only tables and columns that the game's
  `dataset_schema` declares, and rows with one value per field of their table.

States are compared through a canonical structural form: the slots of every class in the MRO
and the instance dict of each object, lists, tuples, dicts and sets (these two regardless of
order), random generators by their state; callables, modules and classes are left out. Objects
the games share with their factory or with their state's class (a catalog, a step registry: the
game's static data) are opaque leaves compared by identity, which keeps the walk fast; the
mutation check never touches them either. It does empty everything else an observation reaches,
for real: static data kept anywhere else (a module-level cache) would be emptied with it.
A value that cannot change (a frozen dataclass holding only atoms, enums, static data, tuples and
frozensets of these, and other such values: a board built once in a module-level cache) is walked
once per call and its form kept by identity: no copy, determinization or emptying can change it, so
its form is the same at every later look, and the kit stays fast on games whose states reach large
tables of that kind. (Python keeps a frozen dataclass from being assigned to; a game that forced
one with `object.__setattr__` after building it would break that promise, and the kit would not
see the change.) The attributes a class names in `memo_fields` (a class attribute) are left out: memos
of what the rest of the state determines, which copies may share and fill (Ark Nova's homes of a zoo).

The expensive checks run at sampled decisions: from a random start, at gaps that double from 1
up to `every`, so that a short game gets a few samples and a long one a sample every `every`
decisions; the defaults check Ark Nova in a few seconds. A passing call returns a
`ConformanceSummary` of what it covered. The choices, the samples and the determinizations
all come from `seed`, so a failure repeats with the same arguments.
"""

from __future__ import annotations

import enum
import random
import reprlib
import types
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sim.core.decision import Decision
from sim.core.protocols import GameFactory, GameInfo, GameState, SeatResult
from sim.core.registry import RANDOM_BOT, RegistryError, make_bot
from sim.core.seeds import game_seed, python_rng

CHECKS = ("rules", "invariants", "copies", "determinism", "observations", "dataset")
INVARIANTS_HOOK = "check_invariants"
INVARIANTS_FAIL = "the game's invariants fail"


@dataclass(slots=True)
class ConformanceSummary:
    """What a passing `check_game` covered, so a caller can see that the checks were not vacuous."""

    games: int = 0  # games played from their start, replays included
    decisions: int = 0  # decisions answered in those games
    samples: int = 0  # decisions at which the sampled checks ran
    forks: int = 0  # copies and determinized games played to their end
    players: tuple[int, ...] = ()


def check_game(factory: GameFactory, *, players: Iterable[int] | None = None, games: int = 3, seed: int = 0,
               every: int = 40, max_decisions: int = 20_000, options: Mapping[str, Any] | None = None,
               checks: Collection[str] = CHECKS) -> ConformanceSummary:
    """Play `games` random games per player count (every count of the game unless `players`
    names some), with `options` over the default config, checking the contracts of `checks`
    (see the module docstring); AssertionError at the first violation."""
    unknown = set(checks) - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown check(s) {', '.join(sorted(unknown))}; known: {', '.join(CHECKS)}")
    if games < 1 or every < 1 or max_decisions < 1:
        raise ValueError("games, every and max_decisions must be at least 1")
    info = factory.info
    counts = tuple(players) if players is not None else tuple(range(info.min_players, info.max_players + 1))
    _require(bool(counts), f"{info.name}: no player count to check")
    _check_player_range(factory)
    _check_ladder(info)
    conformance = _Conformance(factory, frozenset(checks) | {"rules"}, every, max_decisions, dict(options or {}))
    replays: list[Callable[[], None]] = []
    for count in counts:
        _require(info.min_players <= count <= info.max_players,
                 f"{info.name}: {count} players is outside the game's range {info.min_players}-{info.max_players}")
        for index in range(games):
            table = _Table(info.name, count, game_seed(seed, index, count))
            replays += conformance.check_one(table, first=index == 0)
    for replay in replays:
        replay()
    conformance.summary.players = counts
    return conformance.summary


# ----------------------------------------------------------------------------- playing


@dataclass(frozen=True, slots=True)
class _Table:
    """One checked game: its player count and seed (its choices come from the same seed)."""

    game: str
    players: int
    seed: int

    def __str__(self) -> str:
        return f"{self.game}, {self.players} players, seed {self.seed}"

    def choices(self) -> random.Random:
        return python_rng(self.seed, 1)


@dataclass(slots=True)
class _Course:
    """How a game went: each answered decision as (seat, kind, options, choice), then the results."""

    trace: list[tuple[Any, ...]] = field(default_factory=list)
    results: list[SeatResult] = field(default_factory=list)


@dataclass(slots=True)
class _Fork:
    """A copy or a determinized game set aside at decision `index`, with its form at that moment;
    `choices` is the choice generator's state there (a copy), `seat` the seat it was dealt for."""

    index: int
    state: GameState
    form: Any
    choices: Any = None
    seat: int = -1


Visit = Callable[[int, Decision], None]


class _Conformance:
    """The checks of one `check_game` call."""

    def __init__(self, factory: GameFactory, checks: frozenset[str], every: int, max_decisions: int,
                 options: dict[str, Any]) -> None:
        self.factory = factory
        self.checks = checks
        self.every = every
        self.max_decisions = max_decisions
        self.options = options
        self.canon: _Canon | None = None  # built once the first game shows its class
        self.summary = ConformanceSummary()

    def new_game(self, table: _Table) -> GameState:
        try:
            config = self.factory.validate({**self.factory.default_config(), **self.options, "players": table.players})
        except ValueError as error:
            raise AssertionError(f"{table}: validate refuses the default config: {error}") from None
        _require(config.get("players") == table.players,
                 f"{table}: validate does not keep the player count (players={config.get('players')!r})")
        state = self.factory.new_game(config, table.seed)
        if self.canon is None:
            self.canon = _Canon(_static_objects(self.factory, state))
        return state

    def form(self, value: Any) -> Any:
        assert self.canon is not None, "new_game builds the canonical form first"
        return self.canon.form(value)

    def check_one(self, table: _Table, first: bool) -> list[Callable[[], None]]:
        """Play one game under every check; for the first game of a player count, the replays
        to run once every game has been played."""
        state = self.new_game(table)
        twin = None
        if first and "determinism" in self.checks:
            twin = self.new_game(table)
            _require_equal(self.form(twin), self.form(state),
                           f"{table}: two games from the same seed differ at the start")
        if first and "dataset" in self.checks:
            self.factory.keep_history(state)
        choices = table.choices()
        sampler = _Sampler(self, table, state, choices)
        course = self.play(state, table, choices, str(table), sampler.visit)
        self.count(course)
        sampler.finish(course)
        if first and "dataset" in self.checks:
            _check_dataset(self.factory, state, table)
        if twin is None:
            return []
        return [lambda: self.replay(twin, table, course, "a twin created alongside it"),
                lambda: self.replay(self.new_game(table), table, course, "a game created afresh")]

    def replay(self, state: GameState, table: _Table, expected: _Course, who: str) -> None:
        where = f"{table}: {who}, played after the other games with the same choices,"
        course = self.play(state, table, table.choices(), where)
        self.count(course)
        _require_same_course(course, expected, 0, where)

    def play(self, state: GameState, table: _Table, choices: random.Random, where: str,
             visit: Visit | None = None, start: int = 0) -> _Course:
        """Play `state` to its end with uniformly random legal options, checking each decision;
        `visit(index, decision)` runs before each choice, `start` is the first decision's index."""
        course = _Course()
        invariants = getattr(state, INVARIANTS_HOOK, None) if "invariants" in self.checks else None
        index = start
        while not state.is_over():
            if index - start >= self.max_decisions:
                raise AssertionError(f"{where}: not over after {self.max_decisions} decisions")
            decision = state.decision()
            if not (0 <= decision.seat < table.players and decision.options):
                raise AssertionError(f"{where}, decision {index}: the decision {decision.kind!r} is for seat "
                                     f"{decision.seat} with {len(decision.options)} legal options")
            if visit is not None:
                visit(index, decision)
            choice = decision.options[choices.randrange(len(decision.options))]
            state.apply(choice)
            course.trace.append((decision.seat, decision.kind, decision.options, choice))
            if invariants is not None:
                try:
                    invariants()
                except AssertionError as error:
                    raise AssertionError(f"{where}, after decision {index} ({decision.kind}: {choice!r}): "
                                         f"{INVARIANTS_FAIL}: {error}") from error
            index += 1
        course.results = list(state.results())
        _check_results(course.results, table.players, where)
        return course

    def count(self, course: _Course) -> None:
        """Note a game played from its start in the summary."""
        self.summary.games += 1
        self.summary.decisions += len(course.trace)


class _Sampler:
    """The checks that run at one game's sampled decisions, and the two forks it sets aside (a
    copy and a determinized game), each chosen uniformly among the candidates (reservoir sampling)."""

    def __init__(self, conformance: _Conformance, table: _Table, state: GameState, choices: random.Random) -> None:
        self.conformance = conformance
        self.table = table
        self.state = state
        self.choices = choices
        self.rng = python_rng(table.seed, 2)  # the checker's own stream: the choices stay the game's
        self.next_sample = self.rng.randrange(2)
        self.gap = 1
        self.samples = 0
        self.determinizations = 0
        self.copy: _Fork | None = None
        self.determinized: _Fork | None = None

    def visit(self, index: int, decision: Decision) -> None:
        conformance = self.conformance
        if index < self.next_sample:
            return
        self.gap = min(2 * self.gap, conformance.every)
        self.next_sample = index + self.gap
        self.samples += 1
        conformance.summary.samples += 1
        where = f"{self.table}, decision {index} ({decision.kind})"
        form = conformance.form(self.state)
        _check_refusal(self.state, decision, form, conformance.form, where)
        if "copies" in conformance.checks and self.rng.randrange(self.samples) == 0:
            copy = self.state.copy()
            self.copy = _Fork(index, copy, conformance.form(copy), self.choices.getstate())
        if "observations" in conformance.checks:
            self.check_observations(index, form, where)

    def check_observations(self, index: int, form: Any, where: str) -> None:
        """Every seat's observation against the games determinized from it; then neither the
        determinizing nor emptying the observations' containers may have changed the game."""
        conformance, state = self.conformance, self.state
        observations = [self.check_observation(index, seat, where) for seat in range(self.table.players)]
        _require_equal(conformance.form(state), form, f"{where}: observation() or determinize changed the game")
        assert conformance.canon is not None
        for observation in observations:
            _empty_containers(observation, conformance.canon)
        _require_equal(conformance.form(state), form, f"{where}: emptying the lists, dicts and sets of the "
                                                      "observations changed the game (they are the game's own)")

    def check_observation(self, index: int, seat: int, where: str) -> Any:
        """Seat `seat`'s observation, checked against two games determinized from it."""
        conformance = self.conformance
        observation = self.state.observation(seat)
        _require(getattr(observation, "seat", None) == seat,
                 f"{where}: observation({seat}).seat is {getattr(observation, 'seat', None)!r}")
        seen = conformance.form(observation)
        view = self.state.view(seat) if hasattr(self.state, "view") else None
        for attempt in (1, 2):
            seed = self.rng.getrandbits(64)
            game = observation.determinize(random.Random(seed))
            if view is not None:
                _require_equal(conformance.form(view.determinize(random.Random(seed))), conformance.form(game),
                               f"{where}: seat {seat}'s view determinizes to another game than its observation "
                               f"(rng {attempt})")
            _require_equal(conformance.form(game.observation(seat)), seen,
                           f"{where}: seat {seat}'s observation of a game determinized from it (rng {attempt}) "
                           "differs from its observation")
            if "invariants" in conformance.checks and hasattr(game, INVARIANTS_HOOK):
                try:
                    getattr(game, INVARIANTS_HOOK)()
                except AssertionError as error:
                    raise AssertionError(f"{where}, a game determinized for seat {seat}: {INVARIANTS_FAIL}: "
                                         f"{error}") from error
        self.determinizations += 1
        if self.rng.randrange(self.determinizations) == 0:
            self.determinized = _Fork(index, game, conformance.form(game), seat=seat)
        return observation

    def finish(self, course: _Course) -> None:
        """Check the forks against the finished original and play each to its end: the copy with
        the original's choices (it must go exactly the same way), the determinized game at random."""
        final = self.conformance.form(self.state)
        if self.copy is not None:
            fork = self.copy
            where = f"{self.table}: the copy made at decision {fork.index}"
            choices = random.Random()
            choices.setstate(fork.choices)
            played = self.play_fork(fork, choices, final, where, "copy() shares state with the original")
            _require_same_course(played, course, fork.index, f"{where}, played with the original's choices,")
        if self.determinized is not None:
            fork = self.determinized
            self.play_fork(fork, random.Random(self.rng.getrandbits(64)), final,
                           f"{self.table}: the game determinized for seat {fork.seat} at decision {fork.index}",
                           "it shares state with the original")

    def play_fork(self, fork: _Fork, choices: random.Random, final: Any, where: str, cause: str) -> _Course:
        """Play a fork to its end; neither may the original's play have changed it, nor its play the
        original (whose form at its end is `final`)."""
        conformance = self.conformance
        _require_equal(conformance.form(fork.state), fork.form,
                       f"{where} changed while the original played on: {cause}")
        played = conformance.play(fork.state, self.table, choices, where, start=fork.index)
        _require_equal(conformance.form(self.state), final,
                       f"{where} changed the original while it was played: {cause}")
        conformance.summary.forks += 1
        return played


# ----------------------------------------------------------------------------- single checks


class _NotAnOption:
    """What `apply` must refuse: equal to no option of any game."""

    def __repr__(self) -> str:
        return "<not an option>"


NOT_AN_OPTION = _NotAnOption()


def _require(condition: bool, message: str) -> None:
    """An AssertionError with `message` unless `condition` (unlike `assert`, kept under python -O)."""
    if not condition:
        raise AssertionError(message)


def _require_equal(got: Any, want: Any, message: str) -> None:
    """An AssertionError with `message` and where two canonical forms first differ, unless equal."""
    if got != want:
        raise AssertionError(f"{message}{_first_difference(got, want)}")


def _check_ladder(info: GameInfo) -> None:
    """Every rung of the game's ladder names a bot of the game, from `random` up."""
    _require(not info.ladder or info.ladder[0] == RANDOM_BOT,
             f"{info.name}: the ladder starts at {info.ladder[:1]}, not at {RANDOM_BOT!r}")
    for spec in info.ladder:
        try:
            make_bot(spec, info.name)
        except RegistryError as error:
            raise AssertionError(f"{info.name}: ladder rung {spec!r} makes no bot: {error}") from None


def _check_player_range(factory: GameFactory) -> None:
    info = factory.info
    _require(1 <= info.min_players <= info.max_players,
             f"{info.name}: the player range {info.min_players}-{info.max_players} is empty or below 1")
    for players in (info.min_players - 1, info.max_players + 1):
        try:
            factory.validate({**factory.default_config(), "players": players})
        except ValueError:
            continue
        raise AssertionError(f"{info.name}: validate accepts {players} players, outside its range "
                             f"{info.min_players}-{info.max_players} (it must raise ValueError)")


def _check_refusal(state: GameState, decision: Decision, form: Any, canon: Callable[[Any], Any], where: str) -> None:
    """The options are hashable; `apply` refuses one that is not legal with an exception, and
    nothing changes."""
    try:
        hash(decision.options)
    except TypeError:
        raise AssertionError(f"{where}: the options are not hashable") from None
    try:
        state.apply(NOT_AN_OPTION)
    except Exception:  # any exception will do: the protocol names none
        pass
    else:
        raise AssertionError(f"{where}: apply accepted an option that is not among the legal ones")
    after = canon(state)
    _require_equal(after, form, f"{where}: refusing an illegal option changed the game")
    _require(state.decision() == decision, f"{where}: refusing an illegal option changed the pending decision")


def _check_results(results: list[SeatResult], players: int, where: str) -> None:
    seats = sorted(result.seat for result in results)
    _require(seats == list(range(players)),
             f"{where}: results name seats {seats}, expected one per seat 0-{players - 1}")
    ranks = [result.rank for result in results]
    _require(all(isinstance(rank, int) and 1 <= rank <= max(players, 2) for rank in ranks),
             f"{where}: ranks {ranks} must be whole numbers from 1 to {max(players, 2)}")
    _require(players == 1 or 1 in ranks, f"{where}: no seat has rank 1 (the winners) in {ranks}")


def _require_same_course(played: _Course, expected: _Course, start: int, where: str) -> None:
    """`played`, begun at decision `start`, went exactly like `expected` from there."""
    rest = expected.trace[start:]
    if played.trace != rest:
        offset = next((offset for offset, (got, want) in enumerate(zip(played.trace, rest)) if got != want), None)
        if offset is None:
            raise AssertionError(f"{where} ended after {start + len(played.trace)} decisions instead of "
                                 f"{start + len(rest)}")
        raise AssertionError(f"{where} diverged at decision {start + offset}: {_short(played.trace[offset])} "
                             f"instead of {_short(rest[offset])}")
    if played.results != expected.results:
        raise AssertionError(f"{where} gave other results: {_short(played.results)} instead of "
                             f"{_short(expected.results)}")


def _check_dataset(factory: GameFactory, state: GameState, table: _Table) -> None:
    tables = factory.dataset_tables(state)
    schema = factory.dataset_schema()
    where = f"{table}: dataset_tables"
    _require(len(tables.seats) == table.players,
             f"{where} gives {len(tables.seats)} seat rows for {table.players} seats")
    filled: list[tuple[str, Collection[str]]] = [("games", tables.game), *(("seats", row) for row in tables.seats)]
    filled += [(name, extra.fields if extra.rows else ()) for name, extra in tables.tables.items()]
    for name, fields in filled:
        _require(name in schema or not fields, f"{where} fills table {name!r}, which dataset_schema does not declare")
        undeclared = sorted(set(fields) - set(schema.get(name, {})))
        _require(not undeclared, f"{where} fills columns of {name!r} that dataset_schema does not declare: "
                                 f"{', '.join(undeclared)}")
    for name, extra in tables.tables.items():
        odd = next((row for row in extra.rows if len(row) != len(extra.fields)), None)
        _require(odd is None, f"{where} gives a row of {name!r} with {len(odd or ())} values for its "
                              f"{len(extra.fields)} fields")


# ----------------------------------------------------------------------------- canonical forms


ATOMS = (type(None), bool, int, float, complex, str, bytes)
ATOM_TYPES = frozenset(ATOMS)  # exact types, for the fast path
SKIPPED = ("<code>",)  # what stands for a callable, module or class
SEQUENCE_TAGS = frozenset({"list", "tuple"})


def _static_objects(factory: GameFactory, state: GameState) -> dict[int, int]:
    """The game's static data, by identity: the values of the factory's attributes and the class
    attributes of the factory's and the state's classes (position in this table by id)."""
    values = [*getattr(factory, "__dict__", {}).values()]
    values += [getattr(factory, name) for name in _slot_names(type(factory)) if hasattr(factory, name)]
    for cls in (*type(factory).__mro__, *type(state).__mro__):
        if cls is not object:
            values += [value for name, value in vars(cls).items() if not name.startswith("__")]
    static: dict[int, int] = {}
    for value in values:
        if not isinstance(value, ATOMS) and not _is_code(value):
            static.setdefault(id(value), len(static))
    return static


def _is_code(value: Any) -> bool:
    return callable(value) or isinstance(value, types.ModuleType)


@cache
def _frozen_class(cls: type) -> bool:
    """Whether `cls` is a frozen dataclass (its instances refuse assignment)."""
    params = getattr(cls, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


@cache
def _slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of `cls` and its bases, with private names mangled as Python stores them."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            names.append(name)
    return tuple(dict.fromkeys(names))


def _attributes(value: Any) -> list[tuple[str, Any]]:
    """An object's stored attributes but its memos (`memo_fields`): its slots, then its instance dict by name."""
    memos = getattr(value.__class__, "memo_fields", ())
    items = [(name, getattr(value, name, _UNSET)) for name in _slot_names(value.__class__) if name not in memos]
    items = [(name, item) for name, item in items if item is not _UNSET]
    items += sorted((name, item) for name, item in getattr(value, "__dict__", {}).items() if name not in memos)
    return items


_UNSET = object()  # an empty slot


class _Canon:
    """Canonical structural forms: nested tuples that compare equal exactly when two values hold
    the same data. A node is (tag, payload): "list"/"tuple" with the children, "dict" with the
    (key, value) pairs sorted, "set" with the members sorted, a class name with the (attribute,
    form) pairs; static data is ("<static>", position); a value already on the path is a cycle.
    Only mutable values go on the path: a cycle always passes through one."""

    def __init__(self, static: dict[int, int]) -> None:
        self.static = static
        # Frozen dataclass instances by id: the instance (kept, so that its id stays its own) and its
        # form when it cannot change (see `_unchangeable`), else None.
        self.frozen: dict[int, tuple[Any, Any]] = {}

    def form(self, value: Any) -> Any:
        return self._form(value, set())

    def _form(self, value: Any, path: set[int]) -> Any:
        kind = type(value)
        if kind in ATOM_TYPES:
            return value
        key = id(value)
        if key in self.static:
            return ("<static>", self.static[key])
        if kind is tuple:
            return ("tuple", self._items(value, path))
        if isinstance(value, enum.Enum):
            return (kind.__qualname__, value.name)
        if isinstance(value, ATOMS):
            return value
        if _is_code(value):
            return SKIPPED
        if isinstance(value, random.Random):
            return ("<random>", value.getstate())
        if key in path:
            return ("<cycle>", kind.__qualname__)
        path.add(key)
        try:
            return self._container(value, path)
        finally:
            path.discard(key)

    def _items(self, values: Iterable[Any], path: set[int]) -> tuple[Any, ...]:
        form = self._form
        return tuple([item if type(item) in ATOM_TYPES else form(item, path) for item in values])

    def _container(self, value: Any, path: set[int]) -> Any:
        if isinstance(value, (list, tuple)):
            return ("list" if isinstance(value, list) else "tuple", self._items(value, path))
        if isinstance(value, dict):
            pairs = zip(self._items(value.keys(), path), self._items(value.values(), path))
            return ("dict", tuple(sorted(pairs, key=repr)))
        if isinstance(value, (set, frozenset)):
            return ("set", tuple(sorted(self._items(value, path), key=repr)))
        if _frozen_class(value.__class__):
            known = self.frozen.get(id(value))
            if known is not None:
                return known[1] if known[1] is not None else self._object(value, path)
            form = self._object(value, path)
            self.frozen[id(value)] = (value, form if all(self._unchangeable(item) for _, item in _attributes(value)) else None)
            return form
        return self._object(value, path)

    def _object(self, value: Any, path: set[int]) -> Any:
        attributes = _attributes(value)
        if not attributes and not hasattr(value, "__dict__") and not _slot_names(value.__class__):
            return ("<repr>", type(value).__qualname__, repr(value))
        names = tuple(name for name, _ in attributes)
        return (type(value).__qualname__, tuple(zip(names, self._items((item for _, item in attributes), path))))

    def unchangeable(self, value: Any) -> bool:
        """Whether `value` is a frozen dataclass instance that cannot change (memoized)."""
        if not _frozen_class(value.__class__) or id(value) in self.static:
            return False
        known = self.frozen.get(id(value))
        if known is None:
            self.form(value)
            known = self.frozen[id(value)]
        return known[1] is not None

    def _unchangeable(self, value: Any) -> bool:
        """Whether nothing reachable from `value` can change: atoms, enums, code and static data; tuples
        and frozensets of such values; frozen dataclass instances whose attributes are all such values."""
        if type(value) in ATOM_TYPES or id(value) in self.static or isinstance(value, (enum.Enum, *ATOMS)) \
                or _is_code(value):
            return True
        if isinstance(value, (tuple, frozenset)):
            return all(self._unchangeable(item) for item in value)
        return self.unchangeable(value)


def _empty_containers(value: Any, canon: _Canon) -> None:
    """Clear every list, dict and set reachable from `value`, static data and values that cannot change
    (which hold none) excepted."""
    found: list[Any] = []
    seen: set[int] = set()
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, ATOMS) or id(item) in seen or id(item) in canon.static or _is_code(item) \
                or isinstance(item, (random.Random, enum.Enum)) or canon.unchangeable(item):
            continue
        seen.add(id(item))
        if isinstance(item, (list, dict, set)):
            found.append(item)
        if isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple, set, frozenset)):
            pending += list(item)
        else:
            pending += [attribute for _, attribute in _attributes(item)]
    for container in found:
        container.clear()


def _first_difference(got: Any, want: Any) -> str:
    """ ' (first difference at <path>: <got> instead of <want>)' between two canonical forms."""
    path = ""
    while got != want and isinstance(got, tuple) and isinstance(want, tuple) and len(got) == len(want) == 2 \
            and got[0] == want[0] and isinstance(got[1], tuple) and isinstance(want[1], tuple):
        tag, children, others = got[0], got[1], want[1]
        if len(children) != len(others):
            if tag in SEQUENCE_TAGS or tag in ("dict", "set"):
                return f" (first difference at {path or 'the top'}: {len(children)} items instead of {len(others)})"
            break
        position = next(index for index, (a, b) in enumerate(zip(children, others)) if a != b)
        if tag in SEQUENCE_TAGS:
            path, got, want = f"{path}[{position}]", children[position], others[position]
        elif tag == "dict" and children[position][0] == others[position][0]:
            path, got, want = f"{path}[{_short(children[position][0])}]", children[position][1], others[position][1]
        elif tag not in ("dict", "set") and isinstance(children[position], tuple) and len(children[position]) == 2 \
                and isinstance(children[position][0], str):
            path, got, want = f"{path}.{children[position][0]}", children[position][1], others[position][1]
        else:
            break
    return f" (first difference at {path or 'the top'}: {_short(got)} instead of {_short(want)})"


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxtuple = _SHORT.maxlist = 8
_SHORT.maxlevel = 4


def _short(value: Any) -> str:
    """A repr cut short enough for a one-line message."""
    return _SHORT.repr(value)
