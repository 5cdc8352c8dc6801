"""Hypothesis profiles for the property-based tests (the API, deal records, action texts, Sì Sè
Pái's worked examples).

By default the examples are derandomized: the same ones on every run and every machine, so a
suite that passed keeps passing in CI. `HYPOTHESIS_PROFILE=explore scripts/test` draws fresh
ones each run to look for new failures; Hypothesis keeps any it finds in `.hypothesis/` and tries
them first next time.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
