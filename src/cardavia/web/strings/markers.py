"""The marks that make a client string's msgid extractable, for `scripts/i18n`.

Babel finds the messages through the keywords `N_` (one message) and `NP_:1,2` (singular and
plural, so the catalogs get real plural entries), e.g. `pybabel extract -k N_ -k NP_:1,2`.
The server translates them for the table page (`web/pages.py`), not here.
"""

from __future__ import annotations


def N_(s: str) -> str:
    """Mark a message for extraction; it is translated by the server, not here."""
    return s


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction as one plural message."""
    return singular, plural
