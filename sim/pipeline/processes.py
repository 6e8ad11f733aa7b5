"""The process tree, read from /proc (Linux): which processes run below a given one, or carry a tag. The kill campaign
and its tests use it to check that a run's workers end with their parent."""

from __future__ import annotations

from pathlib import Path

PROC = Path("/proc")


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (children, their children, ...)."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):  # ended while being read
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> list[int]:
    """Those of `pids` that still run."""
    return sorted(pid for pid in pids if (PROC / str(pid)).exists())


def tagged(name: str, value: str) -> list[int]:
    """The processes whose environment holds `name=value`: a process started with a tag of its own, and
    every process below it (which inherit it), even those whose parent was killed and that init adopted."""
    wanted = f"{name}={value}".encode()
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environment = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # ended while being read, or another user's
            continue
        if wanted in environment:
            found.append(int(entry.name))
    return sorted(found)
