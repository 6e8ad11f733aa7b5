"""The contracts between the play loop, the games and the bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from sim.core.decision import Decision

if TYPE_CHECKING:
    from sim.core.cards import CardStatus


@dataclass(frozen=True, slots=True)
class SeatResult:
    """Final outcome of one seat. `rank` is 1 for the winner(s); `score` is game-specific."""

    seat: int
    score: float
    rank: int
    details: Mapping[str, Any]


class Observation(Protocol):
    """What one seat may see, as an independent snapshot: games define the fields, and nothing
    reachable from it holds hidden information (another seat's hand, the deck order, undealt
    cards). Changing it cannot change the game it was taken from.

    `determinize` is the only way hidden information reaches a bot: a full game consistent with
    this observation, everything the seat cannot see dealt at random from `rng`.
    """

    seat: int

    def determinize(self, rng: random.Random) -> "GameState": ...


@runtime_checkable
class GameState(Protocol):
    """A game in progress. The engine asks one decision at a time.

    Optional: `check_invariants()` raises AssertionError when the game is inconsistent;
    `sim.core.testing.check_game` calls it after every decision.
    """

    def decision(self) -> Decision:
        """The pending decision (who decides, what kind, the legal options)."""

    def apply(self, option: Any) -> None:
        """Answer the pending decision with one of its options."""

    def is_over(self) -> bool: ...

    def results(self) -> list[SeatResult]:
        """Per-seat outcome, valid once `is_over()`."""

    def observation(self, seat: int) -> Observation:
        """A snapshot of what `seat` may see (see `Observation`)."""

    # Optional: `view(seat)`, what `seat` may see read in place on the game, with the fields and determinizations
    # of `observation(seat)` and no copy: valid only while the decision it is given for is pending, and only to be
    # read. The play loop gives it to a bot that declares `observes = "view"` (`sim.core.play.observe`).

    def copy(self) -> "GameState":
        """An independent copy: playing on it never changes this game."""


@dataclass(frozen=True, slots=True)
class Rows:
    """The rows of one of a game's extra tables, each a sequence of values in the order of `fields`: the
    records its history keeps as they are, which the runner turns into columns without a dict per row."""

    fields: tuple[str, ...]
    rows: Sequence[Sequence[Any]]


@dataclass(slots=True)
class GameTables:
    """A finished game's own dataset columns; the runner adds ids, seeds, bots and timing.

    `game` extends the game's row, `seats` extends each seat's row (in seat order), and
    `tables` holds the game's extra tables (for example card events and turns).
    """

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    tables: dict[str, Rows] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DimensionTable:
    """A table of the game's fixed data (its cards, its maps), written once per run beside the games'
    tables so that an analyst can put names on numbers without code. `columns` maps each column to
    its type, as `GameFactory.dataset_schema` does; `rows` are the table's rows."""

    columns: Mapping[str, str]
    rows: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class GameOption:
    """One config option of a game, as `--option NAME=VALUE` and the experiment file's [options] set it."""

    name: str
    default: Any
    help: str


@dataclass(frozen=True, slots=True)
class SeatFactor:
    """A seat column that the deal or the setup assigns, which an analysis of the seats' results must
    control for and can focus on (Ark Nova: the zoo map, `SeatFactor("map", "maps", "maps", "on")`).

    `column` is the seats table's column and the factor's name for people ("map"), `plural` its plural
    ("maps"). `override_prefix` is the first part of the data-override paths that change one value of it
    (Ark Nova: "maps", as in `maps.3.last_worker_bonus=cp:2`), "" when no override names one; a comparison
    or a sweep of such an override looks at the seats that had that value. `preposition` joins a seat to
    its value in a sentence: "the seats on map 3" (default "with": "the seats with faction 2").
    """

    column: str
    plural: str
    override_prefix: str = ""
    preposition: str = "with"


SHAPE_SUMMARIES = ("spread", "mean", "share", "winner")


@dataclass(frozen=True, slots=True)
class ShapeMeasure:
    """One column of the game-shape table of `arkmc tournament`: a dataset column summarised per bot over
    the games it played, so that the tournament shows each game's own shape (Ark Nova: turns per player,
    the games a score ended, breaks, animals, sponsors and projects per seat, the winner's score).

    `column` is read from the `seats` or the `games` table (`table`). `summary` says how:
    "spread", its median with the 5%-95% range; "mean"; "share", the share of rows where it is not -1,
    the dataset's "none" (Ark Nova: `end_trigger`, the seat whose score ended the game); "winner", the
    mean over games of the highest value among the winning seats (Ark Nova: the winner's `score`).
    `name` is the shape table's column (default `column`), `label` the printed table's header (default
    `name`), and `note` what the printed table's title says of the measure ("turns per player"), if anything.
    """

    column: str
    table: str = "seats"
    summary: str = "mean"
    name: str = ""
    label: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.table not in ("seats", "games"):
            raise ValueError(f"shape measure {self.column!r}: table must be seats or games, not {self.table!r}")
        if self.summary not in SHAPE_SUMMARIES:
            raise ValueError(f"shape measure {self.column!r}: summary must be one of {', '.join(SHAPE_SUMMARIES)}, "
                             f"not {self.summary!r}")

    @property
    def key(self) -> str:
        """The shape table's column."""
        return self.name or self.column

    @property
    def header(self) -> str:
        """The printed table's header."""
        return self.label or self.key


@dataclass(frozen=True, slots=True)
class GameInfo:
    """How a game describes itself to the framework: the commands, the registry and the report read it.

    - `name`: the registry name, e.g. "arknova"; `title`: for people, e.g. "Ark Nova".
    - `default_bot`: the bot that `--bots default` means for this game ("default" when the game registers
      its default bot under that name, as every shipped game does).
    - `ladder`: the game's skill ladder: bot specs from weakest to strongest, the first `random`, each
      meant to beat the one below it (`arkmc bots` lists it, `make bench` times a game at each rung).
    - `study_options`: the options that experiments, tournaments and tuning use unless told otherwise,
      where they differ from the game's defaults (Ark Nova: a single game starts on map A, a study plays
      maps 1-8 at random).
    - `data_note`: where the game's data comes from, when a report must say so (e.g. reconstructed).
    - `notebooks`: the notebooks in notebooks/ that apply to this game's runs.
    - `turn_decision`: the decision kind (or kinds) that begins a turn: the replay page makes one step of each.
    - `turn_numbering`: how the game's log numbers its turns, so the replay page's step labels agree with it:
      "seat" (each seat counts its own turns: "P2, turn 5", the default) or "game" (one count across the
      seats: "Turn 29 - P2", Inhabit the Earth).
    - `seat_factors`: the seat columns the deal or setup assigns (`SeatFactor`; Ark Nova: the map). The
      regressions on the seats' results control for them, and a comparison or sweep of an override that
      names one of their values looks at the seats that had it.
    - `points_unit`: what the seats' `points` count, for axes and captions (Ark Nova: "VP"; default "points").
    - `card_timing`: the card events' column that says when in the game a card was played (Ark Nova:
      "break_number", the breaks completed); the card regression controls for it. "" when there is none.
    - `shape_measures`: the columns of the tournament's game-shape table (`ShapeMeasure`), none by default.
    - `deck_draw`: the card event (event, source) of a card drawn blind from a deck (Ark Nova: ("drawn", "deck");
      Inhabit the Earth: ("drawn", ""), every draw being blind), whose card is a randomised treatment like the deal
      (`sim.analysis.randomised.drawn_effects`); () when the game records none.
    - `held_events`: the card events by which a seat comes to hold a card (Ark Nova: kept, drawn, taken, snapped,
      pilfered; Inhabit the Earth: drawn), for the descriptive play rate: of the seats that held a card, the share
      that played it. () when the game records none.
    - `game_length`: the games-table column that says how long a game was (Ark Nova: "turns"), for the ban
      study's change of game length; "" = the decisions of the game.
    - `shortcuts`: options the game offers as their own flag: `--NAME VALUE` on every command that takes
      `--option` means `--option NAME=VALUE` (Ark Nova: "maps", so `--maps 3`). None by default.

    The seats are called seats for every game: no game so far needs another word in the reports.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[GameOption, ...]
    default_bot: str
    study_options: Mapping[str, Any] = field(default_factory=dict)
    data_note: str = ""
    notebooks: tuple[str, ...] = ()
    turn_decision: str | tuple[str, ...] = "turn"
    turn_numbering: str = "seat"
    seat_factors: tuple[SeatFactor, ...] = ()
    points_unit: str = "points"
    card_timing: str = ""
    shape_measures: tuple[ShapeMeasure, ...] = ()
    shortcuts: tuple[str, ...] = ()
    ladder: tuple[str, ...] = ()
    game_length: str = ""
    deck_draw: tuple[str, str] | tuple[()] = ()
    held_events: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's panel on the replay page (`arkmc replay`, `arkmc play --html`), as a game's optional
    `seat_view(observation)` draws it from that seat's observation alone: so it shows the seat's hand as
    the seat saw it, and nothing another seat hid.

    `tracks` and `public` are (label, text) pairs: the seat's own numbers (score, money, ...), and what
    every seat sees alike (a shared board, a display of cards; the page shows the first seat's). `private`
    names the seat's hidden holdings by group, e.g. ("hand", ("Cougar", "Mandrill")). `drawing` is an
    inline SVG or HTML fragment (the seat's board, with its legend), "" when the game draws none: the page then
    shows the tracks, the cards and the log. `table_drawing` is the same for what every seat sees alike (Ark &
    Noah's ark, Inhabit the Earth's trails): the page draws the first seat's once, across the page above the
    panels. Text in the drawings must be escaped by the game; everything else is escaped by the page. The page
    widens a drawing until its smallest text is 10 px (scrolling it sideways where the window is too narrow).
    """

    tracks: tuple[tuple[str, str], ...]
    private: tuple[tuple[str, tuple[str, ...]], ...] = ()
    public: tuple[tuple[str, str], ...] = ()
    drawing: str = ""
    table_drawing: str = ""


class TurnLog(Protocol):
    """`arkmc play`'s printer: a play-loop listener that writes a game as readable lines."""

    def __call__(self, state: "GameState", decision: Decision, option: Any) -> None: ...

    def flush(self) -> None:
        """Write what is pending (the game stopped early)."""

    def finish(self) -> None:
        """Write the rest and the final scores."""


class GameFactory(Protocol):
    """Creates games; registered by name in `sim.core.registry`.

    A factory is a value: `overridden` returns another factory whose games use changed data, and
    this one is left as it was, so every rule of those games sees the change. Optionally it draws
    its seats for the replay page (`SeatViews.seat_view`).

    Optional: `dimension_tables() -> Mapping[str, DimensionTable]`, the game's fixed data as tables
    (Ark Nova: `cards` and `maps`). The runner writes each as NAME.parquet in the run folder at the
    start of every session, from the factory with the run's overrides, so the tables show the data
    the games were played with; the report labels cards and maps from them.
    """

    info: GameInfo

    def new_game(self, config: Mapping[str, Any], seed: int) -> GameState: ...

    def default_config(self) -> dict[str, Any]: ...

    def validate(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The config with defaults filled in; a ValueError with a one-line message if bad."""

    def parse_overrides(self, texts: Sequence[str]) -> dict[str, str]:
        """`path=value` data overrides, checked; a ValueError with a one-line message if bad."""

    def overridden(self, overrides: Mapping[str, str]) -> "GameFactory":
        """A factory whose games use the data with these overrides (parsed by `parse_overrides`)."""

    def data_version(self) -> str:
        """A digest of the game's static data files, recorded with every experiment."""

    def dataset_schema(self) -> Mapping[str, Mapping[str, str]]:
        """Column types of the game's own columns, per table ("u8", "i16", "cat", "list[u16]", ...)."""

    def keep_history(self, state: GameState) -> None:
        """Make `state` record what `dataset_tables` needs (card events, turns)."""

    def dataset_tables(self, state: GameState) -> GameTables:
        """The game's own columns for one finished game."""

    def turn_log(self, state: GameState, write: Callable[[str], None]) -> TurnLog:
        """The printer of `arkmc play` for this game."""

    def card_statuses(self) -> "Sequence[CardStatus]":
        """Every card or rule element with its implementation status (`arkmc cards`); empty when none."""

    def report_sections(self, run: Any) -> Sequence[Any]:
        """The game's own sections of `arkmc report` for a `sim.analysis.data.Run`, after the generic ones:
        each a section, or a function that builds one from the run (called in turn, so that the report
        can show its progress while a slow section is built)."""

    def comparison_sections(self, base: Any, variant: Any) -> Sequence[Any]:
        """The game's own sections of `arkmc report BASE VARIANT` for two `sim.analysis.data.Run`s, after the
        generic ones (Ark Nova: the change of every map's win rate): each a section, or a function that
        builds one from the two runs (returning None when the runs record nothing it shows)."""

    def report_methods(self) -> Sequence[str]:
        """The paragraphs the game adds to the Methods section of its `arkmc report`, after the generic
        ones: how its own sections measure what they show (Ark Nova: map and card regressions, keeps)."""


class SeatViews(Protocol):
    """Optional for a `GameFactory`: how the replay page (`sim.replay`) shows a seat at the end of each
    turn. A factory without `seat_view` gets a page with the log and the final results only."""

    def seat_view(self, observation: Observation) -> SeatView:
        """The seat's panel, made from its observation only (see `SeatView`)."""


class GameShapes(Protocol):
    """Optional for a `GameFactory`: how a run's games look in the game's own terms, for the game-shape part of
    the bot-comparison notebook after the generic length section (`sim.analysis.report.shape_sections`). A
    factory without `shape_sections` shows the generic section only."""

    def shape_sections(self, run: Any) -> Sequence[Any]:
        """Functions that each build one section from a `sim.analysis.data.Run` (as `report_sections` gives)."""


class DataFolders(Protocol):
    """Optional for a `GameFactory`: a folder of the user's in place of some of the game's data files
    (`--data FOLDER`, the experiment key `data`; `sim.core.data_folder` reads and checks the folder)."""

    def with_data(self, folder: str) -> GameFactory:
        """A factory whose games use the files of `folder` (an absolute path) in place of the shipped files of
        the same names; this one is unchanged, and `overridden` on the new one applies on top of the folder.
        A ValueError with a one-line message when the folder or a file in it is bad."""


@dataclass(frozen=True, slots=True)
class Intervention:
    """One change a study makes to a freshly set-up game, before any decision (`arkmc study`).

    `kind` is one of:
    - "deal": `component` is in `seat`'s opening hand. It replaces a card of that hand chosen at random, and
      the replaced card takes the component's place (the deck, another seat's hand, a display);
    - "keep" / "let_go": as "deal", and the seat's opening keep must keep it / must let it go;
    - "ban": the component is out of the game (`seat` is unused).

    `component` is a number from the game's `study_components()`.
    """

    kind: str
    component: int
    seat: int = 0


class Interventions(Protocol):
    """Optional for a `GameFactory`: the game can force or remove one of its components, which is what
    `arkmc study` needs to measure a component's strength by experiment rather than by correlation.

    - `study_component`: what a component is called, for people ("card", "species");
    - `study_kinds`: the `Intervention` kinds the game can make ("keep" and "let_go" need an opening keep);
    - `study_components()`: number -> name of every component a study may force or remove;
    - `intervene(state, intervention, rng)`: make the change on a game fresh from `new_game`, drawing any
      random choice (which card of the hand is replaced) from `rng` alone, so that the game's own random
      stream, and with it everything the change does not touch, stays as in the untouched twin. A
      ValueError with a one-line message when the change cannot be made in this game (the seat does not
      exist).
    """

    study_component: str
    study_kinds: tuple[str, ...]

    def study_components(self) -> Mapping[int, str]: ...

    def intervene(self, state: GameState, intervention: Intervention, rng: random.Random) -> None: ...


ANY_GAME = "*"


class Bot(Protocol):
    """A player. It sees its seat's observation and the decision, and returns a legal option.

    `games` names the games it can play (`ANY_GAME` for every game). A bot that never looks at
    the table (uniformly random play) sets `observes = False`; the play loop then passes None
    and saves the cost of the snapshot. A bot that only reads the table while it decides may set
    `observes = "view"`: in a game that offers views it gets one instead of a snapshot, which saves the copy.
    """

    name: str
    games: tuple[str, ...]

    def choose(self, observation: Observation, decision: Decision, rng: random.Random) -> Any: ...
