"""The play screen: the player's hand with a cursor, the dummy's row once revealed (the
declarer's opponent plays it: then the cursor moves there), the declarer's cards when open,
the current (or last) trick, points and tricks, whose turn; offers, Contra and Re from the
menu (Start or B: screens/playmenu.py), an offer to answer as a prompt, the hint (Select)
showing the bot's card; what a call books from screens/stakes.py."""

import gc
import sys

from skat_boards import keys as K
from skat_core.cards import MH, NO_CARD, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, \
    F_OUVERT
from skat_core.codes import V_PLAY, V_ACCEPT, V_REJECT, OFFER_RAUS
from skat_ui import gfx, text
from skat_ui.text import tr
from skat_ui.screens.base import (Ask, game_label, MOVE, step, fits, WHITE, YELLOW, MUTED)
from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK
from skat_core.layout import next_seat
import skat_core
from skat_core import PLAYMENU, STAKES


def fresh(app, i):
    """The app's module ``skat_core.APP[i]`` (the play menu's, what a call books), loaded after
    a collection when it is not there: its blocks go to the lowest free places, not into the
    holes the play leaves (docs/memory.md, "The play menu and what a call books"). On the
    device what a call books takes the room of the bot's search state, which goes first when
    the bot is not deciding (``release_search``: the bot waits while the player answers) and
    comes back once the module went (``App.work``); the play menu, which opens more often and
    is smaller, comes beside it (docs/memory.md, "Step 7")."""
    from skat_ui.app import load
    if skat_core.APP[i] not in sys.modules:
        bot = app.bot
        if i == STAKES and bot.release and bot.player is not None and not app.busy():
            bot.release_search()
            app.rebuild = True
        gc.collect()
    return load(i)


def contract_parts(app, v):
    """The whole contract in words: who, game, Hand, offen level, announcement, the bid,
    Contra / Re, a rejected offer - e.g. ["Bot:", "Pik", "Hand", "Schneider", "33", "Kontra"]."""
    if v.ramsch:
        return ["Bock", tr("ramsch")] if app.game.bock else [tr("ramsch")]
    if v.game_type < 0:
        return ["?"]
    fl = v.flags
    out = [(tr("you") if v.declarer == app.human else tr("bot")) + ":",
           game_label(app, v.game_type, v.farben_kind, fl)]
    farben = app.game.rules.farben          # Hand and ouvert are in the class's name there
    if app.game.bock:                       # a Bock game: first, never the word that goes
        out.insert(0, "Bock")
    if fl & F_HAND and not farben:
        out.append(tr("hand"))
    if fl & F_OUVERT and not farben:
        out.append(tr("ouvert"))
    if fl & F_OFFEN2:
        out.append(tr("h_offen2"))
    elif fl & F_OFFEN1:
        out.append(tr("h_offen1"))
    if fl & F_SCHWARZ:
        out.append(tr("schwarz"))
    elif fl & F_SCHNEIDER:
        out.append(tr("schneider"))
    if not farben:
        out.append(str(v.bid))
    if v.contra:
        out.append(tr("contra"))
    if v.re:
        out.append(tr("re"))
    if v.rejected:
        out.append(tr("abgelehnt"))     # last: the first to go when two lines are too few
    return out


def lines_of(parts, cols):
    """``parts`` joined by spaces into lines of at most ``cols`` characters."""
    out = []
    cur = ""
    for p in parts:
        if cur and len(cur) + 1 + len(p) > cols:
            out.append(cur)
            cur = p
        else:
            cur = p if not cur else cur + " " + p
    out.append(cur)
    return out


def seat_name(app, s, short=False):
    if s == app.human:
        return tr("you")
    if s == MH:
        return tr("h_dummy") if short else tr("dummy")
    return tr("bot")


def shown_trick(v):
    """(cards, leader, winner, last) of the trick on the table: the trick in play, or, when
    none is started, the last one with its winner (-1: none yet) until the next lead."""
    last = v.trick_n == 0 and v.n_tricks > 0
    if last:
        t = v.n_tricks - 1
        return v.tricks[3 * t:3 * t + 3], v.trick_leaders[t], v.trick_winners[t], True
    if v.trick_n:
        return v.trick, v.trick_leader, -1, False
    return v.trick, v.to_act if v.to_act >= 0 else 0, -1, False


def draw_trick(app, ui, v, cards, leader, winner, x, y, w, h, labels, dim=False):
    """The cards of one trick in play order from ``leader`` (the first card left), empty
    places framed; under each card (``labels``) the seat that played it, the leader's
    underlined, the winner's (``winner`` >= 0) in yellow and his card edged yellow."""
    cv = ui.canvas
    s = leader
    for i in range(2 if v.ramsch else 3):
        c = cards[s]
        if c != NO_CARD:
            cv.card(x, y, w, h, c, gfx.C_DIM if dim else gfx.C_FACE,
                    gfx.C_CURSOR if s == winner else gfx.C_INK)
        else:
            cv.frame(x, y, w, h, gfx.C_PANEL)
        if labels:
            name = seat_name(app, s, True)
            ui.text(x, y + h, name, YELLOW if s == winner else MUTED)
            if i == 0:
                cv.rect(x, y + h + 10, 6 * len(name), 1, gfx.C_MUTED)
        x += w + 3
        s = next_seat(s, v.ramsch)
    return x


class Play:
    name = "play"

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.turn_len = -1
        self.seat = -1
        self.legal = bytearray(32)
        self.menu = None
        self.answer = 1

    def point_to(self, card):
        """Put the cursor on ``card`` (the hint) if it is in the row the player plays from."""
        v = self.app.human_view()
        cards, n, _ = self.my_row(v)
        for i in range(n):
            if cards[i] == card:
                self.cur = i

    def my_row(self, v):
        """(cards, n, seat) of the row the player plays from now."""
        if self.app.game.to_act == MH:
            return v.dummy, v.n_dummy, MH
        return v.hand, v.n_hand, self.app.human

    def refresh(self, v):
        """On a new turn: collect the legal cards and put the cursor on the first one."""
        app = self.app
        if self.turn_len == len(app.record):
            return
        self.turn_len = len(app.record)
        self.answer = 0                  # a new offer's prompt starts on "accept" (safe)
        for c in range(32):
            self.legal[c] = 0
        self.seat = -1
        if app.game.player_to_act() != app.human or v.offer_pending:
            return
        cards, n, seat = self.my_row(v)
        self.seat = seat
        buf = app.actbuf
        for i in range(app.game.legal_actions(seat, buf)):
            if buf[i] & VERB_MASK == V_PLAY:
                self.legal[(buf[i] >> A_SHIFT) & A_MASK] = 1
        self.cur = 0
        for i in range(n):
            if self.legal[cards[i]]:
                self.cur = i
                break

    def key(self, k):
        app = self.app
        if self.menu is not None:
            self.menu.key(k)
            if self.menu is None or self.menu.name != "playmenu":
                # The play menu's module is there while the menu is: its Nein / Ja of a call
                # leaves the room to what the call books (screens/stakes.py).
                skat_core.drop((skat_core.APP[PLAYMENU],), skat_core.UI)
            return
        v = app.human_view()
        self.refresh(v)
        if v.offer_pending and v.declarer == app.human:
            if k in MOVE:
                self.answer ^= 1
            elif k == K.A and self.answer:      # rejecting raises the stakes: asks once more
                self.menu = Ask(app, self, "menu", tr("reject"), app.human, (V_REJECT, 0, 0))
            elif k == K.A:
                app.act(app.human, V_ACCEPT)
            return
        if k == K.START or k == K.B:            # a held trick stays held behind the menu
            self.menu = fresh(app, PLAYMENU).PlayMenu(app, self)
            return
        if app.held:                 # any other key only clears the trick; Select asks the
            app.held = False         # hint besides (when your card is next: ask_hint)
            app.dirty = True
            if k != K.SELECT:
                return
        if k == K.SELECT:
            app.ask_hint()
            return
        if self.seat < 0:
            return
        cards, n, seat = self.my_row(v)
        if n == 0:
            return
        if k in MOVE:
            self.cur = step(self.cur, k, n)
        elif k == K.A:
            c = cards[self.cur]
            err = app.act(seat, V_PLAY, c)
            if err:
                app.notice = text.error(err)
            else:
                app.notice = ""

    def draw(self, ui):
        app = self.app
        if self.menu is not None:
            self.menu.draw(ui)
            if self.menu.name == "ask":  # your offer, a rejection, Contra, Re: Nein / Ja
                fresh(app, STAKES).draw(app, ui, self.menu.o)     # with what each choice books
            return
        v = app.human_view()
        self.refresh(v)
        W = ui.w
        tall = ui.h >= 200
        # The contract (one line, two when it is long), in yellow once Contra or a rejection
        # raised it.
        parts = contract_parts(app, v)
        lines = lines_of(parts, ui.cols - 1)
        if len(lines) > 2:               # Contra is only said after a rejection: that goes
            lines = lines_of(parts[:-1], ui.cols - 1)
        y = 0
        for s in lines[:2]:
            ui.text(1, y, s, YELLOW if v.contra or v.rejected else MUTED)
            y += 11
        y += 5                           # the dummy's cursor card rises 4 px: clear of the text
        gap = 2 if y < 20 or tall else 1
        # A compact row's pitch: on a short screen its bottom edge takes the first pixel of
        # the gap (the table needs every pixel row when both hands are open).
        pitch = ui.sh + gap - (0 if tall else 1)
        tag = tr("dummy")               # the rows' name tag at the right: its whole word
        tag_w = 6 * len(tag) + 2
        playing_dummy = self.seat == MH
        # The dummy's row (revealed) or its backs; none in Ramsch.
        if not v.ramsch:
            if v.dummy_revealed:
                ui.row(v.dummy, v.n_dummy, y, compact=True,
                       cursor=self.cur if playing_dummy else -1,
                       legal=self.legal if playing_dummy else None, avail=W - tag_w)
            else:
                ui.backs(10 - v.n_tricks, 1, y)
            ui.text(W - tag_w + 1, y + 3, tag, MUTED)
            y += pitch
            if v.n_decl_open:
                ui.row(v.decl_open, v.n_decl_open, y, compact=True, avail=W - tag_w)
                ui.text(W - tag_w + 1, y + 3, tr("bot"), MUTED)
                y += pitch
        # The trick in play order (the last one, with its winner, until the next lead).
        ty = y + gap
        hy = ui.hand_y
        room = hy - 4 - ty               # above your hand (its cursor card stands 4 higher)
        cw = ui.cw
        ch = ui.ch
        if room < ch + 12:               # short screen, many rows: small trick cards
            cw = ui.sw
            ch = ui.sh
        labels = room >= ch + 12 and cw >= 15   # "Bl." under each card, not over the next
        if tall:                         # tall screens: the trick in the middle of the table
            ty = (ty + hy - ui.ch) // 2
            room = 50
        trick, leader, winner, last = shown_trick(v)
        ix = draw_trick(app, ui, v, trick, leader, winner, 2, ty, cw, ch, labels,
                        last and not app.held) + 2
        # Points and tricks; the trick's winner or the hint below (the column's head gives
        # way to it when there is no room for four lines). With room for two lines only (both
        # hands open on a short screen) the winner's edge marks him and the hint is the
        # bottom line's: a third line ran into your hand and its raised card.
        me_pts, me_tr, bot_pts, bot_tr = self.counts(v)
        extra = None
        ec = YELLOW
        hint = None
        if app.hint >= 0:
            hint = tr("hint") + ": " + card_name(app.hint)
        answer = v.offer_pending and v.declarer == app.human
        if room < 30:
            pass
        elif answer:                     # the bot's offer: what the answer under the cursor
            extra, ec = fresh(app, STAKES).text(app, self.answer)     # books (red: rejecting
                                                                 # can no longer pay)
        elif hint is not None:
            extra = hint if fits(ui, hint, ix) else card_name(app.hint)
            hint = None
        elif last:
            extra = tr("trick") + ": " + seat_name(app, winner)
        yy = ty - 2
        if room >= 40 or (extra is None and room >= 30):    # three lines above your hand
            no = v.n_tricks + (0 if last else 1)     # the number of the trick shown
            ui.text(ix, yy, tr("col_head") % (tr("trick_no") % no, tr("pts_short"),
                                              tr("tricks_short")),
                    MUTED)
            yy += 10
        elif extra is not None:
            ui.text(ix, yy, extra, ec)
            yy += 10
            extra = None
        # The column's formats are words of the language (skat_ui.texts): a string of ten
        # letters or fewer in the code would be a name interned for good on the board.
        ui.text(ix, yy, tr("col_row") % (tr("you"), me_pts, me_tr))
        ui.text(ix, yy + 10, tr("col_row") % (tr("bot"), bot_pts, bot_tr))
        if extra is not None:
            ui.text(ix, yy + 21, extra, ec)
        # Your hand.
        if hy < ty + ui.ch + 6 and tall:
            hy = ty + ui.ch + 6
        mine = self.seat == app.human
        ui.row(v.hand, v.n_hand, hy, cursor=self.cur if mine else -1,
               legal=self.legal if mine else None)
        # Bottom line: prompt, notice or whose turn.
        by = ui.h - 12
        speak = tr("menu_hint3" if app.keys.three else "menu_hint")
        if answer:
            o = tr("offer_raus") if v.offer_pending == OFFER_RAUS else tr("offer_stich")
            # The offer's word and the answer on the bottom line ("Raus: [Annehmen] Ablehnen"):
            # a line of its own above ran into the score lines on 160-pixel screens.
            cut = o.find(" (")
            a = ("%s: [%s] %s" if not self.answer else "%s: %s [%s]")
            ui.text(1, by, a % (o[:cut] if cut > 0 else o, tr("accept"), tr("reject")), YELLOW)
        elif app.held:
            s = tr("go_on")
            if app.human_may_speak():            # an offer, Contra or Re is possible now
                s += " " + speak
            ui.text(1, by, s, YELLOW)
        elif app.grace or app.grace_sleep:
            ui.text(1, by, tr("speak_now3" if app.keys.three else "speak_now"), YELLOW)
        elif app.busy():
            ui.text(1, by, tr("thinking") + " ...", YELLOW)
        elif hint is not None:
            ui.text(1, by, hint, YELLOW)
        elif app.notice:
            ui.text(1, by, app.notice, YELLOW)
        elif self.seat >= 0:
            s = tr("dummy_turn") if self.seat == MH else tr("your_turn")
            if app.human_may_speak():
                s += " " + speak
            ui.text(1, by, s, WHITE)

    def counts(self, v):
        app = self.app
        if v.ramsch:
            h = app.human
            return v.seat_points[h], v.seat_tricks[h], v.seat_points[2 - h], v.seat_tricks[2 - h]
        if v.declarer == app.human:
            return v.decl_points, v.decl_tricks, v.opp_points, v.opp_tricks
        return v.opp_points, v.opp_tricks, v.decl_points, v.decl_tricks


def card_name(c):
    from skat_core.cards import SUIT_NAMES_DE, SUIT_NAMES_EN
    ranks = ("A", "10", "K", "Q", "J", "9", "8", "7") if text.LANG[0] else \
        ("A", "10", "K", "D", "B", "9", "8", "7")
    names = SUIT_NAMES_EN if text.LANG[0] else SUIT_NAMES_DE
    return names[c >> 3] + " " + ranks[c & 7]
