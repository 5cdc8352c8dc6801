"""Hypothesis strategies shared by the property-based tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

# Any JSON value, a few levels deep (NaN and infinities are not JSON, and no client sends them).
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=20)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
