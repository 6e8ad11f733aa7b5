"""Run a notebook headless with new parameters, the way papermill does, with nbclient only.

The cell tagged `parameters` keeps its defaults; a cell with the given values is inserted right
after it, so the notebook runs top to bottom against any run folder:

    python -m sim.analysis.notebooks notebooks/zoo_maps.ipynb run_dir=runs/demo make_example=False
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient


def with_parameters(notebook: nbformat.NotebookNode, parameters: Mapping[str, Any]) -> nbformat.NotebookNode:
    """The notebook with a cell assigning `parameters` after its `parameters` cell (first cell if none)."""
    source = "# Injected parameters\n" + "\n".join(f"{name} = {value!r}" for name, value in parameters.items())
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = ["injected-parameters"]
    tagged = [i for i, c in enumerate(notebook.cells) if "parameters" in c.metadata.get("tags", [])]
    notebook.cells.insert(tagged[0] + 1 if tagged else 0, cell)
    return notebook


def execute(path: Path, parameters: Mapping[str, Any], cwd: Path | None = None, timeout: int = 600
            ) -> nbformat.NotebookNode:
    """Execute the notebook at `path` with `parameters`; raises nbclient's CellExecutionError on a failing cell."""
    notebook = with_parameters(nbformat.read(path, as_version=4), parameters)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(cwd or Path.cwd())}}).execute()
    return notebook


def parse_parameters(pairs: list[str]) -> dict[str, Any]:
    """`NAME=VALUE` pairs as notebook parameters: a Python literal (3, 0.5, True, "x") as that value, else a string."""
    parameters: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            parameters[name] = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            parameters[name] = value
    return parameters


def main(arguments: list[str]) -> None:
    """`python -m sim.analysis.notebooks NOTEBOOK [NAME=VALUE ...] [--out EXECUTED.ipynb]`."""
    out = None
    if "--out" in arguments:
        position = arguments.index("--out")
        out = Path(arguments[position + 1])
        del arguments[position:position + 2]
    path, *pairs = arguments
    notebook = execute(Path(path), parse_parameters(pairs))
    if out:
        nbformat.write(notebook, out)


if __name__ == "__main__":
    main(sys.argv[1:])
