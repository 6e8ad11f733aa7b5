"""`Run.pandas(name)` hands a run's tables out as pandas frames: the same finished-game rows as the polars ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from sim.analysis.data import TABLES, Run, example_run


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Six Ark Nova games of random against default."""
    return Run.open(example_run(tmp_path_factory.mktemp("pandas") / "run", games=6, bots=("random", "default"), seed=5))


def plain(value: Any) -> Any:
    """A pandas cell as polars' to_list gives it: a list for an array, None for a missing value."""
    if hasattr(value, "tolist"):
        return value.tolist()
    return None if pd.isna(value) else value


@pytest.mark.parametrize("name", TABLES)
def test_each_table_is_the_polars_one_as_a_pandas_frame(run: Run, name: str) -> None:
    polars_rows = getattr(run, name)
    frame = run.pandas(name)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == polars_rows.columns and len(frame) == polars_rows.height > 0
    for column in polars_rows.columns:
        values = [plain(value) for value in frame[column]]
        assert values == polars_rows[column].to_list(), column


def test_a_pandas_group_by_on_the_seats_agrees_with_polars(run: Run) -> None:
    by_pandas = run.pandas("seats").groupby("bot")["won"].agg(["size", "mean"])
    groups = run.seats.partition_by("bot", as_dict=True)
    assert sorted(by_pandas.index) == sorted(key[0] for key in groups) == ["default", "random"]
    for (bot,), group in groups.items():
        assert by_pandas.loc[bot, "size"] == group.height
        assert by_pandas.loc[bot, "mean"] == pytest.approx(group["won"].mean())


def test_a_game_table_of_the_game_itself_comes_too(tmp_path: Path) -> None:
    run = Run.open(example_run(tmp_path / "noah", games=2, bots=("default",), seed=1, game="arknoah"))
    loads = run.pandas("loads")
    assert len(loads) == run.table("loads").height > 0
