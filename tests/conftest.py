"""Hypothesis profiles for the property-based tests (the API, deal records, action texts, Sì Sè
Pái's worked examples).

By default the examples are derandomized: the same ones on every run and every machine, so a
suite that passed keeps passing in CI. `HYPOTHESIS_PROFILE=explore scripts/test` draws fresh
ones each run to look for new failures; Hypothesis keeps any it finds in `.hypothesis/` and tries
them first next time.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# Tests that measure time or load, drive a browser or start many processes run alone: scripts/test
# runs the rest on every core first (pytest-xdist), then these one at a time.
FOLDER_MARKS = {"e2e": ("e2e", "serial"), "deploy": ("serial",)}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--part",
        choices=("all", "parallel", "serial"),
        default="all",
        help="run only the tests that may share the machine (parallel) or only the others",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for mark in FOLDER_MARKS.get(item.path.parent.name, ()):
            item.add_marker(mark)
    part = config.getoption("--part")
    if part == "all":
        return
    keep = [
        item
        for item in items
        if (item.get_closest_marker("serial") is None) == (part == "parallel")
    ]
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep
