"""The notebooks' plumbing: their parameters, the run they read, and running them headless.

A notebook's first code cell, tagged `parameters` (papermill's convention), sets its parameters'
defaults. Paths among them are relative to the project root (the folder holding `sim/` and
`notebooks/`), wherever Jupyter or a script starts the kernel: `run_dir = "runs/demo"` is the folder
`make run` fills, never one inside notebooks/. The cell after it checks the names and types it
was given (`check_parameters`), so a misspelled parameter injected by papermill or nbclient stops
the notebook instead of being ignored, and opens the run (`open_run`): a folder that holds no run
is a one-line error saying how to make one; a small example run is played only on request. A game's
own notebooks name its `Study` (Ark & Noah's reads runs/arknoah and refuses another game's run); a
notebook for every game reads `ANY_GAME`'s.

Headless, with other parameters (names are checked before a kernel starts):

    python -m sim.analysis.notebooks notebooks/bot_comparison.ipynb run_dir=runs/demo --out /tmp/bots.ipynb
"""

from __future__ import annotations

import ast
import difflib
import os
import sys
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from sim.analysis.data import NotARun, Run, example_run
from sim.pipeline.command import arkmc
from sim.pipeline.experiment import Experiment
from sim.pipeline.storage import RunFolder

ROOT = Path(__file__).resolve().parents[2]   # the project root: sim/analysis/notebooks.py is two folders down
DEMO_RUN = Experiment.out                    # where `make run` saves its games (runs/demo)
KERNEL_NAMES = frozenset({"In", "Out", "exit", "quit", "get_ipython", "open"})   # what IPython puts in a namespace
KERNEL_QUIET = "--IPKernelApp.log_level=ERROR"   # not its warning that a local kernel talks over plain TCP
CHECKED = "_parameters_checked"   # set once the parameters were checked: re-running the cell in Jupyter keeps them


class NotebookError(ValueError):
    """Bad input to a notebook (a parameter, a run folder): a one-line message.

    Jupyter shows it as that line, not as a traceback (IPython calls `_render_traceback_`), and
    `python -m sim.analysis.notebooks` prints it as `error: ...` with exit code 2.
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def resolve(path: str | Path) -> Path:
    """`path` as the notebooks read it: relative paths from the project root, `~` expanded."""
    path = Path(path).expanduser()
    return path if path.is_absolute() else ROOT / path


def check_parameters(namespace: MutableMapping[str, Any], **kinds: type | tuple[type, ...]) -> None:
    """Refuse a parameter the notebook does not take, or one of the wrong type (NotebookError).

    `kinds` names every parameter of the notebook with its type. The names checked are the values
    the notebook's namespace holds when the cell after the parameters cell runs in a fresh kernel:
    the parameters cell's and any injected cell's (papermill, nbclient); modules, functions, classes
    and IPython's own names are not parameters. So call it first in that cell, before other imports.
    Unknown names are looked for once per kernel, so running that cell again in Jupyter after later
    cells made their own variables is not refused; types are checked every time.
    """
    if not namespace.get(CHECKED):
        given = [name for name, value in namespace.items()
                 if not name.startswith("_") and name not in KERNEL_NAMES
                 and not isinstance(value, ModuleType) and not callable(value)]
        for name in given:
            if name not in kinds:
                raise unknown_parameter(name, list(kinds), "this notebook")
    for name, kind in kinds.items():
        if name not in namespace:
            raise NotebookError(f"parameter {name!r} is not set: the parameters cell must give it a default")
        value = namespace[name]
        wanted = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, wanted) or (isinstance(value, bool) and bool not in wanted):
            raise NotebookError(f"parameter {name!r} must be {' or '.join(k.__name__ for k in wanted)}, "
                                f"not {value!r}")
    namespace[CHECKED] = True


def unknown_parameter(name: str, known: list[str], owner: str) -> NotebookError:
    """The error for a parameter `owner` does not take, naming the closest one it does."""
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return NotebookError(f"{owner} has no parameter {name!r}{hint}; its parameters: {', '.join(known) or 'none'}")


@dataclass(frozen=True, slots=True)
class Study:
    """The run a game's notebooks are written for: the folder they read by default (from the project
    root), how a run of that kind is made, and the game an example run plays.

    `arguments` are what `arkmc run` needs besides `--out` to make such a run, `maker` the command that
    fills `folder` when it is not `arkmc run` (Ark Nova's: `make run`). With `game` set, a run of
    another game is refused; without it the notebook reads any game's run and examples are the default
    game's (`sim.core.registry.default_game`).
    """

    folder: str
    arguments: str = ""
    maker: str = ""
    game: str | None = None

    def making(self, out: str | Path) -> str:
        """The command that makes a run of this kind in `out`."""
        return f"{arkmc()} run{' ' + self.arguments if self.arguments else ''} --out {out}"

    def fills(self) -> str:
        """The command that fills `folder`, run in the project root."""
        return self.maker or self.making(self.folder)


ANY_GAME = Study(str(DEMO_RUN), maker="make run")   # a notebook for every game (bot_comparison) reads the demo


def open_run(run_dir: str | Path, make_example: bool = False, games: int = 120,
             bots: tuple[str, ...] | list[str] = ("random",), study: Study = ANY_GAME) -> Run:
    """The run in `run_dir` (relative to the project root); NotebookError when it holds none, or
    when it holds a run of another game than the study's.

    With `make_example` a folder that holds no run first gets a small example run of `games`
    games of `bots` (with the game's study options; a few seconds to a minute), except the study's own
    folder: an example there would make the command that fills it refuse to resume it.
    """
    path = resolve(run_dir)
    own = path == resolve(study.folder)
    if make_example and not path.is_file() and not _holds_experiment(path):
        if own:
            raise NotebookError(f"{study.folder} is where `{study.fills()}` saves its games, so no example run is "
                                f"played into it: set run_dir to another folder (e.g. \"runs/example\") or run "
                                f"`{study.fills()}` in {ROOT}")
        example_run(path, games=games, bots=tuple(bots), game=study.game)
    if not path.exists():
        how = (f"make it with `{study.fills()}` in {ROOT}, or set run_dir to another folder and make_example = True "
               "for a small example run" if own else
               f"make one with `{study.making(path)}`, or set make_example = True to play a small example run into it")
        raise NotebookError(f"no run in {run_dir} ({path}): {how}")
    try:
        run = Run.open(path)
    except NotARun as error:
        raise NotebookError(str(error)) from None
    played = run.factory.info.name if run.factory is not None else run.spec.get("game")
    if study.game and played != study.game:
        raise NotebookError(f"{run_dir} holds a run of {played!r}, not of {study.game!r}: make one with "
                            f"`{study.making(path)}`")
    return run


def _holds_experiment(path: Path) -> bool:
    """Whether `path` is a folder with a manifest (a damaged one counts: `Run.open` says what is wrong)."""
    try:
        return path.is_dir() and RunFolder(path).read_manifest() is not None
    except (ValueError, OSError):
        return True


def declared_parameters(notebook: nbformat.NotebookNode) -> dict[str, Any]:
    """The names and default values the notebook's `parameters` cell assigns (none without that cell)."""
    cells = [cell for cell in notebook.cells if "parameters" in cell.metadata.get("tags", [])]
    if not cells:
        return {}
    tree = ast.parse(cells[0].source)
    return {target.id: ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name)}


def with_parameters(notebook: nbformat.NotebookNode, parameters: Mapping[str, Any], name: str = "the notebook"
                    ) -> nbformat.NotebookNode:
    """The notebook with a cell assigning `parameters` right after its `parameters` cell.

    A name the parameters cell does not assign is refused (NotebookError), before any kernel starts.
    """
    declared = declared_parameters(notebook)
    for parameter in parameters:
        if parameter not in declared:
            raise unknown_parameter(parameter, list(declared), name)
    source = "# Injected parameters\n" + "\n".join(f"{key} = {value!r}" for key, value in parameters.items())
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = ["injected-parameters"]
    tagged = [i for i, c in enumerate(notebook.cells) if "parameters" in c.metadata.get("tags", [])]
    notebook.cells.insert(tagged[0] + 1 if tagged else 0, cell)
    return notebook


def execute(path: Path, parameters: Mapping[str, Any], cwd: Path | None = None, timeout: int = 600
            ) -> nbformat.NotebookNode:
    """Execute the notebook at `path` with `parameters` in a kernel started in `cwd` (default: the
    notebook's folder, as Jupyter does); nbclient's CellExecutionError on a failing cell.

    The kernel imports `sim` from this project root, the checkout running the notebook, even when
    the Python environment was installed from another one.
    """
    notebook = with_parameters(nbformat.read(path, as_version=4), parameters, path.name)
    search_path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    NotebookClient(notebook, timeout=timeout, kernel_name="python3", extra_arguments=[KERNEL_QUIET],
                   resources={"metadata": {"path": str(cwd or path.parent)}}).execute(
                       env={**os.environ, "PYTHONPATH": search_path})
    return notebook


def parse_parameters(pairs: list[str]) -> dict[str, Any]:
    """`NAME=VALUE` pairs as notebook parameters: a Python literal (3, 0.5, True, "x") as that value, else a string."""
    parameters: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.isidentifier():
            raise NotebookError(f"{pair!r} is not NAME=VALUE")
        try:
            parameters[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            parameters[name] = value
    return parameters


def main(arguments: list[str]) -> int:
    """`python -m sim.analysis.notebooks NOTEBOOK [NAME=VALUE ...] [--out EXECUTED.ipynb]`; the exit code.

    Prints what the last cell printed: the notebook's answer. Bad input (a missing notebook, an unknown
    or mistyped parameter, a folder that holds no run) is one line on stderr and exit code 2; a failing
    cell prints its error and gives 1.
    """
    out = None
    try:
        if "--out" in arguments:
            position = arguments.index("--out")
            if position + 1 >= len(arguments):
                raise NotebookError("--out needs a file name")
            out = Path(arguments[position + 1])
            del arguments[position:position + 2]
        if not arguments:
            raise NotebookError("give a notebook, e.g. notebooks/bot_comparison.ipynb")
        path, *pairs = arguments
        if not os.path.isfile(path):
            raise NotebookError(f"no notebook {path}")
        notebook = execute(Path(path), parse_parameters(pairs))
    except NotebookError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except CellExecutionError as error:
        if error.ename == NotebookError.__name__:
            print(f"error: {error.evalue}", file=sys.stderr)
            return 2
        print(f"error: {path}: a cell failed with {error.ename}: {error.evalue}", file=sys.stderr)
        return 1
    answer = notebook.cells[-1].get("outputs", []) if notebook.cells else []
    print("".join(output.get("text", "") for output in answer if output.get("output_type") == "stream"), end="")
    if out:
        nbformat.write(notebook, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
