"""§9 the series (Liste): who deals, the list points of each game (plain and Seeger-Fabian),
what a booked game is; and §10 the house-rule keys. One Series, skat_core/engine/series.py:
the app books its games with it into its save's image (tests/app/test_app_save*)."""

import pytest

from skat_core.cards import VH, HH, GT_C, GT_RAMSCH
from skat_core.codes import RK_NORMAL, RK_PASSED, RK_GIVEN_UP, RK_RAMSCH, RK_CONCEDED
from skat_core.rules import Rules
from skat_core.engine.series import Series
from skat_core.engine.values import Result

PLAIN = Rules()
SEEGER = Rules.from_dict({"list_scoring": "seeger_fabian"})
YOU = VH                      # your seat in the series' first game


def res(kind, scorer=VH, won=False, value=0, score=0, declarer=None, gt=GT_C):
    """A finished game's Result: ``scorer`` got ``score`` (the declarer unless told)."""
    r = Result()
    r.kind, r.scorer, r.won, r.value, r.score = kind, scorer, won, value, score
    r.declarer = scorer if declarer is None else declarer
    r.game_type = gt
    if kind == RK_RAMSCH:
        r.declarer, r.game_type = -1, GT_RAMSCH
    elif kind == RK_PASSED:
        r.declarer, r.scorer, r.game_type = -1, -1, -1
    elif kind == RK_GIVEN_UP:
        r.game_type = -1
    return r


def booked(rules, result, human=YOU):
    """Your and the bot's list points for one game booked from your seat ``human``."""
    s = Series(12, 1)
    s.add(result, human, rules)
    return s.totals()


def test_s9_the_bot_deals_first_then_the_dealer_alternates_thrown_in_games_included():
    s = Series(4, 1)
    assert [s.human_seat(i) for i in range(4)] == [VH, HH, VH, HH]
    seats = []
    for _ in range(3):
        seats.append(s.human_seat())
        s.add(res(RK_PASSED), s.human_seat(), PLAIN)
    assert seats == [VH, HH, VH] and s.human_seat() == HH
    assert s.games() == 3 and s.totals() == (0, 0)


def test_s9_default_12_games_then_over():
    s = Series(Rules().series_games, 1)
    for _ in range(11):
        s.add(res(RK_PASSED), s.human_seat(), PLAIN)
        assert not s.over()
    s.add(res(RK_PASSED), s.human_seat(), PLAIN)
    assert s.over() and s.games() == 12
    with pytest.raises(ValueError):
        s.add(res(RK_PASSED), s.human_seat(), PLAIN)
    assert s.games() == 12 and s.totals() == (0, 0)


def test_s9_plain_won_plus_v_lost_minus_2v_to_the_player_at_the_scoring_seat():
    s = Series(4, 1)
    s.add(res(RK_NORMAL, scorer=VH, won=True, value=33, score=33), VH, PLAIN)     # you: VH
    s.add(res(RK_NORMAL, scorer=VH, won=False, value=36, score=-72), HH, PLAIN)   # bot: VH
    assert s.totals() == (33, -72)
    assert [e[1] for e in s.entries] == [0, 1]          # who declared: you, the bot


def test_s9_seeger_fabian_won_plus_v_plus_50():
    assert booked(SEEGER, res(RK_NORMAL, scorer=YOU, won=True, value=18, score=18)) == (68, 0)


def test_s9_seeger_fabian_lost_minus_2v_minus_50_other_plus_40():
    assert booked(SEEGER, res(RK_NORMAL, scorer=YOU, value=18, score=-36)) == (-86, 40)
    assert booked(SEEGER, res(RK_NORMAL, scorer=HH, value=36, score=-72)) == (40, -122)


def test_s9_seeger_fabian_spielaufgabe_minus_110_without_the_40():
    assert booked(SEEGER, res(RK_GIVEN_UP, scorer=HH, value=30, score=-60)) == (0, -110)


def test_s9_seeger_fabian_overbid_concession_is_a_lost_game():
    assert booked(SEEGER, res(RK_CONCEDED, scorer=HH, value=27, score=-54)) == (40, -104)


def test_s9_ramsch_scores_plain_to_the_loser_also_under_seeger_fabian_nobody_declared():
    s = Series(2, 1)
    s.add(res(RK_RAMSCH, scorer=HH, score=-55), YOU, SEEGER)
    assert s.totals() == (0, -55)
    assert s.entries[0][1] == 255 and s.entries[0][2] == GT_RAMSCH


def test_s9_a_thrown_in_game_counts_as_a_game_with_0_and_no_game_type():
    s = Series(2, 1)
    s.add(res(RK_PASSED), YOU, SEEGER)
    assert s.games() == 1 and s.totals() == (0, 0)
    assert s.entries[0] == (RK_PASSED, 255, 255, 0, 0, 0, 0)


def test_s9_a_series_restored_from_its_entries_goes_on_where_it_was():
    """What the save keeps of a series is its length, seed and entries (the app's bytes:
    tests/app/test_app_save*); restored, the games, the totals and your next seat are back."""
    s = Series(4, 77)
    s.add(res(RK_NORMAL, scorer=VH, won=True, value=20, score=20), VH, PLAIN)
    t = Series(4, 77)
    t.entries = list(s.entries)
    assert (t.games(), t.totals(), t.human_seat(), t.over()) == (1, (20, 0), HH, False)
    assert list(t.entries) == list(s.entries)


def test_s10_defaults():
    r = Rules()
    assert r.to_dict() == {"all_pass": "einpassen", "bidding": "zahlen",
                           "dummy_reveal": "after_opening_lead", "contra_re": "on",
                           "ramsch_jungfrau": "off", "ramsch_durchmarsch": "off",
                           "list_scoring": "plain", "rejection": "next_level", "series_games": 12,
                           # Bockrunden off; its triggers' own defaults (docs/rules.md)
                           "bock": "off", "bock_lost": "off", "bock_120": "on",
                           "bock_contra": "on", "bock_tie": "on"}


def test_s10_every_alternative_accepted():
    r = Rules.from_dict({"all_pass": "ramsch", "bidding": "farben", "dummy_reveal": "after_declaration",
                         "contra_re": "off", "ramsch_jungfrau": "on", "ramsch_durchmarsch": "on",
                         "list_scoring": "seeger_fabian", "rejection": "next_level",
                         "series_games": 4})
    assert (r.ramsch, r.farben, r.reveal_at_declaration, r.contra_on, r.jungfrau, r.durchmarsch,
            r.seeger, r.next_level, r.series_games) == (True, True, True, False, True, True, True,
                                                        True, 4)


@pytest.mark.parametrize("d, message", [
    ({"all_pas": "ramsch"}, "unknown rule 'all_pas'"),
    ({"all_pass": "skat"}, "rule all_pass must be one of einpassen, ramsch, got 'skat'"),
    ({"series_games": 3}, "rule series_games must be an even number >= 2, got 3"),
    ({"series_games": 0}, "rule series_games must be an even number >= 2, got 0"),
    ({"series_games": "12"}, "rule series_games must be an even number >= 2, got '12'"),
])
def test_s10_bad_rules_name_the_key(d, message):
    with pytest.raises(ValueError) as e:
        Rules.from_dict(d)
    assert str(e.value).startswith(message)
