"""The outside-JSON checks: the fast face (``ok``) and the talking one (``check``) agree."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gofish.protocol.validate import (
    Choice,
    Fields,
    Invalid,
    ListOf,
    Maybe,
    Text,
    Time,
    Whole,
    is_list,
    is_number,
    is_text,
    is_whole,
    utc_time,
)
from gofish.store.saves import HEADER, SUMMARY

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 12) | st.floats(allow_nan=False)
    | st.sampled_from(["", "a", "abcdef", "human", "2026-11-29T19:05:12.000Z"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["a", "b", "c"]), inner, max_size=3),
    max_leaves=12,
)

SPECS = [
    Whole(0, 10), Whole(), Text(3), Choice(("", "human")), Time(), Maybe(Whole(0, 3)),
    ListOf(Text(3), 2), ListOf(Whole(0, 5), indexed=False),
    Fields({"a": Whole(0, 9), "b": Maybe(Text(5))}),
    Fields({"a": ListOf(Fields({"c": Choice(("a", "abcdef"))}))}),
]


def agrees(spec, value) -> bool:
    try:
        spec.check(value, "f")
    except Invalid:
        return not spec.ok(value)
    return spec.ok(value)


@pytest.mark.parametrize("spec", SPECS, ids=repr)
@settings(max_examples=60, deadline=None)
@given(value=JSON)
def test_the_fast_answer_is_the_checked_one(spec, value):
    assert agrees(spec, value)


@settings(max_examples=300, deadline=None)
@given(value=JSON)
def test_the_save_summary_shape_agrees_with_itself(value):
    assert agrees(SUMMARY, value)


def test_the_checks_can_refuse_and_accept():
    # the agreement above would hold for checks that refuse everything
    assert Whole(0, 10).ok(10) and not Whole(0, 10).ok(11) and not Whole().ok(True)
    assert Fields({"a": Whole(0, 9)}).ok({"a": 3}) and not Fields({"a": Whole(0, 9)}).ok({})
    assert ListOf(Text(3), 2).ok(["abc", ""]) and not ListOf(Text(3), 2).ok(["abcd"])
    assert HEADER.ok({"schema": 1, "id": "x", "created": "2026-11-29T19:05:12.000Z",
                      "updated": "2026-11-29T19:05:12.000Z", "status": "finished",
                      "summary": {"seats": [], "turn": None, "winners": [], "rules": "custom",
                                  "actions": 0, "deal": 0}})


@pytest.mark.parametrize("spec, value, message", [
    (Whole(0, 10), 11, "f: 11 is out of range"),
    (Whole(), 1.0, "f: expected a whole number"),
    (Text(3), "abcd", "f: longer than 3 characters"),
    (Choice(("", "human")), "x", 'f: expected one of "", human'),
    (Time(), "2026-11-29T19:05:12", "f: expected a UTC time in ISO 8601"),
    (ListOf(Text(3), 1), ["a", "b"], "f: more than 1 items"),
    (ListOf(Text(3)), ["a", 5], "f[1]: expected text"),
    (ListOf(Text(3), indexed=False), ["a", 5], "f: expected text"),
    (Fields({"a": Whole()}), {}, "missing field: f.a"),
    (Fields({"a": Whole()}), {"a": 1, "z": 2}, "unknown field: f.z"),
    (Fields({"a": Whole()}), [], "f: expected an object"),
    (Fields({"a": Fields({"b": Whole()})}), {"a": {"b": "x"}}, "f.a.b: expected a whole number"),
])
def test_a_refusal_names_the_field_and_what_is_wrong(spec, value, message):
    with pytest.raises(Invalid) as caught:
        spec.check(value, "f")
    assert str(caught.value) == message


def test_the_plain_answers():
    assert is_whole(3, 0, 3) and not is_whole(4, 0, 3) and not is_whole(False)
    assert is_number(2.5) and is_number(2) and not is_number(True) and not is_number("2")
    assert is_text("ab", 2) and not is_text("abc", 2) and not is_text(None)
    assert is_list([1], 1) and not is_list([1], 2) and not is_list([1, 2], most=1)
    assert utc_time("2026-11-29T20:05:12+01:00") == datetime(2026, 11, 29, 19, 5, 12, tzinfo=UTC)
    assert utc_time("2026-11-29T20:05:12") is None and utc_time(5) is None
