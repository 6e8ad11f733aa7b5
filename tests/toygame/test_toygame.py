"""The toy as a second game of the framework: named by ``toygame.game:ToyGame``, its bots scoped by
its name "toy", played by its greedy bot and by the generic random and search bots, run by the
experiment runner (one worker, two, a Dask cluster, and resumed after an interruption), logged by
`arkmc play`, tuned by `arkmc tune`, with its data overrides, dataset columns and report section."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner
from pipeline.test_runner import table

from sim.analysis.data import Run
from sim.cli import main
from sim.core.cards import DONE
from sim.core.play import play_game
from sim.core.registry import RegistryError, available_bots, game_name, get_game, make_bot
from sim.pipeline.experiment import build_experiment
from sim.pipeline.runner import run
from sim.pipeline.storage import RunFolder
from toygame.bot import GreedyBot, GreedyWeights
from toygame.catalog import load_catalog
from toygame.game import ToyGame
from toygame.steps import Play
from toygame.test_cards import give

SPEC = "toygame.game:ToyGame"
TABLES = ("games", "seats", "plays")


def test_the_spec_names_the_toy_and_bots_are_found_by_its_registry_name() -> None:
    factory = get_game(SPEC)
    assert isinstance(factory, ToyGame) and factory.info.name == "toy" and game_name(SPEC) == "toy"
    assert isinstance(make_bot("greedy", SPEC), GreedyBot)
    assert isinstance(make_bot("default", SPEC), GreedyBot), "the toy's default bot"
    assert {"greedy", "random", "search"} <= set(available_bots(SPEC))
    assert "greedy" not in available_bots("arknova")
    with pytest.raises(RegistryError, match="bot 'greedy' does not play arknova"):
        make_bot("greedy", "arknova")


def test_the_toy_describes_itself() -> None:
    info = ToyGame().info
    assert (info.title, info.min_players, info.max_players, info.default_bot) == ("Toy Market", 2, 4, "greedy")
    assert [option.name for option in info.options] == ["rounds", "start_money"]
    assert all(option.help for option in info.options) and info.notebooks == ("bot_comparison",)
    assert ToyGame().default_config() == {"players": 2, "rounds": 8, "start_money": 3}
    version = ToyGame().data_version()
    assert len(version) == 16 and version == ToyGame().data_version()


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 4}, {"rounds": 1}, {"rounds": 20},
                                    {"start_money": 0}, {"start_money": 10}])
def test_options_at_their_bounds_are_accepted(config: dict[str, Any]) -> None:
    assert ToyGame().validate(config)[next(iter(config))] == next(iter(config.values()))


@pytest.mark.parametrize(("config", "message"), [
    ({"players": 1}, "players must be 2-4, got 1"),
    ({"players": 5}, "players must be 2-4, got 5"),
    ({"players": True}, "players must be 2-4, got True"),
    ({"rounds": 0}, "rounds must be a whole number from 1 to 20, got 0"),
    ({"rounds": 21}, "rounds must be a whole number from 1 to 20, got 21"),
    ({"start_money": -1}, "start_money must be a whole number from 0 to 10, got -1"),
    ({"start_money": 11}, "start_money must be a whole number from 0 to 10, got 11"),
    ({"colour": "blue"}, "unknown Toy Market option(s): colour"),
])
def test_bad_options_get_one_line(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as error:
        ToyGame().validate(config)
    assert str(error.value) == message


def test_an_overridden_factory_plays_changed_data_and_leaves_the_original_as_it_was() -> None:
    factory = ToyGame()
    changed = factory.overridden(factory.parse_overrides(["cards.19.value=1", "cards.19.cost=0"]))
    assert (changed.catalog.cards[19].value, changed.catalog.cards[19].cost) == (1, 0)
    assert factory.catalog.cards[19].value == 9 == load_catalog().cards[19].value
    for maker, points, money in ((changed, 1, 10), (factory, 9, 2)):
        game = maker.new_game({"players": 2, "start_money": 10}, 0)
        give(game, 0, 19)
        game.apply(Play(19))
        assert (game.seats[0].points, game.seats[0].money) == (points, money)


@pytest.mark.parametrize(("text", "message"), [
    ("cards.3.value", "is not PATH=VALUE"),
    ("deck.3.value=5", "must read cards.NUMBER.FIELD"),
    ("cards.99.value=5", "there is no toy card number 99"),
    ("cards.3.name=Lead", "'name' cannot be overridden"),
    ("cards.3.value=-1", "must be a whole number of 0 or more, got '-1'"),
])
def test_bad_overrides_get_one_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ToyGame().parse_overrides([text])


def test_every_card_has_known_effects_and_a_test() -> None:
    statuses = ToyGame().card_statuses()
    assert [status.number for status in statuses] == list(range(1, 25))
    assert all(status.status == DONE and not status.unknown for status in statuses)
    assert all(test.startswith("toygame/test_cards.py::") for status in statuses for test in status.tests)


# ----------------------------------------------------------------------------- bots


def win_share(bots: list[str], games: int, players: int = 2) -> float:
    """The first bot's share of the wins (1/k for each of k tied winners), seats rotating."""
    factory = get_game(SPEC)
    built = [make_bot(spec, SPEC) for spec in bots]
    won = 0.0
    for seed in range(games):
        shift = seed % players
        seated = built[shift:] + built[:shift]
        record = play_game(factory.new_game({"players": players}, seed), seated, seed)
        winners = [result.seat for result in record.results if result.rank == 1]
        won += ((players - shift) % players in winners) / len(winners)
    return won / games


def test_greedy_beats_random() -> None:
    assert win_share(["greedy", "random"], 100) >= 0.65


def test_search_beats_random_and_plays_with_three() -> None:
    assert win_share(["search:simulations=30", "random"], 30) >= 0.65
    assert 0 < win_share(["search:simulations=10,rollout=greedy", "greedy", "random"], 6, players=3) <= 1


def test_greedy_weights_come_from_a_bot_file_and_unknown_ones_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bold.toml"
    path.write_text('bot = "greedy"\n[weights]\npoints = 2\n')
    assert make_bot(str(path), SPEC).weights == GreedyWeights(points=2.0)
    path.write_text('bot = "greedy"\n[weights]\nspeed = 2\n')
    with pytest.raises(RegistryError, match="bad parameters for bot 'greedy': unknown greedy weight.s.: speed"):
        make_bot(str(path), SPEC)


# ----------------------------------------------------------------------------- the framework around it


def experiment(out: Path, **values: Any) -> Any:
    spec = {"game": SPEC, "players": 3, "bots": ["greedy", "random", "search:simulations=8,rollout=greedy"],
            "games": 12, "chunk_size": 3, "seed": 4, "out": str(out), "jobs": 1, **values}
    return build_experiment(spec)


def test_the_runner_gives_the_same_rows_for_one_worker_two_workers_and_a_dask_cluster(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    runs = {"one": experiment(tmp_path / "one"), "two": experiment(tmp_path / "two", jobs=2),
            "dask": experiment(tmp_path / "dask", jobs=2, backend="dask")}
    for spec in runs.values():
        summary = run(spec, progress=False)
        assert summary.games_played == 12 and summary.errors == 0
    games, seats, plays = (table(tmp_path / "one", name) for name in TABLES)
    assert set(games["status"]) == {"finished"} and set(games["game_name"]) == {SPEC}
    assert seats.height == 36 and seats["cards_played"].sum() == plays.height > 0
    assert seats["bot"].to_list()[:3] == ["greedy", "random", "search"]
    for other in ("two", "dask"):
        for name in TABLES:
            assert table(tmp_path / "one", name).equals(table(tmp_path / other, name)), f"{name} differs with {other}"


def test_an_interrupted_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    reference = experiment(tmp_path / "whole")
    run(reference, progress=False)
    interrupted = experiment(tmp_path / "cut", jobs=2)
    save = RunFolder.save_chunk
    saved: list[int] = []

    def interrupt_the_third_save(folder: RunFolder, manifest: Any, chunk: int, *rest: Any) -> None:
        if len(saved) == 2:
            raise KeyboardInterrupt  # what Ctrl-C raises in the main process between two saves
        save(folder, manifest, chunk, *rest)
        saved.append(chunk)

    monkeypatch.setattr(RunFolder, "save_chunk", interrupt_the_third_save)
    first = run(interrupted, progress=False)
    assert first.interrupted and first.games_played == 6
    monkeypatch.setattr(RunFolder, "save_chunk", save)
    second = run(interrupted, resume=True, progress=False)
    assert (second.games_before, second.games_played, second.interrupted) == (6, 6, False)
    for name in TABLES:
        assert table(tmp_path / "whole", name).equals(table(tmp_path / "cut", name)), name


def test_a_toy_run_writes_its_card_table_and_the_analysis_names_its_cards_from_it(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(experiment(out, players=2, bots=["greedy", "random"], games=2, chunk_size=2,
                   overrides=["cards.19.value=1"]), progress=False)
    cards = Run.open(out).cards
    assert cards.height == 24 and cards.filter(pl.col("number") == 19).row(0, named=True) == {
        "number": 19, "name": load_catalog().cards[19].name, "kind": "card", "cost": load_catalog().cards[19].cost,
        "value": 1}                                                      # the run's data, not the file's 9
    assert Run.open(out).card_names[19] == load_catalog().cards[19].name


@pytest.fixture(scope="module")
def two_bot_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20 games of greedy against random."""
    out = tmp_path_factory.mktemp("toy") / "run"
    run(experiment(out, players=2, bots=["greedy", "random"], games=20, chunk_size=10), progress=False)
    return out


def test_the_report_section_compares_the_bots(two_bot_run: Path, tmp_path: Path) -> None:
    [section] = ToyGame().report_sections(Run.open(two_bot_run))
    assert section.title == "Toy Market: cards played"
    [rows] = [result.rows for result in section.tables]
    assert [row[0] for row in rows] == ["greedy", "random"] and [row[1] for row in rows] == ["20", "20"]
    RunFolder(tmp_path / "empty").start({}, "empty", 1, "none")
    [empty] = ToyGame().report_sections(Run.open(tmp_path / "empty"))
    assert empty.text == ["No finished game yet."] and not empty.tables


def test_the_notebooks_the_toy_names_run_on_its_runs(two_bot_run: Path) -> None:
    pytest.importorskip("nbclient")
    from sim.analysis.notebooks import execute

    root = Path(__file__).resolve().parents[2]
    for name in ToyGame().info.notebooks:
        notebook = execute(root / "notebooks" / f"{name}.ipynb", {"run_dir": str(two_bot_run), "make_example": False},
                           cwd=root)
        outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
        assert not [output for output in outputs if output.get("output_type") == "error"], name
        answer = notebook.cells[-1].outputs[0]["text"]                 # the question answered for the toy's bots
        assert re.match(r"(greedy|random) is stronger than (greedy|random): it finished ahead in [\d.]+% \[", answer)


def test_the_turn_log_writes_every_turn_and_the_final_scores() -> None:
    factory = ToyGame()
    state = factory.new_game({"players": 3}, 5)
    lines: list[str] = []
    log = factory.turn_log(state, lines.append)
    record = play_game(state, [make_bot("greedy", SPEC)] * 3, 5, listeners=[log])
    log.finish()
    turns = [line for line in lines if line.startswith("Round ")]
    assert len(turns) == 3 * state.round and turns[0].startswith("Round 1 - P1 ")
    assert lines[-4] == "Final scores" and len(lines[-3:]) == 3
    ranks = sorted(result.rank for result in record.results)
    assert [line.split()[0] for line in lines[-3:]] == [f"#{rank}" for rank in ranks]


def test_arkmc_play_plays_the_toy() -> None:
    result = CliRunner().invoke(main, ["play", "--game", SPEC, "--players", "3", "--bots", "greedy,random,random",
                                       "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Round 1 - P1 " in result.output and "Final scores" in result.output


def test_arkmc_tune_tunes_the_greedy_weights(tmp_path: Path) -> None:
    out = tmp_path / "tuned.toml"
    result = CliRunner().invoke(main, ["tune", "--game", SPEC, "--budget", "8", "--seeds-per-candidate", "1",
                                       "--holdout", "2", "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = tomllib.loads(out.read_text())
    assert written["bot"] == "greedy" and set(written["weights"]) == {"points", "money", "card", "steal"}
    bot = make_bot(str(out), SPEC)
    assert isinstance(bot, GreedyBot) and bot.weights == GreedyWeights(**written["weights"])


def test_the_greedy_family_is_the_toys_tunable_one(tmp_path: Path) -> None:
    from heuristics.tuning import tunable_of

    tuning = tunable_of(SPEC)
    assert tuning is GreedyBot.tunable and tunable_of("arknova") is not tuning
    assert tuning.start("default") == GreedyWeights()
    path = tmp_path / "cards.toml"
    path.write_text(tuning.archetype_text(GreedyWeights(card=2.0), 'draws "more"'))
    assert tuning.start(str(path)) == GreedyWeights(card=2.0)
    assert tomllib.loads(path.read_text())["description"] == 'draws "more"'
    with pytest.raises(ValueError, match="unknown greedy archetype 'bold': default, or a .toml file"):
        tuning.start("bold")
    with pytest.raises(ValueError, match="cannot read greedy archetype"):
        tuning.start(str(tmp_path / "missing.toml"))


def test_arkmc_report_shows_the_generic_sections_and_the_toys_own(two_bot_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "toy.md"
    result = CliRunner().invoke(main, ["report", str(two_bot_run), "--out", str(out), "--format", "md",
                                       "--allow-code"])
    assert result.exit_code == 0, result.output
    titles = [line[3:] for line in out.read_text().splitlines() if line.startswith("## ")]
    assert titles == ["Experiment", "Seat advantage", "Bots", "Game shape", "Toy Market: cards played", "Methods"]
    assert f"| game | {SPEC} |" in out.read_text()
    assert "take this run further" in out.read_text() and "`notebooks/bot_comparison.ipynb`" in out.read_text()


def test_every_report_on_a_game_with_reconstructed_data_says_so(two_bot_run: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from sim.analysis.report import run_sections

    note = "reconstructed from the rulebook; replace tests/toygame/cards.csv with the printed cards"
    assert not any(note in text for text in run_sections(Run.open(two_bot_run))[0].text)
    monkeypatch.setattr(ToyGame, "info", replace(ToyGame.info, data_note=note))
    assert f"Data: {note}" in run_sections(Run.open(two_bot_run))[0].text


def test_arkmc_tournament_plays_the_toy(tmp_path: Path) -> None:
    out = tmp_path / "tournament"
    result = CliRunner().invoke(main, ["tournament", "--game", SPEC, "--bots", "greedy;random;search:simulations=4",
                                       "--games", "4", "--jobs", "1", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    lines = (out / "report.txt").read_text().splitlines()
    assert lines[0].startswith("tournament: 3 bots, 2 players per table, 6 table rotations, 24 finished games")
    assert lines[1].startswith("standings by win rate")
    assert {line.split()[0] for line in lines[3:6]} == {"greedy", "random", "search:simulations=4"}
    assert (out / "pairwise.png").stat().st_size > 0
    shape = lines.index("game shape: per bot over the games it played (means per game or seat)")   # the toy's own
    assert lines[shape + 1].split()[1:] == ["rounds", "cards", "played", "winner", "points"]
    assert pl.read_csv(out / "shape.csv").columns == ["bot", "seats", "rounds_played", "cards_played", "winner_points"]
    refused = CliRunner().invoke(main, ["tournament", "--game", SPEC, "--bots", "greedy,default_search",
                                        "--games", "1", "--out", str(tmp_path / "other")])
    assert refused.exit_code == 2 and "'default_search' does not play toy" in refused.output


def test_two_toy_runs_compare_without_the_ark_nova_sections(two_bot_run: Path, tmp_path: Path) -> None:
    """The toy records no zoo maps and no card events, so a comparison shows the two experiments and the
    generic seat-by-seat changes only (paired on the seeds the runs share)."""
    other = tmp_path / "other"
    run(experiment(other, players=2, bots=["random", "random"], games=6, chunk_size=6), progress=False)
    out = tmp_path / "compare.md"
    result = CliRunner().invoke(main, ["report", str(two_bot_run), str(other), "--out", str(out), "--format", "md",
                                       "--allow-code"])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    titles = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert titles == ["Baseline: run", "Variant: other", "Paired on common seeds", "Methods"]
    assert "6 finished games of the two runs share their seed" in text and "| 1 | greedy → random | 6 |" in text
