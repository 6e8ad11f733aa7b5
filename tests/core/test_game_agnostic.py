"""The framework is game-agnostic in its words as well as its imports: no module of `sim/` outside the game
packages, nor of `heuristics/` outside the game folders, names a game or one of Ark Nova's own terms in its
code, strings or comments. Docstrings may, as examples ("Ark Nova: the map"); Python's `break` and `map()` are
not words of a game."""

from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME_FOLDERS = ("arknova", "arknoah", "inhabit")
GAME_WORDS = re.compile(r"\b(ark\s*nova|arknova|maps?|appeal|sponsors?|breaks?|cp|vp)\b", re.IGNORECASE)
PYTHON_NAMES = set(keyword.kwlist) | set(dir(builtins))


def framework_files() -> list[Path]:
    """Every Python file of the framework: `sim/` and `heuristics/` less the game packages."""
    files = []
    for top in ("sim", "heuristics"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path.relative_to(ROOT / top).parts[0] not in GAME_FOLDERS:
                files.append(path)
    return files


def game_words(source: str) -> list[tuple[int, str]]:
    """(line, text) of every token that uses a game word, docstrings and Python's own names left out."""
    found = []
    previous = tokenize.INDENT
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        docstring = token.type == tokenize.STRING and previous in (tokenize.INDENT, tokenize.NEWLINE, tokenize.DEDENT)
        python_name = token.type == tokenize.NAME and token.string in PYTHON_NAMES
        if token.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) \
                and not docstring and not python_name and GAME_WORDS.search(token.string):
            found.append((token.start[0], token.string))
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            previous = token.type
    return found


def test_the_check_finds_game_words_outside_docstrings() -> None:
    source = ('"""Docstring: Ark Nova\'s maps are an example."""\n'
              "for seat in seats:\n    break\nnames = list(map(str, seats))\n"
              "maps = 1  # appeal\nlabel = 'VP'\n")
    assert [line for line, _ in game_words(source)] == [5, 5, 6]


@pytest.mark.parametrize("path", framework_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_framework_code_names_no_game(path: Path) -> None:
    found = game_words(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line}: {text}" for line, text in found)
