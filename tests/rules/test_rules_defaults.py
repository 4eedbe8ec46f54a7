"""Every house rule has its default: the standard table (skat_core/rules.py DEFAULT_INDEX)."""

from skat_core.rules import CHOICES, DEFAULT_INDEX, Rules


def test_every_house_rule_has_one_default_among_its_values():
    assert len(DEFAULT_INDEX) == len(CHOICES)
    for (key, values), i in zip(CHOICES, DEFAULT_INDEX):
        assert 0 <= i < len(values), key


def test_the_defaults_are_next_level_rejection_and_bockrunden_off():
    r = Rules()
    assert r.rejection == "next_level" and r.next_level
    assert r.bock == "off"
