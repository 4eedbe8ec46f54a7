"""What a call books before it is made (issue 30): the bot's offer to answer, rejecting it,
your own offer, Contra and Re show what the game would book for its declarer with each
choice - the best and the worst of what can still come ("+243/-324") - and say when a
choice can no longer pay and why (it is not forbidden: the Nein / Ja stays).

The engine prices every ending (``play_count.settle_class``, as the bot's offers price
theirs) with the matadors the player can count (``_matadors``). Loaded while such a prompt
shows (``skat_core.APP[STAKES]``, screens/play.py), dropped at the player's next action
(``App.act``) and at a phase change (``App.show_table``)."""

from skat_core.cards import NO_CARD, POINTS, R_JACK
from skat_core.codes import V_OFFER, V_REJECT, V_CONTRA, V_RE
from skat_core.engine.score import matadors
from skat_core.engine.play_count import settle_class, CLASS_PTS
from skat_core.bot.bot import offer_result
from skat_ui.text import tr
from skat_ui.screens.base import WHITE, YELLOW, RED


def _matadors(v):
    """The fewest and the most matadors (with or without: rules.md §5) the declarer can have
    as the player of view ``v`` sees the cards. A card is the declarer's (or the skat's: his
    in the count), not his, or unknown to the player: then one of the skat's two cards may
    be among them (a Hand game's skat for the declarer; the dummy and the skat for his
    opponent before the dummy is up; after that the unseen are the declarer's hand or the
    skat: his). So a value shows nothing the player cannot know."""
    d = v.declarer
    gt = v.game_type
    me = v.me == d
    # Each card: 0 not his, 1 his or the skat's, 2 unknown (the unseen cards' first).
    st = bytearray([(0 if v.n_skat else 2) if me else (1 if v.dummy_revealed else 2)] * 32)
    for cs, n, x in ((v.hand, v.n_hand, me), (v.dummy, v.n_dummy, 0),
                     (v.decl_open, v.n_decl_open, 1), (v.skat, v.n_skat, 1),
                     (v.tricks, 3 * v.n_tricks, -1), (v.trick, 3, -1)):
        for i in range(n):
            c = cs[i]
            if c != NO_CARD:
                st[c] = (i % 3 == d) if x < 0 else x    # a played card: its seat's
    cards = []
    extra = []                           # unknown trumps: the jacks, in a suit game its suit
    for c in range(32):
        if st[c] == 1:
            cards.append(c)
        elif st[c] == 2 and ((c & 7) == R_JACK or c >> 3 == gt):
            extra.append(c)
    lo = hi = abs(matadors(cards, gt))
    for i in range(len(extra)):          # one or two of them in the skat
        for j in range(i, len(extra)):
            m = abs(matadors(cards + [extra[i], extra[j]], gt))
            lo = m if m < lo else lo
            hi = m if m > hi else hi
    return lo, hi


def choices(app, v, o):
    """What the call ``o`` = (verb, a, b) the player asks about books: [(label, "+72" or the
    best and the worst, "+243/-324")] - its own row first, the row of not making it last (an
    offer: accepted, rejected, playing on) -, whether it can still book better for the one
    who chooses it than not making it at some count still possible (the declarer wants his
    score high, his opponent low), and its own scores.

    A row's scores: the declarer's score as the game would book it (a Bock game's doubled)
    for each class of his final count still possible - from the card points he has (with the
    skat where the player knows it) to all the other side has not -, with the fewest and
    with the most matadors: ten entries (class c at c and 5 + c), None for a class gone."""
    verb = o[0]
    r0 = v.rejected
    k = v.offer_pending if verb == V_REJECT else o[1]
    rk = k if k > r0 else r0
    # (label, offer accepted, highest rejection, Contra, Re) of each row
    if verb == V_REJECT:                      # the bot's offer, pending
        rows = [(tr("reject"), 0, rk, v.contra, v.re), (tr("accept"), k, r0, v.contra, v.re)]
    elif verb == V_OFFER:
        rows = [(tr("end_acc"), k, r0, v.contra, v.re),
                (tr("abgelehnt"), 0, rk, v.contra, v.re),
                (tr("stake_else"), 0, r0, v.contra, v.re)]
    else:
        rows = [(tr("contra") if verb == V_CONTRA else tr("re"), 0, r0, True, verb == V_RE),
                (tr("stake_else"), 0, r0, v.contra, False)]
    lo = v.decl_points
    for i in range(v.n_skat):
        lo += POINTS[v.skat[i] & 7]
    p = CLASS_PTS
    cls = []                                  # the classes of lo and of all but the other's
    for f in (lo, 120 - v.opp_points):
        cls.append(0 if f <= p[0] else 1 if f <= p[1] else 2 if f < p[3] else 3)
    m = _matadors(v)
    r = offer_result()
    out = []
    for row in rows:
        xs = []
        for t in m:
            for c in range(5):
                # all tricks: none gone yet
                ok = (cls[0] <= c <= cls[1]) if c < 4 else v.opp_tricks == 0
                xs.append(settle_class(r, v, t, c, row[1], row[2], row[3], row[4])
                          << app.game.bock if ok else None)
        out.append(xs)
    w = out[0]
    n = out[-1]
    ok = False
    for i in range(len(w)):
        if w[i] is not None and (w[i] > n[i] if v.declarer == app.human else w[i] < n[i]):
            ok = True
    for j in range(len(rows)):
        hi = lo = None
        for x in out[j]:
            if x is not None:
                hi = x if hi is None or x > hi else hi
                lo = x if lo is None or x < lo else lo
        # The format is a word of the language (skat_ui.texts): a string of ten letters or
        # fewer in the code would be a name interned for good on the board (docs/memory.md).
        out[j] = (rows[j][0], "%+d" % hi if hi == lo else tr("stake_span") % (hi, lo))
    return out, ok, w


def text(app, answer):
    """The offer prompt's line: what the answer under the cursor books (0 accept, 1
    reject), and its colour (red: rejecting can no longer pay)."""
    rows, ok, w = choices(app, app.human_view(), (V_REJECT, 0, 0))
    return tr("stake_is") % rows[1 - answer][1], RED if answer and not ok else YELLOW


def draw(app, ui, o):
    """Under a Nein / Ja (screens.base.Ask) of the call ``o``: each choice's row, the call's
    in red when it can no longer pay, then why: for Contra the declarer has won already,
    else the next level of the count is out of his reach."""
    v = app.human_view()
    rows, ok, w = choices(app, v, o)
    who = tr("bot")                           # the declarer, and his other side
    side = tr("you")
    if v.declarer == app.human:
        who = side
        side = tr("bot")
    y = 41
    for i in range(len(rows)):
        ui.text(1, y, "%s: %s" % (rows[i][0], who + " " + rows[i][1]),
                WHITE if i else YELLOW if ok else RED)
        y += 11
    if ok:
        return
    if o[0] == V_CONTRA:
        why = (tr("won_already"), tr("has_pts") % (who, v.decl_points))
    else:
        up = 2
        for c in range(2, 6):                 # the level above the highest count possible
            if w[c - 1] is not None:
                up = c
        if up > 4:                            # every count is short of the bid
            why = (tr("overbid"),)
        else:
            why = (tr("unreach") % (str(CLASS_PTS[2]) if up == 2 else tr("schneider")
                                    if up == 3 else tr("schwarz")),
                   tr("has_trick") % side if up == 4 else tr("has_pts") % (side, v.opp_points))
    ui.text(1, y + 4, tr("no_pay"), RED)
    for s in why:
        y += 11
        ui.text(1, y + 4, s, RED)
