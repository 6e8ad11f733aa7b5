"""The replay page: one self-contained HTML file (inline CSS, JS and SVG, nothing fetched) that steps
through a recorded game. The steps travel as JSON in the page; page.js draws the current one.

The page marks itself for tests and tools: once drawn, `<div id="replay-ready" data-steps=N>` is in
the document and `body[data-step]` is the step shown (from 0); `#step=N` (from 1) or `#step=end` in
the address opens that step.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from sim.core.protocols import SeatResult, SeatView
from sim.replay.recorder import ReplayStep


def replay_page(steps: Sequence[ReplayStep], title: str, seats: Sequence[str],
                facts: Sequence[tuple[str, str]]) -> str:
    """The page of a recorded game: `seats` names each seat ("P1 · default"), `facts` are the
    (label, text) pairs under the title (game, seed, options, bots, ...)."""
    drawings: dict[str, int] = {}  # a zoo that did not change is drawn once
    data = {
        "seats": list(seats),
        "steps": [_step(step, drawings) for step in steps],
        "drawings": list(drawings),
    }
    fact_items = "".join(f"<li>{html.escape(label)}: <b>{html.escape(text)}</b></li>" for label, text in facts)
    return _TEMPLATE.format(
        title=html.escape(title), facts=fact_items, css=_asset("page.css"), js=_asset("page.js"),
        data=_script_json(data))


def seat_names(bots: Sequence[str]) -> list[str]:
    """Each seat as the page heads its panel: "P1 · default"."""
    return [f"P{seat + 1} \N{MIDDLE DOT} {bot}" for seat, bot in enumerate(bots)]


def game_facts(config: Mapping[str, Any], seed: int, data: str = "", overrides: Sequence[str] = ()) -> list[tuple[str, str]]:
    """The facts that make the game what it is, for the page's heading: seed, players, options, the data
    (the folder, or the game's shipped files) and the overrides; none is left blank."""
    facts = [("seed", str(seed)), ("players", str(config["players"]))]
    facts += [(key, ",".join(map(str, value)) if isinstance(value, list) else str(value) or '""')
              for key, value in config.items() if key != "players"]
    facts.append(("data", data or "the game's shipped files"))
    if overrides:
        facts.append(("overrides", ", ".join(overrides)))
    return facts


def write_page(path: Path, page: str) -> None:
    """Write the page, making its folder if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")


def _step(step: ReplayStep, drawings: dict[str, int]) -> dict[str, Any]:
    return {
        "kind": step.kind, "label": step.label, "seat": step.seat, "log": step.log,
        "views": [_view(view, drawings) for view in step.views],
        "results": [_result(result) for result in step.results],
    }


def _view(view: SeatView, drawings: dict[str, int]) -> dict[str, Any]:
    return {
        "tracks": [list(pair) for pair in view.tracks],
        "private": [[group, list(cards)] for group, cards in view.private],
        "public": [list(pair) for pair in view.public],
        "drawing": _drawing_index(view.drawing, drawings),
        "table_drawing": _drawing_index(view.table_drawing, drawings),
    }


def _drawing_index(drawing: str, drawings: dict[str, int]) -> int:
    """The drawing's place in the page's list (a drawing that did not change is stored once), -1 for none."""
    return drawings.setdefault(drawing, len(drawings)) if drawing else -1


def _result(result: SeatResult) -> dict[str, Any]:
    return {"seat": result.seat, "rank": result.rank, "score": _number(result.score),
            "details": _details(result.details)}


def _details(details: Mapping[str, Any]) -> list[list[str]]:
    """The result's plain values as (label, text); nested ones are left to the game's own panel."""
    return [[str(key), str(_number(value))] for key, value in details.items()
            if isinstance(value, (int, float, str)) and key != "score"]


def _number(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _asset(name: str) -> str:
    return resources.files("sim.replay").joinpath(name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON that cannot end its <script> element early: `</` and `<!--` are written as JSON escapes."""
    return json.dumps(data, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "\\u003c!--")


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{css}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<ul class="facts">{facts}</ul>
</header>
<nav id="controls">
<button id="step-first" title="first step (Home)">&#x25C0;&#x25C0;</button>
<button id="step-previous" title="previous step (left arrow)">&#x25C0;</button>
<span id="step-label"></span>
<input id="step-slider" type="range" min="0" max="0" value="0" aria-label="step">
<button id="step-next" title="next step (right arrow)">&#x25B6;</button>
<button id="step-end" title="last step (End)">&#x25B6;&#x25B6;</button>
<span id="step-counter"></span>
<span class="hint">&larr; &rarr; Home End</span>
</nav>
<main>
<div id="boards">
<div id="table-drawing" class="drawing"></div>
<div id="seats"></div>
</div>
<aside>
<div id="public"></div>
<div id="log"></div>
</aside>
</main>
<script type="application/json" id="replay-data">{data}</script>
<script>
{js}</script>
</body>
</html>
"""
