"""Bring your own data: a game's data files, and a folder of the user's whose files replace some of them.

A game ships its data as files in the folder ``data/`` of its package. `arkmc ... --data FOLDER` (the
experiment key ``data``) names a folder of the user's, for example with the printed cards of a copy of the
game: each file in it replaces the shipped file of the same name, and the files it lacks stay as shipped.
A name the game does not ship, an empty folder or an unreadable file is a `DataFolderError` of one line,
and the game parses the files it is given as it parses its own (`parse_file` names the file that does not
parse), so a bad folder is refused before any game is played. The digest of the files used is the game's
data version: a run records it, so a run is not resumed, nor a game replayed, on other data.

A game offers this with ``with_data(folder)`` (`sim.core.protocols.DataFolders`), which reads the files
with `data_files` and builds its data from them; `factory_with_data` is how the framework asks for it.
"""

from __future__ import annotations

import csv
import functools
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from sim.core.protocols import GameFactory

T = TypeVar("T")
DATA_KEY = "data"  # the experiment key, and the flag --data
# What a parser raises on a file it cannot read: a bad value, a missing column or key, a wrong type.
PARSE_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError, csv.Error)


class DataFolderError(ValueError):
    """A data folder, or a file in it, that cannot be used; the message is one line naming it."""


@dataclass(frozen=True)
class DataFiles:
    """The data files a game's games are played with, by name: the shipped ones, some of them replaced by the
    files of the user's `folder`. Equal (and hashed alike) when the folder and the files' digest are, so a game
    can key its parsed data on it."""

    contents: Mapping[str, bytes] = field(compare=False, repr=False)
    digest: str  # of every file used, its name and its bytes
    folder: str = ""  # the user's folder, absolute; "" when every file is the shipped one
    replaced: tuple[str, ...] = ()  # the names taken from `folder`

    def read_text(self, name: str) -> str:
        """One file's text; a DataFolderError when it is not UTF-8."""
        try:
            return self.contents[name].decode("utf-8")
        except UnicodeDecodeError as error:
            raise self.error(f"{name} is not UTF-8 text ({error.reason} at byte {error.start})") from None

    def error(self, problem: str) -> DataFolderError:
        """The error of a problem with these files, naming the user's folder when there is one."""
        return DataFolderError(f"data folder {self.folder}: {problem}" if self.folder else problem)


def data_files(package: str, folder: str = "") -> DataFiles:
    """The data files of the game in `package` (its ``data/`` folder), those of `folder` in their place
    when a folder is given. A DataFolderError when the folder does not exist, holds no data file, holds a file
    the game does not ship (files whose names start with a dot are left out: an editor's or a system's), or a
    file cannot be read."""
    shipped = shipped_files(package)
    if not folder:
        return shipped
    path = Path(folder)
    if not path.is_dir():
        raise DataFolderError(f"data folder {folder} {'is not a folder' if path.exists() else 'does not exist'}")
    names = sorted(entry.name for entry in path.iterdir() if not entry.name.startswith("."))
    known = ", ".join(sorted(shipped.contents))
    unknown = [name for name in names if name not in shipped.contents or not (path / name).is_file()]
    if unknown:
        verb = "is not a data file" if len(unknown) == 1 else "are not data files"
        raise DataFolderError(f"data folder {folder}: {', '.join(unknown)} {verb} of this game (its data files: {known})")
    if not names:
        raise DataFolderError(f"data folder {folder} holds none of the game's data files ({known})")
    try:
        replaced = {name: (path / name).read_bytes() for name in names}
    except OSError as error:
        raise DataFolderError(f"data folder {folder}: cannot read {error.filename}: {error.strerror}") from None
    contents = {**shipped.contents, **replaced}
    return DataFiles(contents, files_digest(contents), str(path), tuple(names))


@functools.cache
def shipped_files(package: str) -> DataFiles:
    """The files of the ``data/`` folder of `package`, read once per process (names starting with a dot or
    an underscore are not data)."""
    folder = resources.files(package).joinpath("data")
    contents = {item.name: item.read_bytes() for item in folder.iterdir()
                if item.is_file() and not item.name.startswith((".", "_"))}
    return DataFiles(contents, files_digest(contents))


def files_digest(contents: Mapping[str, bytes]) -> str:
    """The digest of data files: each name and its bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(contents):
        digest.update(name.encode())
        digest.update(contents[name])
    return digest.hexdigest()[:16]


def resolved_folder(folder: str) -> str:
    """A data folder as an absolute path ("" stays ""), so that it means the same folder from any working
    directory, in a worker as in a resumed run."""
    return str(Path(folder).expanduser().resolve()) if folder else ""


def parse_file(files: DataFiles, name: str, parse: Callable[[str], T]) -> T:
    """`parse` of one file's text; what the parser raises on a bad file becomes a DataFolderError naming it."""
    text = files.read_text(name)
    try:
        return parse(text)
    except PARSE_ERRORS as error:
        problem = f"no {error}" if isinstance(error, KeyError) else str(error)
        raise files.error(f"{name} does not parse: {problem}") from None


def refuse_data_option(options: Mapping[str, object]) -> None:
    """A DataFolderError when game options name a data folder: that is `data` of the experiment, for every
    game alike, not a game's option."""
    if DATA_KEY in options:
        raise DataFolderError(f"{DATA_KEY} is not a game option; give a data folder with --data "
                              f"{options[DATA_KEY] or 'FOLDER'} (the experiment key {DATA_KEY})")


def factory_with_data(factory: GameFactory, folder: str) -> GameFactory:
    """`factory` itself when no folder is given, else the factory whose games use the folder's files (the
    game's `with_data`); a DataFolderError when the game has no data files to replace."""
    if not folder:
        return factory
    with_data: Callable[[str], GameFactory] | None = getattr(factory, "with_data", None)
    if with_data is None:
        raise DataFolderError(f"{factory.info.title} has no data files to replace; leave out {DATA_KEY}")
    return with_data(resolved_folder(folder))
