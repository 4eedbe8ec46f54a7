"""Play at three (rules.md §11): the cards and Kontra/Re. The tricks - following suit, the
trick's taker, the count - are en-deux's (``engine.play_tricks``, ``engine.play_count``).

Kontra/Re (house rule ``kontra``): a defender may say Kontra before he plays his first card
(with ``after_18`` only a defender who bid or held a value); the declarer may answer Re
before his second card; each doubles the score. Not in Ramsch.

A suit or Grand ouvert is turned face up right after the opening lead (§11); a Null ouvert
before it (``engine.bid_declare``).

Schieberamsch: each skat pushed on unseen doubles the loser's minus (``pushed_on_count``, right
after the count; a Durchmarsch's +120 stays).

The heap-locked path: from the opening lead to the score nothing here allocates.
"""

from skat_core.cards import NO_CARD, F_OUVERT
from skat_core.codes import PH_DONE, V_PLAY, V_CONTRA, V_RE, V_OFFER, V_ACCEPT, V_REJECT, encode
from skat_core.codes import (E_CONTRA_NOT_OPPONENT, E_CONTRA_TWICE, E_KONTRA_LATE,
    E_KONTRA_NOT_BIDDER, E_KONTRA_OFF, E_NOT_AT_THREE, E_NOT_DECLARER, E_NOT_YOUR_TURN,
    E_RE_TWICE, E_RE_WITHOUT_CONTRA, E_WRONG_PHASE)
from skat_core.layout import bit_index
from skat_core.engine.play_tricks import legal_mask, play_card  # noqa: F401 (legal_mask: Game)


def cards_played(g, seat):
    """How many cards ``seat`` has played in this game."""
    return g.n_tricks + (1 if g.cur[seat] != NO_CARD else 0)


def kontra_error(g, seat, verb):
    """0 if ``seat`` may say Kontra (``V_CONTRA``) or Re (``V_RE``) now, else the error."""
    if not g.rules.kontra_on:
        return E_KONTRA_OFF
    if g.ramsch:
        return E_CONTRA_NOT_OPPONENT
    if verb == V_CONTRA:
        if seat == g.declarer:
            return E_CONTRA_NOT_OPPONENT
        if g.contra:
            return E_CONTRA_TWICE
        if cards_played(g, seat) > 0:
            return E_KONTRA_LATE
        if g.rules.kontra_18 and not g.said[seat]:
            return E_KONTRA_NOT_BIDDER
        return 0
    if seat != g.declarer:
        return E_NOT_DECLARER
    if not g.contra:
        return E_RE_WITHOUT_CONTRA
    if g.re:
        return E_RE_TWICE
    if cards_played(g, seat) > 1:
        return E_KONTRA_LATE
    return 0


def pushed_on_count(g):
    """Schieberamsch: each skat pushed on unseen doubles the loser's minus (x2, x4, x8), after
    Jungfrau's and a Bock game's doublings (the count: ``engine.play_count``); a Durchmarsch's
    +120 is not doubled. Allocation-free."""
    r = g.result
    if r.durchmarsch < 0:
        r.value <<= g.pushes
        r.score <<= g.pushes


def act(g, seat, verb, a, b):
    if verb == V_PLAY:
        if seat != g.to_act:
            return E_NOT_YOUR_TURN
        opening = g.n_tricks == 0 and g.cur_n == 0
        err = play_card(g, seat, a)
        if err == 0 and opening and g.flags & F_OUVERT:
            g.decl_open = True              # a suit or Grand ouvert: open after the lead
        if g.pushes and g.phase == PH_DONE:
            pushed_on_count(g)
        return err
    if verb == V_CONTRA or verb == V_RE:
        err = kontra_error(g, seat, verb)
        if err:
            return err
        if verb == V_CONTRA:
            g.contra = True
            g.kontra_by = seat
        else:
            g.re = True
        return 0
    if verb == V_OFFER or verb == V_ACCEPT or verb == V_REJECT:
        return E_NOT_AT_THREE
    return E_WRONG_PHASE


def legal_actions(g, seat, out):
    """Encoded legal actions of ``seat`` during play: its cards, Kontra or Re (allocation-free)."""
    n = 0
    m = legal_mask(g, seat)
    card_at = g.layout.card_at
    while m:
        low = m & -m
        out[n] = encode(V_PLAY, card_at[bit_index(low)], 0)
        n += 1
        m ^= low
    if kontra_error(g, seat, V_CONTRA) == 0:
        out[n] = encode(V_CONTRA, 0, 0)
        n += 1
    if kontra_error(g, seat, V_RE) == 0:
        out[n] = encode(V_RE, 0, 0)
        n += 1
    return n
