"""pycore.fragment: a scenario in a link, and how deeply JSON nests before it is parsed."""

import base64
import json

import pytest

from pycore.fragment import MAX_DEPTH, decode_fragment, encode_fragment, nesting_depth


def test_round_trip_of_a_scenario_through_the_fragment():
    """encode -> decode gives the same scenario back, non-ASCII included, no padding."""
    scenario = {"system": "skirmish-d6", "light": "dim", "note": "Zwölf Ölfässer"}
    fragment = encode_fragment(scenario)
    assert "=" not in fragment and "+" not in fragment and "/" not in fragment
    assert decode_fragment("#s=" + fragment) == scenario


def test_fragment_is_base64url_of_utf8_json():
    """The contract's encoding: base64url, no padding, of the UTF-8 JSON."""
    text = '{"system":"skirmish-d6","light":"dark"}'
    payload = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    assert decode_fragment("#s=" + payload) == json.loads(text)


@pytest.mark.parametrize(("fragment", "words"), [
    ("#x=abc", "does not hold a scenario"),
    ("#s=***", "not valid base64url"),
    ("#s=" + base64.urlsafe_b64encode(b"\xff\xfe\xfd").decode().rstrip("="), "not UTF-8"),
    ("#s=" + base64.urlsafe_b64encode(b"{nope").decode().rstrip("="), "not valid JSON"),
    ("#s=eyJzeXN0ZW0iOiJza2ly", "not valid JSON"),  # truncated at a base64 boundary
    ("#s=eyJzeXN0ZW0iOiJza2lyb", "truncated or corrupted"),  # truncated mid-quantum
    ("#s=" + "A" * 262_142, "too long"),
])
def test_bad_fragments_say_why(fragment, words):
    """Garbage, truncated, non-UTF-8 and huge links are refused with a reason."""
    with pytest.raises(ValueError, match=words):
        decode_fragment(fragment)


def test_nesting_depth_ignores_brackets_in_strings_and_deep_links_are_refused():
    """Brackets inside strings do not count; a link nested deeper than MAX_DEPTH is refused before it is parsed."""
    assert nesting_depth('{"a": [1, {"b": "[[[{"}]}') == 3
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    payload = base64.urlsafe_b64encode(deep.encode()).decode().rstrip("=")
    with pytest.raises(ValueError, match="nested too deeply"):
        decode_fragment("#s=" + payload)
