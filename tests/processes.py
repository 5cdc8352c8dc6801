"""Processes as /proc shows them, for the tests that start servers and workers and check that
nothing outlives them (Linux only, as the tests' machines are)."""

from __future__ import annotations

import contextlib
from pathlib import Path


def _stat(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command's name (which may hold spaces)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                if int(_stat(entry.name)[1]) == pid:
                    found.append(int(entry.name))
    return found


def descendants(pid: int) -> list[int]:
    """`pid`'s children, their children, and so on."""
    found, todo = [], [pid]
    while todo:
        for child in children(todo.pop()):
            found.append(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        return _stat(pid)[0] != "Z"
    except (OSError, IndexError):
        return False
