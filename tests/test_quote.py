"""``scoring.core.quote``: how every refusal quotes what a device or a file sent — in JSON's words, short, never
failing on what it is given (a phone may send anything: NaN, a thousand items, lists in lists in lists)."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from scoring.core import quote

#: what a JSON message or file can hold, NaN and the infinities included (Python's json reads them)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=30) | st.dictionaries(st.text(max_size=5), inner, max_size=30),
    max_leaves=200)


@given(JSONISH, st.integers(min_value=2, max_value=300))
def test_a_quote_fits_its_room_whatever_it_is_given(value, limit):
    said = quote(value, limit)
    assert 0 < len(said) <= limit
    assert said.isprintable()  # a new line or a control character is escaped, never sent as is


@given(st.lists(st.integers(), min_size=21, max_size=60))
def test_a_long_list_says_that_it_goes_on(items):
    assert quote(items, 10_000).endswith(", …]") and quote(items[:20], 10_000).endswith(f"{items[19]}]")


def test_an_object_of_more_than_twenty_keys_says_that_it_goes_on():
    """It ended "…, “19”: 19}" as if the object had no more keys."""
    doc = {f"k{i}": i for i in range(25)}
    assert quote(doc, 10_000).endswith("“k19”: 19, …}")
    assert quote(dict(list(doc.items())[:20]), 10_000).endswith("“k19”: 19}")


def test_nan_and_the_infinities_are_said_as_json_writes_them():
    """A device's "NaN" was quoted back as Python's "nan"."""
    sent = json.loads('[NaN, Infinity, -Infinity, 1.5]')
    assert math.isnan(sent[0])
    assert quote(sent) == "[NaN, Infinity, -Infinity, 1.5]"


def test_lists_nested_beyond_reason_are_cut_not_followed():
    deep: list = []
    for _ in range(5000):  # deeper than Python's recursion limit: quoted at once, no RecursionError
        deep = [deep]
    assert quote(deep) == "[[[[…]]]]"


def test_a_megabyte_of_text_is_quoted_from_its_start():
    assert quote("é" * 1_000_000, 12) == "“éééééééééé…"
