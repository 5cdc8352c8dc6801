"""Specific errors of the rules layer. Each message names the offending part, quoting untrusted
input only as a short head (`quoted`, `cut`), which the web layer's errors use too."""

from __future__ import annotations

from typing import Any

# How much of untrusted input (a client's value, a record's field) a message quotes: a field of
# a megabyte would make a message of a megabyte.
QUOTED_MAX = 80


def cut(text: str, most: int) -> str:
    """`text`, or its head and an ellipsis: `most` characters at most."""
    return text if len(text) <= most else text[: most - 1] + "…"


def quoted(value: Any, most: int = QUOTED_MAX) -> str:
    """A value of untrusted input, as a message names it: its repr, cut to a short head."""
    return cut(repr(value), most)


class RulesError(ValueError):
    """Base class: something a caller gave the rules layer is wrong. The state is unchanged."""


class InvalidActionError(RulesError):
    """The action text cannot be parsed (unknown verb, unknown card code, wrong shape)."""


class IllegalActionError(RulesError):
    """The action parses but is not legal for that seat now."""


class InvalidPositionError(RulesError):
    """An explicit position is inconsistent (wrong cards, counts or seats)."""


class RecordError(RulesError):
    """A deal record is malformed or does not replay."""
