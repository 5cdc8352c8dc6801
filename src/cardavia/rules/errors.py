"""Specific errors of the rules layer. Each message names the offending part."""


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
