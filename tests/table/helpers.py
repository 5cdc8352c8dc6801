"""Helpers of the live-table tests."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own: in a whole-suite run the browser tests' Playwright
    keeps an event loop running in the main thread, where `asyncio.run` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
