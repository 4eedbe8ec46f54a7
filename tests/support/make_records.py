"""Search deals and plays that realise the rules.md vectors; write them as records (dev tool).

    python tests/support/make_records.py        # rewrites tests/data/records/vector_*.json

Each record carries "name", "vector" (the rules.md row it realises) and "expect" (the line
``python -m sim replay`` must print); tests/rules/test_record_vectors.py replays them. The search is
random: a deal is drawn until the declarer's cards + skat have the vector's matadors, then
random plays (mixed with greedy ones) run until the count matches the vector.
"""

import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from skat_core.cards import VH, MH, HH, parse_cards, cards_str  # noqa: E402
from skat_core.codes import PH_DONE, PH_PLAY, V_PLAY, action_verb, action_a, action_b  # noqa: E402
from skat_core.engine.game import Game, MAX_ACTIONS  # noqa: E402
from skat_core.notation.record import format_action, make_record, parse_action, replay_summary  # noqa: E402
from skat_core.rules import Rules  # noqa: E402
from skat_core.engine import values  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "records")


def deal_random(rnd):
    pack = list(range(32))
    rnd.shuffle(pack)
    return pack[0:10], pack[10:20], pack[20:30], pack[30:32]


def bidding(decl, bid, farben=False):
    b = values_token(bid, farben)
    if decl == HH:
        return ["hh bid " + b, "vh pass"]
    return ["hh bid " + b, "vh yes", "hh pass"]


def values_token(bid, farben):
    if farben:
        from skat_core.notation.names import FARBEN_TOKENS
        return FARBEN_TOKENS[bid]
    return str(bid)


def play_out(g, rnd, greedy, script, log):
    """Random/greedy play; ``script[t]`` = actions inserted when trick t starts (t >= 1)."""
    buf = [0] * MAX_ACTIONS
    done_script = set()
    while g.phase == PH_PLAY:
        t = g.n_tricks
        if g.cur_n == 0 and t in script and t not in done_script:
            done_script.add(t)
            for text in script[t]:
                seat, verb, a, b = parse_action(text, g.rules.farben)
                if g.act(seat, verb, a, b):
                    return False
                log.append(text)
            continue
        s = g.to_act
        n = g.legal_actions(s, buf)
        plays = [x for x in buf[:n] if action_verb(x) == V_PLAY]
        if not plays:
            return False
        actor = g.actor(s)
        if rnd.random() < greedy.get(actor, 0.0):
            # greedy: the strongest card (highest live bit)
            x = max(plays, key=lambda x: g.layout.bit_of[action_a(x)])
        elif rnd.random() < greedy.get(-1 - actor, 0.0):
            x = min(plays, key=lambda x: g.layout.bit_of[action_a(x)])
        else:
            x = rnd.choice(plays)
        if g.act(s, V_PLAY, action_a(x), 0):
            return False
        log.append(format_action(s, V_PLAY, action_a(x)))
    return g.phase == PH_DONE


def search(spec, seed=1, deals=4000, plays=300):
    rnd = random.Random(seed)
    rules = spec.get("rules", {})
    farben = rules.get("bidding") == "farben"
    decl = spec["declarer"]
    for _ in range(deals):
        if "deal" in spec:
            hands = spec["deal"]()
            hands = [list(h) for h in hands]
        elif "force" in spec:
            forced = parse_cards(spec["force"])
            rest = [c for c in range(32) if c not in forced]
            rnd.shuffle(rest)
            k = 10 - len(forced)
            mine = forced + rest[:k]
            rest = rest[k:]
            others = [rest[0:10], rest[10:20], rest[20:22]]
            if decl == VH:
                hands = [mine, others[0], others[1], others[2]]
            else:
                hands = [others[0], others[1], mine, others[2]]
        else:
            hands = list(deal_random(rnd))
        if "deal_ok" in spec and not spec["deal_ok"](hands):
            continue
        if "matadors" in spec:
            mine = hands[decl] + hands[3]
            if values.matadors(mine, spec["game"]) != spec["matadors"]:
                continue
        pre = list(spec.get("pre") or bidding(decl, spec["bid"], farben))
        skat_acts = [t.replace("{skat}", cards_str(hands[3])) for t in spec.get("skat", [])]
        if "skat" not in spec:
            seat = "vh" if decl == VH else "hh"
            if spec.get("hand"):
                skat_acts = [seat + " hand"]
            else:
                skat_acts = [seat + " pickup", seat + " discard " + cards_str(hands[3])]
        pre += skat_acts + [spec["declare"]] if spec.get("declare") else skat_acts
        g = Game(Rules.from_dict(rules))
        for _ in range(plays):
            g.deal_hands(*hands)
            ok = True
            for text in pre:
                if g.act(*parse_action(text, farben)):
                    ok = False
                    break
            if not ok:
                break
            log = list(pre)
            if not play_out(g, rnd, spec.get("greedy", {}), spec.get("script", {}), log):
                continue
            if spec["accept"](g.result):
                rec = make_record(hands[0], hands[1], hands[2], hands[3], log, rules)
                return rec
    raise SystemExit("no record found for " + spec["name"])


def R(points=None, tricks=None, score=None, value=None, won=None):
    def ok(r):
        return ((points is None or r.decl_points == points)
                and (tricks is None or r.decl_tricks == tricks)
                and (score is None or r.score == score)
                and (value is None or r.value == value)
                and (won is None or r.won == won))
    return ok


def fixed(vh, mh, hh, skat):
    return lambda: (parse_cards(vh), parse_cards(mh), parse_cards(hh), parse_cards(skat))


def strong(seat, trump_suit, n):
    """Deal filter: ``seat`` holds at least n trumps (jacks + trump suit) in his 10 cards."""
    def ok(h):
        k = 0
        for c in h[seat]:
            if c & 7 == 4 or (trump_suit >= 0 and c >> 3 == trump_suit):
                k += 1
        return k >= n
    return ok
NEXT_LEVEL = {"rejection": "next_level"}
SPECS = [
    # rules.md §5 table. Rows 10 (0 tricks while holding CJ) and 11 (one opponent trick worth 28:
    # no three cards make 28) cannot occur in play: tests/rules/test_rules_values.py checks them.
    dict(name="s5_row01_karo_with1_bid18_61pts", vector="§5 #1", declarer=VH, game=3, matadors=1,
         bid=18, declare="vh declare D", accept=R(61, 5, 18)),
    dict(name="s5_row02_karo_without1_bid18_60pts", vector="§5 #2", declarer=HH, game=3,
         matadors=-1, bid=18, declare="hh declare D", accept=R(60, 5, -36)),
    dict(name="s5_row03_pik_with1_bid33_90pts_schneider", vector="§5 #3", declarer=VH, game=1,
         matadors=1, bid=33, declare="vh declare S", accept=R(90, 8, 33), greedy={VH: 0.7, -1 - HH: 0.7}),
    dict(name="s5_row04_pik_with1_bid33_89pts_overbid", vector="§5 #4", declarer=HH, game=1,
         matadors=1, bid=33, declare="hh declare S", accept=R(89, 8, -66), greedy={HH: 0.7, -1 - VH: 0.7}),
    dict(name="s5_row05_kreuz_with2_hand_schneider_ann_85pts", vector="§5 #5", declarer=VH, game=0,
         matadors=2, bid=48, hand=True, declare="vh declare C schneider", accept=R(85, 8, -144),
         greedy={VH: 0.7, -1 - HH: 0.7}),
    dict(name="s5_row06_kreuz_with1_hand_schwarz_ann_120pts", vector="§5 #6", declarer=VH, game=0,
         bid=24, hand=True, declare="vh declare C schwarz", accept=R(120, 10, 84),
         deal=fixed("CJ CA CT CK CQ C9 C8 C7 SA ST", "HJ HA HT HK HQ H9 H8 H7 SK SQ",
                    "SJ DA DT DK DQ D9 D8 D7 S9 S8", "DJ S7"), greedy={VH: 1.0}),
    dict(name="s5_row07_grand_without4_bid18_60pts", vector="§5 #7", declarer=HH, game=4,
         matadors=-4, bid=18, declare="hh declare G", accept=R(60, 5, -240)),
    dict(name="s5_row08_grand_with1_bid60_61pts_overbid72", vector="§5 #8", declarer=VH, game=4,
         matadors=1, bid=60, declare="vh declare G", accept=R(61, 5, -144)),
    dict(name="s5_row09_herz_with1_bid20_30pts_declarer_schneider", vector="§5 #9", declarer=HH,
         game=2, matadors=1, bid=20, declare="hh declare H", accept=R(30, 3, -60),
         greedy={-1 - HH: 0.7, VH: 0.7}),
    dict(name="s5_row12_pik_with1_offen1_bid33_70pts", vector="§5 #12", declarer=HH, game=1,
         matadors=1, bid=33, declare="hh declare S offen1", accept=R(70, 6, 33)),
    dict(name="s5_row13_pik_with1_offen2_bid44_70pts", vector="§5 #13", declarer=VH, game=1,
         matadors=1, bid=44, declare="vh declare S offen2", accept=R(70, 6, 44)),
    dict(name="s5_row14_herz_with2_hand_offen1_bid50_70pts", vector="§5 #14", declarer=HH, game=2,
         matadors=2, bid=50, hand=True, declare="hh declare H offen1", accept=R(70, 6, 50)),
    dict(name="s5_row15_grand_with4_hand_schwarz_ann_offen2_bid288", vector="§5 #15", declarer=VH,
         game=4, bid=288, hand=True, declare="vh declare G schwarz offen2", accept=R(120, 10, 288),
         deal=fixed("CJ SJ HJ DJ CA CT CK CQ C9 C8", "HA HT HK HQ H9 H8 H7 SK SQ S9",
                    "SA ST DA DT DK DQ D9 D8 D7 S8", "C7 S7"), greedy={VH: 1.0}),
    dict(name="s5_row16_null_ouvert_hand_bid59_one_trick", vector="§5 #16", declarer=HH, game=5,
         bid=59, hand=True, declare="hh declare N ouvert", accept=R(tricks=1, score=-118)),
    # §6 examples: the rule book's text before its corrections, rejection = next_level.
    dict(name="s6_grand_with1_offen2_raus_rejected_schneider_216", rules=NEXT_LEVEL, vector="§6 seed example",
         declarer=VH, game=4, matadors=1, bid=18, declare="vh declare G offen2",
         script={1: ["hh offer raus", "vh reject"]}, accept=R(score=216, won=True),
         greedy={VH: 0.8, -1 - HH: 0.8}),
    dict(name="s6_grand_with1_offen2_raus_rejected_contra_432", rules=NEXT_LEVEL, vector="§6 seed example Contra",
         declarer=VH, game=4, matadors=1, bid=18, declare="vh declare G offen2",
         script={1: ["hh offer raus", "vh reject", "hh contra"]}, accept=R(score=432, won=True),
         greedy={VH: 0.8, -1 - HH: 0.8}),
    dict(name="s6_grand_with1_offen2_raus_rejected_contra_re_864", rules=NEXT_LEVEL, vector="§6 seed example Re",
         declarer=HH, game=4, matadors=1, bid=18, declare="hh declare G offen2",
         script={1: ["vh offer raus", "hh reject", "vh contra"], 2: ["hh re"]},
         accept=R(score=864, won=True), greedy={HH: 0.8, -1 - VH: 0.8}),
    dict(name="s6_grand_with1_offen2_raus_rejected_40_opp_points_lost_432", rules=NEXT_LEVEL,
         vector="§6 seed example, 40 opponent points", declarer=VH, game=4, matadors=1, bid=18,
         declare="vh declare G offen2", script={1: ["hh offer raus", "vh reject"]},
         accept=R(points=80, score=-432)),
    dict(name="s6_grand_with1_offen2_raus_rejected_40_opp_points_contra_lost_864", rules=NEXT_LEVEL,
         vector="§6 seed example, 40 opponent points, Contra", declarer=VH, game=4, matadors=1,
         bid=18, declare="vh declare G offen2",
         script={1: ["hh offer raus", "vh reject", "hh contra"]}, accept=R(points=80, score=-864)),
    dict(name="s6_karo_with1_offen1_raus_rejected_91pts_68", rules=NEXT_LEVEL, vector="§6 Karo example",
         declarer=HH, game=3, matadors=1, bid=18, declare="hh declare D offen1",
         script={2: ["vh offer raus", "hh reject"]}, accept=R(points=91, score=68),
         greedy={HH: 0.8, -1 - VH: 0.8}),
    dict(name="s6_kreuz_with2_hand_offen2_stich_rejected_schwarz_162", rules=NEXT_LEVEL, vector="§6 Kreuz example",
         declarer=VH, game=0, bid=18, hand=True, declare="vh declare C offen2",
         deal=fixed("CJ SJ CA CT CK CQ C9 C8 C7 SA", "HJ HA HT HK HQ H9 H8 H7 SK SQ",
                    "DJ DA DT DK DQ D9 D8 D7 S9 S8", "ST S7"),
         script={3: ["hh offer stich", "vh reject"]}, accept=R(score=162, tricks=10), greedy={VH: 1.0}),
    dict(name="s6_kreuz_with2_hand_offen2_stich_rejected_one_opp_trick_lost_324", rules=NEXT_LEVEL,
         vector="§6 Kreuz example, one opponent trick", declarer=VH, game=0, bid=18, hand=True,
         declare="vh declare C offen2",
         deal=fixed("CJ SJ CA CT CK CQ C9 C8 C7 SK", "HJ HA HT HK HQ H9 H8 H7 SQ S9",
                    "DJ DA DT DK DQ D9 D8 D7 SA S8", "ST S7"),
         script={3: ["hh offer stich", "vh reject"]}, accept=R(score=-324, tricks=9)),
    dict(name="s6_raus_accepted_simple_win", vector="§6 accept raus", declarer=VH, game=2,
         matadors=1, bid=18, declare="vh declare H", script={3: ["hh offer raus", "vh accept"]},
         accept=R(score=20, won=True)),
    dict(name="s6_stich_accepted_schneider_win", vector="§6 accept Stich", declarer=HH, game=1,
         matadors=-2, bid=18, declare="hh declare S", script={4: ["vh offer stich", "hh accept"]},
         accept=R(score=44, won=True)),
]


def ramsch_spec(name, vector, p_vh, p_hh, skat_pts, score, loser, last=None):
    def deal_ok(h):
        return sum(values_points(c) for c in h[3]) == skat_pts

    def ok(r):
        if r.seat_points[0] != p_vh or r.seat_points[2] != p_hh:
            return False
        return r.score == score and r.loser == loser
    return dict(name=name, vector=vector, rules={"all_pass": "ramsch"}, declarer=VH,
                pre=["hh pass", "vh pass"], skat=[], declare=None, deal_ok=deal_ok, accept=ok)


def values_points(c):
    from skat_core.cards import card_points
    return card_points(c)


SPECS += [
    ramsch_spec("s7_ramsch_45_30_skat10_loser_minus55", "§7 45/30 skat 10", 45, 30, 10, -55, VH),
    ramsch_spec("s7_ramsch_35_35_skat7_last_trick_loses_minus42", "§7 35/35 skat 7", 35, 35, 7,
                -42, HH),
]

FARBEN = {"bidding": "farben"}
SPECS += [
    dict(name="s8_frage_eichel_without3_schneider_20", vector="§8 Frage Eichel", rules=FARBEN,
         declarer=VH, game=0, matadors=-3, bid=3, declare="vh declare C",
         accept=R(score=20, won=True), greedy={VH: 0.8, -1 - HH: 0.8},
         extra=lambda r: r.decl_points >= 90),
    dict(name="s8_tourne_rot_with2_18", vector="§8 Tourne Rot", rules=FARBEN, declarer=HH, game=2,
         matadors=2, bid=4, skat=["hh tourne", "hh discard {skat}"], declare="hh declare H",
         deal_ok=lambda h: h[3][0] >> 3 == 2 and h[3][0] & 7 != 4, accept=R(score=18, won=True)),
    dict(name="s8_solo_gruen_without2_schneider_ann_55", vector="§8 Solo Gruen", rules=FARBEN,
         declarer=VH, game=1, matadors=-2, bid=7, hand=True, declare="vh declare S schneider",
         accept=R(score=55, won=True), greedy={VH: 0.9, -1 - HH: 0.9}),
    dict(name="s8_grand_ouvert_with4_216", vector="§8 Grand ouvert", rules=FARBEN, declarer=VH,
         game=4, bid=12, hand=True, declare="vh declare G ouvert", accept=R(score=216),
         deal=fixed("CJ SJ HJ DJ CA CT CK CQ C9 C8", "HA HT HK HQ H9 H8 H7 SK SQ S9",
                    "SA ST DA DT DK DQ D9 D8 D7 S8", "C7 S7"), greedy={VH: 1.0}),
]


def main():
    only = sys.argv[1:]
    for spec in SPECS:
        if only and spec["name"] not in only:
            continue
        if "extra" in spec:
            base, extra = spec["accept"], spec["extra"]
            spec["accept"] = lambda r, base=base, extra=extra: base(r) and extra(r)
        rec = search(spec)
        rec = {"name": spec["name"], "vector": spec["vector"], **rec}
        rec["expect"] = replay_summary(rec)
        path = os.path.join(OUT, "vector_" + spec["name"] + ".json")
        with open(path, "w") as f:
            json.dump(rec, f, indent=1)
            f.write("\n")
        print(spec["name"], rec["expect"])


if __name__ == "__main__":
    main()
