"""§9 series and §10 house-rule keys."""

import pytest

from skat_core.cards import VH, HH
from skat_core.codes import RK_NORMAL, RK_PASSED, RK_GIVEN_UP, RK_RAMSCH, RK_CONCEDED
from skat_core.rules import Rules
from skat_core.engine.series import Series
from skat_core.engine.values import Result


def res(kind, scorer=VH, won=False, value=0, score=0):
    r = Result()
    r.kind, r.scorer, r.declarer, r.won, r.value, r.score = kind, scorer, scorer, won, value, score
    return r


def test_s9_dealer_alternates_passed_games_included():
    s = Series()
    assert (s.dealer(), s.seat_of(0), s.seat_of(1)) == (0, HH, VH)
    s.add(res(RK_PASSED))
    assert (s.dealer(), s.seat_of(0), s.seat_of(1)) == (1, VH, HH)
    assert s.games == 1 and s.totals == [0, 0]


def test_s9_default_12_games_then_over():
    s = Series()
    for _ in range(12):
        s.add(res(RK_PASSED))
    assert s.over()
    with pytest.raises(ValueError):
        s.add(res(RK_PASSED))


def test_s9_plain_scores_to_the_player_at_the_scoring_seat():
    s = Series()                                  # game 1: player 0 is HH, player 1 is VH
    s.add(res(RK_NORMAL, scorer=VH, won=True, value=18, score=18))
    assert s.totals == [0, 18]
    s.add(res(RK_NORMAL, scorer=VH, won=False, value=24, score=-48))   # now player 0 is VH
    assert s.totals == [-48, 18]
    assert s.winner() == 1


def test_s9_seeger_fabian_won_plus_50():
    s = Series(Rules.from_dict({"list_scoring": "seeger_fabian"}))
    assert s.add(res(RK_NORMAL, scorer=HH, won=True, value=18, score=18)) == [68, 0]


def test_s9_seeger_fabian_lost_minus_2v_minus_50_other_plus_40():
    s = Series(Rules.from_dict({"list_scoring": "seeger_fabian"}))
    assert s.add(res(RK_NORMAL, scorer=HH, won=False, value=18, score=-36)) == [-86, 40]


def test_s9_seeger_fabian_spielaufgabe_minus_110():
    s = Series(Rules.from_dict({"list_scoring": "seeger_fabian"}))
    assert s.add(res(RK_GIVEN_UP, scorer=VH, value=30, score=-60)) == [0, -110]


def test_s9_seeger_fabian_overbid_concession_is_a_lost_game():
    s = Series(Rules.from_dict({"list_scoring": "seeger_fabian"}))
    assert s.add(res(RK_CONCEDED, scorer=VH, value=27, score=-54)) == [40, -104]


def test_s9_ramsch_scores_plain_to_the_loser():
    s = Series(Rules.from_dict({"list_scoring": "seeger_fabian"}))
    assert s.add(res(RK_RAMSCH, scorer=HH, score=-55)) == [-55, 0]


def test_s9_series_save_and_restore():
    s = Series(first_dealer=1)
    s.add(res(RK_NORMAL, scorer=VH, won=True, value=20, score=20))
    t = Series.from_dict(s.to_dict())
    assert (t.games, t.totals, t.dealer(), t.history) == (s.games, s.totals, s.dealer(), s.history)
    with pytest.raises(ValueError):
        Series.from_dict({"games": 1})


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
