"""Render every screen of the app at 160x128 (PyBadge) into PNGs, through code.py in the
headless simulator: ``python tests/support/app_screens.py [OUT_DIR]`` (default docs/screens).

Each screen is the last frame of a short key script, most of them on a deal preloaded into
nvm (see tests/app/test_app_games.py), so the pictures are the same on every run.
"""

import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

from skat_ui import settings as S  # noqa: E402
from tests.app.test_app_games import (  # noqa: E402
    preload, script, WON_SUIT, WON_SUIT_KEYS, WON_SUIT_DECLARE, CONTRA_DEAL, CONTRA_KEYS,
)
from tests.app.test_app_table import DUMMY_WINS  # noqa: E402
from tests.app.test_app_stakes import RAUS_AT_32, YOU_HAVE_42, CONTRA_ASK  # noqa: E402
from sim.board.play import run_headless  # noqa: E402
from tests.app.test_app_result import ANALYSIS_DEAL, ANALYSIS_KEYS, ENTRIES, LIST_24  # noqa: E402
from skat_core.cards import GT_C, F_SCHNEIDER, F_OFFEN2  # noqa: E402
from sim.board.platform import boards  # noqa: E402

RAMSCH = dict(vh="CJ SA S7 HA H7 H8 DA D7 D8 C7", hh="C9 S9 HT H9 DT D9 HQ DQ CT ST",
              mh="SJ HJ DJ CA CK CQ SK SQ HK DK", skat="C8 S8", rules={0: 1})
# The player deals and has bid 36; the bot passed: declaring Karo shows the warning.
HIGH_BID = dict(vh="S7 S8 S9 H7 H8 H9 D7 D8 D9 SQ", mh="ST SA SK HT HK HQ DA DT DK DQ",
                hh="CJ HJ CA CT CK CQ C9 C8 HA DJ", skat="C7 SJ", human=2,
                record=[(2, 0, 36, 0), (0, 2, 0, 0)])

# You deal: your bid first (the spinner through the valid values).
DEALER = dict(HIGH_BID, record=[])
# The bot dealt and bid 20: hold or pass.
ANSWER = dict(WON_SUIT, record=[(2, 0, 20, 0)])
# Kreuz Hand declared, one trick played, then the bot (the opponent) offers "raus".
OFFER = dict(WON_SUIT, record=[(2, 2, 0, 0), (0, 0, 18, 0), (0, 3, 0, 0), (0, 6, 0, 0),
                               (0, 8, 4, 0), (1, 8, 9, 0), (2, 8, 15, 0), (2, 9, 1, 0)])

# The bot declared Kreuz Hand, Schneider announced, zweimal offen (its cards open from the
# start): the header names every part of the contract.
HEADER = dict(CONTRA_DEAL, record=[(2, 0, 18, 0), (0, 2, 0, 0), (2, 3, 0, 0),
                                   (2, 6, GT_C, F_SCHNEIDER | F_OFFEN2)])

# name -> (deal or None, key script, board)
SCREENS = (
    ("title", None, "WAIT:1"),
    ("settings", None, "DOWN A DOWN DOWN"),
    ("help", None, "DOWN DOWN A"),
    ("sheet_empty", None, "UP A"),
    ("bid_dealer", DEALER, "RIGHT RIGHT"),
    ("bid_answer", ANSWER, "WAIT:1"),
    ("bid_take18", WON_SUIT, "WAIT:1"),
    ("bid_pass", WON_SUIT, "LEFT"),
    ("skat", WON_SUIT, "A"),
    ("discard", WON_SUIT, "A A A"),
    ("discard_confirm", WON_SUIT, "A A A RIGHT A"),
    ("declare", WON_SUIT, "A DOWN A DOWN DOWN A"),
    ("declare_below_bid", HIGH_BID, "DOWN A A A A"),
    ("declare_null", WON_SUIT, "A DOWN A A*5"),
    ("play_declarer", WON_SUIT, WON_SUIT_DECLARE + "  A A  A A  A A  RIGHT"),
    ("play_dummy_turn", CONTRA_DEAL, "A"),
    ("play_between_tricks", CONTRA_DEAL, "A A"),
    ("play_menu", CONTRA_DEAL, "A A START"),
    ("play_hint", CONTRA_DEAL, "A A A SELECT"),
    ("play_offer_prompt", OFFER, "WAIT:1"),
    ("play_contra_re", CONTRA_DEAL, CONTRA_KEYS.rsplit("A A A A A A", 1)[0] + "A A"),
    ("result_won", WON_SUIT, WON_SUIT_KEYS),
    ("result_contra_re", CONTRA_DEAL, CONTRA_KEYS),
    ("play_ramsch", RAMSCH, "LEFT A A*6"),
    ("result_ramsch", RAMSCH, "LEFT A A*19"),
    ("score_sheet", CONTRA_DEAL, CONTRA_KEYS + " B"),
    ("corrupt_save", "corrupt", "WAIT:1"),
    # issue 11 items 3 and 7: how the game ended, the sheet's rows, the analysis
    ("result_offer_accepted", OFFER, "A"),
    ("result_given_up", WON_SUIT, "A DOWN DOWN A RIGHT A"),
    ("result_thrown_in", WON_SUIT, "LEFT A"),
    ("score_sheet_rows", dict(WON_SUIT, entries=ENTRIES, length=24, rules=LIST_24), "LEFT A B"),
    ("analysis", ANALYSIS_DEAL, ANALYSIS_KEYS + " RIGHT"),
    # issue 11 (i11-play): the held trick, the last trick, the contract, safe prompts, the
    # game menu outside the play.
    ("play_trick_won", DUMMY_WINS, "LEFT A"),
    ("play_last_trick", CONTRA_DEAL, "A A A START DOWN A"),
    ("play_header_contract", HEADER, "A A"),
    ("play_offer_confirm", CONTRA_DEAL, "A A START A"),
    ("giveup_confirm", WON_SUIT, "A DOWN DOWN A"),
    ("bid_menu", WON_SUIT, "START"),
    # issue 18: rejecting the bot's offer asks first; a Hand declaration with every level
    # step and your cards.
    ("play_reject_confirm", OFFER, "RIGHT A"),
    ("declare_hand_schwarz", WON_SUIT, "A DOWN A  A  DOWN A A  DOWN A"),
    # issue 30 item 2: what a call books, and why it can no longer pay; the hint of a
    # zweimal offen game on the bottom line.
    ("play_reject_cannot_pay", RAUS_AT_32, "RIGHT A"),
    ("play_contra_confirm", CONTRA_DEAL, CONTRA_ASK),
    ("play_offer_cannot_pay", YOU_HAVE_42, "START A"),
    ("play_hint_offen2", HEADER, "A A A SELECT"),
)

# English and the classic two-colour deck, once each: (name, deal, keys, lang, style).
EXTRAS = (
    ("en_play", CONTRA_DEAL, "A", 1, 0),
    ("en_declare", WON_SUIT, "A DOWN A DOWN DOWN A", 1, 0),
    ("classic_colours", WON_SUIT, "A", 0, 1),
    ("en_analysis", ANALYSIS_DEAL, ANALYSIS_KEYS + " RIGHT", 1, 0),
)


def preload_settings(path, board, rules):
    """Write an nvm file holding only settings (``rules``: setting index -> value): no series,
    no game, so the app boots to the title in that language (the next series from seed
    4242)."""
    from sim.device.cpharness import settings_nvm
    settings_nvm(path, board, 4242, rules)
    return path


def render(name, deal, keys, board="pybadge", lang=0, style=0, code_path=None, text=None,
           drive_facts=False):
    """(PNG of the screen the script ends on, the run). ``code_path``: another code.py (the
    bundle's), else the repository's. ``text``: the text back-end (None: the board's).
    ``drive_facts``: the repository's code as a drive holds it (Session.drive_facts)."""
    tmp = tempfile.mkdtemp(prefix="skat-screens-")
    try:
        nvm = os.path.join(tmp, "nvm.bin")
        if deal == "corrupt":
            from sim.board.platform import boards       # an image of the board's own nvm size
            with open(nvm, "wb") as f:
                f.write(bytes(range(7, 71)) + b"\xff" * (boards.get(board)["nvm"] - 64))
        elif deal is not None:
            d = dict(deal)
            rules = dict(d.pop("rules", {}))
            rules[S.I_LANG] = lang
            rules[S.I_STYLE] = style
            preload(nvm, board, rules=rules, **d)
        elif lang or style:
            # A fresh board with the settings saved: the title and menus in that language.
            preload_settings(nvm, board, {S.I_LANG: lang, S.I_STYLE: style})
        r = run_headless(board, script(board, keys), nvm_path=nvm, seed=7, code_path=code_path,
                         frames="last", text=text, drive_facts=drive_facts)
        if code_path is None:    # the bundle's own names are short
            assert r.app.ui.dropped == 0, "%s on %s: more text lines than the pool" % (
                name, board)
            assert r.app.ui.canvas.dropped == 0, "%s on %s: more sprites than the pools" % (
                name, board)
        return r.frames[-1].png_bytes(), r
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def make(out_dir, board="pybadge"):
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for name, deal, keys in SCREENS:
        png, _ = render(name, deal, keys, board)
        path = os.path.join(out_dir, name + ".png")
        with open(path, "wb") as f:
            f.write(png)
        written.append(path)
    for name, deal, keys, lang, style in EXTRAS:
        png, _ = render(name, deal, keys, board, lang, style)
        path = os.path.join(out_dir, name + ".png")
        with open(path, "wb") as f:
            f.write(png)
        written.append(path)
    return written


# The 240-wide screens with each board's own text back-end (lib/skat_ui/ui.py): the Feather's
# labels, the PicoSystem's lean strips. With the other one (``--text``) each is the same picture
# to the pixel (the font is the firmware's own design in the same cell): no second picture,
# tests/app/test_text_backend.py compares them.
BIG = (("feather_esp32s3_reverse_tft", "240x135"), ("picosystem", "240x240"))
BIG_SCREENS = (("play", CONTRA_DEAL, "A"), ("declare", WON_SUIT, "A DOWN A DOWN DOWN A"),
               ("result", CONTRA_DEAL, CONTRA_KEYS),
               ("analysis", ANALYSIS_DEAL, ANALYSIS_KEYS + " RIGHT"),
               ("trick_won", CONTRA_DEAL, "A A"), ("help", None, "DOWN DOWN A"),
               ("settings", None, "DOWN A DOWN DOWN"))


def make_big(out_dir):
    written = []
    for b, tag in BIG:
        for name, deal, keys in BIG_SCREENS:
            png, _ = render(name, deal, keys, b)
            path = os.path.join(out_dir, "%s_%s.png" % (tag, name))
            with open(path, "wb") as f:
                f.write(png)
            written.append(path)
    return written


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "screens")
    files = make(out) + make_big(out)
    print("\n".join(files))
