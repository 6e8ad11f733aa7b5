"""How `pytest -n 2` (make test) shares the tests between its workers.

pyproject.toml has xdist hand out whole modules (`--dist loadfile`): a module's tests run on one worker, so a
module-scoped fixture (a run of hundreds of games that several tests read) is made once, not once per worker.
The modules are handed out in the order collected (`--no-loadscope-reorder`), and this hook collects the tests
marked `long` (minutes of play each) first: their modules start at once, while the many short modules fill the
other worker, instead of starting last and making the suite wait for them. Without xdist the order changes
nothing: every test still runs, alone.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: the long first, else as collected
