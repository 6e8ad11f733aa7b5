"""A folder of the user's data files in place of a game's shipped ones (sim.core.data_folder): which files
it replaces, and the one line that refuses a folder that cannot be used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.core.data_folder import DataFolderError, data_files, factory_with_data, parse_file, shipped_files
from sim.core.registry import get_game

PACKAGE = "sim.arknoah"  # a game package with a data folder: species.csv, rules.json, ark.json


def test_the_folders_files_replace_the_shipped_ones_of_the_same_name_and_the_others_stay(tmp_path: Path) -> None:
    (tmp_path / "species.csv").write_text("species\nlion\n", encoding="utf-8")
    (tmp_path / ".DS_Store").write_bytes(b"\x00")  # a system's file, not data
    shipped = shipped_files(PACKAGE)
    files = data_files(PACKAGE, str(tmp_path))
    assert set(files.contents) == set(shipped.contents) == {"species.csv", "rules.json", "ark.json"}
    assert files.read_text("species.csv") == "species\nlion\n" and files.contents["rules.json"] == shipped.contents["rules.json"]
    assert files.replaced == ("species.csv",) and files.folder == str(tmp_path)
    assert files.digest != shipped.digest and data_files(PACKAGE) is shipped
    assert data_files(PACKAGE, str(tmp_path)) == files  # equal files give one key for a game's cached data


def test_the_same_files_give_the_same_digest_and_a_changed_byte_another(tmp_path: Path) -> None:
    one, other = tmp_path / "one", tmp_path / "other"
    for folder in (one, other):
        folder.mkdir()
        (folder / "rules.json").write_bytes(shipped_files(PACKAGE).contents["rules.json"])
    assert data_files(PACKAGE, str(one)).digest == data_files(PACKAGE, str(other)).digest == shipped_files(PACKAGE).digest
    (other / "rules.json").write_bytes(shipped_files(PACKAGE).contents["rules.json"] + b" ")
    assert data_files(PACKAGE, str(other)).digest != shipped_files(PACKAGE).digest


@pytest.mark.parametrize(("make", "message"), [
    (lambda folder: (folder / "notes.txt").write_text("mine"),
     "notes.txt is not a data file of this game (its data files: ark.json, rules.json, species.csv)"),
    (lambda folder: (folder / "species.csv").mkdir(), "species.csv is not a data file of this game"),
    (lambda folder: None, "holds none of the game's data files (ark.json, rules.json, species.csv)"),
])
def test_a_folder_that_cannot_be_used_is_one_line(tmp_path: Path, make, message: str) -> None:
    make(tmp_path)
    with pytest.raises(DataFolderError) as error:
        data_files(PACKAGE, str(tmp_path))
    text = str(error.value)
    assert text.startswith(f"data folder {tmp_path}") and message in text and "\n" not in text


def test_a_missing_folder_or_a_file_in_its_place_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(DataFolderError, match="^data folder .*/nowhere does not exist$"):
        data_files(PACKAGE, str(tmp_path / "nowhere"))
    (tmp_path / "file").write_text("")
    with pytest.raises(DataFolderError, match="is not a folder$"):
        data_files(PACKAGE, str(tmp_path / "file"))


def test_a_file_that_does_not_parse_is_named_with_its_folder(tmp_path: Path) -> None:
    (tmp_path / "rules.json").write_text("{oops", encoding="utf-8")
    (tmp_path / "ark.json").write_bytes(b"\xff\xfe")
    files = data_files(PACKAGE, str(tmp_path))
    with pytest.raises(DataFolderError, match=f"^data folder {tmp_path}: rules.json does not parse: Expecting"):
        parse_file(files, "rules.json", json.loads)
    with pytest.raises(DataFolderError, match=f"^data folder {tmp_path}: species.csv does not parse: no 'start'$"):
        parse_file(files, "species.csv", lambda text: json.loads("{}")["start"])
    with pytest.raises(DataFolderError, match="ark.json is not UTF-8 text"):
        files.read_text("ark.json")


def test_a_game_without_data_files_refuses_a_folder_and_no_folder_changes_nothing(tmp_path: Path) -> None:
    toy = get_game("toygame.game:ToyGame")
    assert factory_with_data(toy, "") is toy
    with pytest.raises(DataFolderError, match="^Toy Market has no data files to replace; leave out data$"):
        factory_with_data(toy, str(tmp_path))
