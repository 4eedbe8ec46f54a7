"""The bot's offers, answers, Contra and Re (skat_core/bot/offer.py, issue 18 item 2).

Positions come from device self-play (the seeds in the names), cut where the question is
asked; the expected answers were checked by hand against the solver's verdict per world.
The standard table is rejection = next_level (the default since issue 18).
"""

import json
import random
from types import SimpleNamespace

import pytest

from tests.support.engine_util import game, act
from skat_core.bot.bot import Bot
from skat_core.bot import offer
from skat_core.cards import VH, HH, GT_C, GT_GRAND, F_OFFEN2
from skat_core.codes import V_OFFER, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, OFFER_RAUS, OFFER_STICH
from skat_core.engine.score import Result
from skat_core.rules import Rules

# Kreuz (VH picked up, discarded S9 HA) zweimal offen: before the opening lead the opponent
# sees the declarer's ten cards; the dummy and the skat are hidden from him (66 worlds).
SPEC_1060 = (("CJ CQ C9 DA C7 DK S9 C8 DJ D7", "S7 H8 HK H9 ST H7 CT HT CA CK",
              "SQ SA SK DT HQ SJ D8 S8 DQ D9", "HJ HA"),
             ["hh bid 18", "vh yes", "hh pass", "vh pickup", "vh discard S9 HA", "vh declare C offen2"])
# Pik zweimal offen, dealer declarer: he may still lose in some worlds.
SPEC_1004 = (("D7 CT HT CK DK DQ C7 SJ CQ SQ", "HK CA DA DT SA H8 HJ D8 H9 C9",
              "H7 HQ ST SK HA CJ S9 S7 C8 S8", "DJ D9"),
             ["hh bid 18", "vh pass", "hh pickup", "hh discard C8 HQ", "hh declare S offen2"])
# Kreuz zweimal offen: 61-89 in every world, but from trick 1 the budget proves nothing.
SPEC_1019 = (("CJ HK D9 D7 ST CQ DJ C8 SJ DT", "D8 CK DK H8 HA HT H7 SA CT S7",
              "S9 DQ HJ CA S8 SQ C7 SK C9 H9", "HQ DA"),
             ["hh pass", "vh bid 18", "vh pickup", "vh discard ST HK", "vh declare C offen2"])

# Three tricks left in Vorhand's picked-up Kreuz game, HH (the opponent) to lead.
LATE_2042 = (("HK DJ C9 C8 HJ S9 C7 S8 D8 SJ", "CJ DA CK D7 DQ H7 H9 SQ HQ SK",
              "ST SA DK S7 CT DT HT CA H8 D9", "CQ HA"),
             ["hh pass", "vh bid 18", "vh pickup", "vh discard HA HK", "vh declare C",
              "vh play S8", "mh play SQ", "hh play SA", "hh play CA", "vh play DJ",
              "mh play CJ", "mh play SK", "hh play S7", "vh play S9", "mh play DQ",
              "hh play D9", "vh play D8", "mh play DA", "hh play DK", "vh play C9",
              "vh play SJ", "mh play CK", "hh play CT", "vh play HJ", "mh play H7",
              "hh play H8"])
LATE_2028 = (("CA CT C7 S7 DJ H9 DA S8 SJ D7", "CQ HK HQ ST SK H7 HA S9 DT CJ",
              "SQ DK D9 HT C8 DQ H8 SA HJ C9", "CK D8"),
             ["hh pass", "vh bid 18", "vh pickup", "vh discard S8 S7", "vh declare C",
              "vh play DA", "mh play DT", "hh play D9", "vh play D7", "mh play ST",
              "hh play DQ", "hh play SA", "vh play C7", "mh play S9", "vh play D8",
              "mh play H7", "hh play DK", "hh play H8", "vh play H9", "mh play HQ",
              "mh play HA", "hh play HT", "vh play CK", "vh play SJ", "mh play CJ",
              "hh play HJ"])
LATE_2010 = (("DQ DJ CQ HA SA CA H9 D8 DA DT", "ST S8 SQ C7 HK C9 CT CJ D7 S9",
              "S7 H7 SJ HJ D9 HT H8 DK SK C8", "HQ CK"),
             ["hh pass", "vh bid 18", "vh pickup", "vh discard CK SA", "vh declare D",
              "vh play CA", "mh play C7", "hh play C8", "vh play HA", "mh play HK",
              "hh play H7", "vh play DJ", "mh play CJ", "hh play DK", "mh play CT",
              "hh play SJ", "vh play CQ", "hh play HT", "vh play H9", "mh play ST",
              "hh play H8", "vh play HQ", "mh play D7", "mh play C9", "hh play SK",
              "vh play DT"])


def position(spec, more=(), rules=None):
    deal, actions = spec
    return game(list(actions) + list(more), rules, deal)


def said(strength, g, seat, seed=1):
    bot = Bot(strength, seed)
    return bot.optional(g.view(seat))


# ------------------------------------------------------------------ the standard table
def test_the_default_is_next_level_so_the_bot_may_offer():
    assert Rules().next_level and game().rules.next_level


# ------------------------------------------------------------------ speculative offers
def test_speculative_raus_before_the_opening_lead_where_it_pays_whatever_the_answer():
    """Seed 1060: the declarer makes 61-89 in most of the opponent's worlds and 90 in some
    (weighted ~17 %): accepting costs him that Schneider chance, rejecting (Schneider then
    compulsory) risks the game, so either answer leaves him less than playing on."""
    g = position(SPEC_1060)
    assert g.view(HH).can_offer == 3 and g.n_tricks == 0 and not g.dummy_revealed
    bot = Bot("host", 1)
    assert bot.optional(g.view(HH)) == (V_OFFER, OFFER_RAUS)
    p, v = bot.player, g.view(HH)
    assert p.o_n == 66 and p.o_full
    play = offer._expect(p, v, 0, 0, False)
    acc = offer._expect(p, v, OFFER_RAUS, 0, False)
    rej = offer._expect(p, v, 0, OFFER_RAUS, True)
    assert acc < play and rej < play
    assert offer._offer(p, v, OFFER_RAUS, 0, False) == max(acc, rej)
    # The declarer (the same deal, his own view): he would accept.
    assert act(g, "hh offer raus") == 0
    assert said("device", g, VH) == (V_ACCEPT, 0)


@pytest.mark.parametrize("spec", [SPEC_1004, SPEC_1019], ids=["may_lose", "sure_61_89"])
def test_no_speculative_offer_where_it_does_not_pay(spec):
    """1004: the declarer may still lose (accepting would give him a sure win); 1019: he
    ends 61-89 everywhere, so the offer gains nothing, and from trick 1 nothing is proven."""
    g = position(spec)
    opp = 2 - g.declarer
    assert g.view(opp).can_offer and g.n_tricks == 0
    for strength in ("host", "device"):
        assert said(strength, g, opp) is None


def test_no_offer_once_the_declarer_sees_every_card_unless_it_costs_nothing():
    """After the reveal a declarer who picked up knows every card: he answers each world as
    it is, so offering is never better than playing on (checked over random worlds in
    test_an_offer_never_pays_against_a_declarer_who_sees_the_cards)."""
    g = position(SPEC_1060, ["vh play CJ"])
    assert g.dummy_revealed and g.cur_n == 1
    g = position(SPEC_1060, ["vh play CJ", "mh play CK", "hh play SJ"])
    assert g.n_tricks == 1 and g.view(HH).can_offer
    assert said("host", g, HH) is None and said("device", g, HH) is None


# ------------------------------------------------------------------ late offers (proven ties)
def test_late_raus_when_the_declarer_surely_ends_between_61_and_89():
    g = position(LATE_2042)
    assert 10 - g.n_tricks == 3 and g.view(HH).can_offer == 3
    assert said("device", g, HH) == (V_OFFER, OFFER_RAUS)
    assert said("host", g, HH) == (V_OFFER, OFFER_RAUS)


def test_late_no_offer_where_a_world_gives_the_declarer_another_result():
    assert said("device", position(LATE_2010), HH) is None     # he may lose


def test_late_no_stich_while_the_declarer_plays_for_61_even_when_he_surely_makes_90():
    """2028: 90+ in every world: a Stich would tie under perfect play, but it concedes a 90
    the declarer still has to earn (he plays for 61); raus would give him less than that."""
    g = position(LATE_2028)
    assert g.view(HH).can_offer == 3
    assert said("device", g, HH) is None


# ------------------------------------------------------------------ answers, Contra, Re
def test_the_declarer_rejects_raus_when_he_surely_makes_schneider_else_accepts():
    assert said("device", position(LATE_2028, ["hh offer raus"]), VH) == (V_REJECT, 0)
    assert said("device", position(LATE_2042, ["hh offer raus"]), VH) == (V_ACCEPT, 0)


def test_contra_after_a_rejection_the_declarer_cannot_justify_re_when_he_can():
    g = position(LATE_2042, ["hh offer raus", "vh reject"])
    assert g.view(HH).can_contra
    assert said("device", g, HH) == (V_CONTRA, 0)               # he misses 90 everywhere
    g = position(LATE_2028, ["hh offer raus", "vh reject"])
    # He makes 90 everywhere: no Contra; now that he plays for Schneider, Stich concedes
    # just that (a proven tie where the rest can only go wrong for the opponent's side).
    assert said("device", g, HH) == (V_OFFER, OFFER_STICH)
    assert act(g, "hh contra") == 0
    assert said("device", g, VH) == (V_RE, 0)


def test_plain_never_offers_against_a_declarer_who_sees_the_cards():
    g = position(LATE_2042, rules={"rejection": "plain"})
    assert g.view(HH).can_offer and not g.rules.next_level
    assert said("device", g, HH) is None
    # And he rejects raus at once: under plain it adds a level and 50 % to his win.
    assert said("device", position(LATE_2042, ["hh offer raus"], {"rejection": "plain"}),
                VH) == (V_REJECT, 0)


# ------------------------------------------------------------------ the model itself
def _fake(classes, weights, gt=GT_C, mat=1, flags=0, bid=18, next_level=True):
    p = SimpleNamespace(o_res=Result(), o_cls=bytearray(classes), o_n=len(classes),
                        o_mat=bytearray([mat + 16] * len(classes)),
                        worlds=SimpleNamespace(weight=list(weights)))
    v = SimpleNamespace(declarer=VH, game_type=gt, flags=flags, bid=bid, farben_kind=-1,
                        contra=False, re=False, farben=False, next_level=next_level,
                        contra_on=True, rejected=0)
    return p, v


@pytest.mark.parametrize("next_level", [True, False])
def test_an_offer_never_pays_against_a_declarer_who_sees_the_cards(next_level):
    """Whatever the worlds, a declarer who answers each world as it is gets at least what
    playing on gives him (a choice only helps the one who has it)."""
    rnd = random.Random(18)
    for _ in range(400):
        n = rnd.randint(1, 12)
        p, v = _fake([rnd.randint(0, 4) for _ in range(n)], [rnd.randint(1, 64) for _ in range(n)],
                     rnd.choice((GT_C, GT_GRAND)), rnd.randint(1, 4),
                     rnd.choice((0, F_OFFEN2)), rnd.choice((18, 18, 36)), next_level)
        play = offer._expect(p, v, 0, 0, False)
        for k in (OFFER_RAUS, OFFER_STICH):
            assert offer._offer(p, v, k, 0, True) >= play


def test_a_speculative_offer_pays_when_the_next_level_is_likely_but_not_sure():
    # Kreuz with 1 zweimal offen (48): Schneider in 2 worlds of 10, 61-89 in the others.
    p, v = _fake([3, 3] + [2] * 8, [1] * 10, flags=F_OFFEN2)
    play = offer._expect(p, v, 0, 0, False)
    assert play == 2 * 60 + 8 * 48
    assert offer._offer(p, v, OFFER_RAUS, 0, False) == 10 * 48 < play     # he accepts
    assert offer._offer(p, v, OFFER_RAUS, 0, True) > play                 # he would know
    # Schneider everywhere: he rejects and gains; 61-89 everywhere: nothing to gain.
    p, v = _fake([3] * 10, [1] * 10, flags=F_OFFEN2)
    assert offer._offer(p, v, OFFER_RAUS, 0, False) > offer._expect(p, v, 0, 0, False)
    p, v = _fake([2] * 10, [1] * 10, flags=F_OFFEN2)
    assert offer._offer(p, v, OFFER_RAUS, 0, False) == offer._expect(p, v, 0, 0, False)


# ------------------------------------------------------------------ sim match
def test_sim_match_prints_the_calls(capsys):
    from sim.tools import match
    assert match.main(["--a", "device", "--b", "device-nooffer", "--deals", "3", "--seed", "7",
                       "--jobs", "1"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in ("offers", "offers_accepted", "offers_rejected", "contra", "re", "offers_raus",
                "offers_stich", "a_offers", "b_offers"):
        assert isinstance(summary[key], int), key
    assert summary["b_offers"] == 0                     # device-nooffer never offers
    assert summary["offers_accepted"] + summary["offers_rejected"] <= summary["offers"]


def test_the_nooffer_bot_plays_as_the_device_where_the_device_makes_no_offer():
    """Duplicate deals without an offer in either game come out the same: the bot that
    never offers differs only by the offers it keeps to itself."""
    from sim.tools.match import run_deals
    recs = run_deals("device", "device-nooffer", [7 * 100003 + i for i in range(4)], None)
    quiet = [r for r in recs if not any(c[1] == V_OFFER for gm in r["games"] for c in gm["calls"])]
    assert quiet and all(r["diff"] == 0 for r in quiet)
