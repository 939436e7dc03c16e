"""``score_faithfulness`` option checks: odd ``method`` and ``threshold`` values are
:class:`ConfigError` with a short message, never a ``TypeError`` / ``OverflowError``."""

from __future__ import annotations

import pytest

from veracity.errors import ConfigError
from veracity.faithfulness.api import score_faithfulness


@pytest.mark.parametrize(
    ("method", "shown"),
    [
        (["lexical"], "['lexical']"),
        ({"lexical": 1}, "{'lexical': 1}"),
        ({"lexical"}, "{'lexical'}"),
        ("x" * 100, "'" + "x" * 56 + "..."),
    ],
)
def test_unhashable_or_long_method_is_a_config_error(method: object, shown: str) -> None:
    with pytest.raises(ConfigError) as err:
        score_faithfulness("Paris.", ["Paris."], method=method)  # type: ignore[arg-type]
    assert str(err.value) == f"unknown faithfulness method {shown}; choose one of lexical, overlap"


@pytest.mark.parametrize(
    ("threshold", "shown"),
    [
        (10**400, "an integer of about 401 digits"),
        (-(10**400), "an integer of about 401 digits"),
        (2**63, "9223372036854775808"),
        (1e308, "1e+308"),
    ],
)
def test_huge_threshold_is_a_config_error(threshold: float, shown: str) -> None:
    with pytest.raises(ConfigError) as err:
        score_faithfulness("Paris.", ["Paris."], threshold=threshold)
    assert str(err.value) == f"threshold must be a number in [0, 1], got {shown}"


@pytest.mark.parametrize("threshold", [0, 1, 0.0, 1.0])
def test_integer_and_float_bounds_are_valid_thresholds(threshold: float) -> None:
    res = score_faithfulness("Paris is in France.", ["Paris is in France."], threshold=threshold)
    assert (res.score, res.threshold) == (1.0, threshold)
