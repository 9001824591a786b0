"""The coach's tips switch is found where the tips say who speaks: the setting's name holds the
word for the coach that heads every tip beside the table, in every language."""

from __future__ import annotations

import pytest

from famiglia import i18n


def coach_word(heading: str) -> str:
    """The coach in a tip's heading ("Der Coach sagt" → "coach")."""
    return next(word for word in heading.lower().split() if word.startswith("coach"))


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_tips_setting_names_the_coach(language: str) -> None:
    i18n.set_language(language)
    heading = i18n._("Coach's tip")
    setting = i18n._("Coach's tips")
    assert coach_word(heading).rstrip("'s") in setting.lower()
