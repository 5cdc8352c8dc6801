"""Waiting for an asyncio event with a time limit, cancellably.

Python 3.11's `asyncio.wait_for` returns normally when the task is cancelled just as the
awaited event is set, so the cancellation is lost: a loop around it (the AI worker's) then ran
on after `Tables.close` or `asyncio.run` had cancelled it, and the shutdown waited for ever (a
test's event loop hung in CI). `asyncio.timeout` counts cancellations and loses none."""

from __future__ import annotations

import asyncio


async def wait_set(event: asyncio.Event, seconds: float) -> bool:
    """Wait until `event` is set or `seconds` have passed: whether it was set."""
    try:
        async with asyncio.timeout(seconds):
            await event.wait()
    except TimeoutError:
        return False
    return True
