"""`make test` sets up the Chromium its replay and report tests open pages in (scripts/setup/chromium.sh): the one
named or on the PATH; else, on Debian as root, apt-get installs it (as .ci/run does); else it stops with exit code 2
and the one command to run. Tried here on a PATH of stand-in programs, so nothing is installed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "setup" / "chromium.sh"


def program(folder: Path, name: str, body: str) -> None:
    (folder / name).write_text(f"#!/bin/sh\n{body}\n")
    (folder / name).chmod(0o755)


def setup(folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The script run with only `folder` on the PATH (and `env`)."""
    return subprocess.run(["/bin/sh", str(SCRIPT)], capture_output=True, text=True, timeout=30,
                          env={"PATH": str(folder), **env})


@pytest.fixture()
def bare(tmp_path: Path) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    program(folder, "id", 'echo 1000')
    return folder


def test_a_chromium_on_the_path_or_named_is_used_as_it_is(bare: Path, tmp_path: Path) -> None:
    program(bare, "chromium-browser", "exit 0")
    program(bare, "apt-get", f": > {tmp_path / 'apt-ran'}")
    found = setup(bare)
    assert (found.returncode, found.stdout) == (0, f"{bare / 'chromium-browser'}\n")
    named = tmp_path / "my-chrome"
    program(tmp_path, "my-chrome", "exit 0")
    assert setup(bare, ARKMC_CHROMIUM=str(named)).stdout == f"{named}\n"
    assert not (tmp_path / "apt-ran").exists()


def test_as_root_on_debian_apt_get_installs_it(bare: Path, tmp_path: Path) -> None:
    program(bare, "id", "echo 0")
    chromium = bare / "chromium"
    program(bare, "apt-get", f'echo "$@" >> {tmp_path / "apt.log"}\n'
                             f'[ "$1" = install ] && printf "#!/bin/sh\\n" > {chromium} && /bin/chmod +x {chromium}')
    done = setup(bare)
    assert (done.returncode, done.stdout) == (0, f"{bare / 'chromium'}\n"), done.stderr
    assert (tmp_path / "apt.log").read_text() == "install -y chromium\n"


def test_when_apt_get_fails_at_first_its_lists_are_updated_once(bare: Path, tmp_path: Path) -> None:
    program(bare, "id", "echo 0")
    program(bare, "apt-get", f'echo "$@" >> {tmp_path / "apt.log"}\n'
                             f'[ -e {tmp_path / "updated"} ] || {{ [ "$1" = update ] && : > {tmp_path / "updated"}; '
                             '[ "$1" = update ]; exit; }\n'
                             f'printf "#!/bin/sh\\n" > {bare / "chromium"}; /bin/chmod +x {bare / "chromium"}')
    done = setup(bare)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "apt.log").read_text().splitlines() == ["install -y chromium", "update", "install -y chromium"]


@pytest.mark.parametrize(("manager", "command"), [
    ("apt-get", "sudo apt-get install chromium"),      # Debian, not root
    ("brew", "brew install --cask chromium"),
    ("dnf", "sudo dnf install chromium"),
    (None, "install Chromium, then: make test ARKMC_CHROMIUM=/path/to/chromium"),
])
def test_elsewhere_it_stops_with_the_one_command_to_run(bare: Path, manager: str | None, command: str) -> None:
    if manager:
        program(bare, manager, "exit 1")
    stopped = setup(bare)
    assert stopped.returncode == 2 and stopped.stdout == ""
    assert stopped.stderr == f"error: the replay tests open their pages in Chromium, which is not installed; run: {command}\n"


def test_a_failed_install_stops_too(bare: Path) -> None:
    program(bare, "id", "echo 0")
    program(bare, "apt-get", "exit 100")
    stopped = setup(bare)
    assert stopped.returncode == 2 and stopped.stdout == ""
