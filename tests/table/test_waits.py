"""`wait_set` (table/waits.py): a cancellation that comes as the event is set is not lost, as
it was with Python 3.11's `asyncio.wait_for`, on which the AI worker's loop ran on after its
event loop had cancelled it (a test's shutdown hung in CI)."""

from __future__ import annotations

import asyncio

import pytest

from cardavia.table.waits import wait_set


def test_set_or_timed_out() -> None:
    async def go() -> tuple[bool, bool]:
        event = asyncio.Event()
        timed_out = await wait_set(event, 0.01)
        asyncio.get_running_loop().call_later(0.01, event.set)
        return timed_out, await wait_set(event, 5)

    assert asyncio.run(go()) == (False, True)


def test_a_cancellation_as_the_event_is_set_stops_a_loop() -> None:
    """A loop waiting on an event (the worker's, woken by a job) is cancelled in the very step
    its event is set: it stops, rather than going round again."""
    rounds = 0

    async def go() -> None:
        nonlocal rounds
        event = asyncio.Event()

        async def loop() -> None:
            nonlocal rounds
            while rounds < 3:
                event.clear()
                await wait_set(event, 0.5)
                rounds += 1

        task = asyncio.create_task(loop())
        await asyncio.sleep(0.05)
        event.set()
        await asyncio.sleep(0)  # the event's waiter is woken, its task not yet run
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(go())
    assert rounds <= 1
