"""What the screens share: key groups, colours, the engine's legal actions decoded, the
header/bottom lines, the hand row, a vertical menu, and line wrapping."""

from skat_boards import keys as K
from skat_ui import text
from skat_ui.text import tr
from skat_core import SCR_MENU
from skat_core.codes import VERB_MASK, A_SHIFT, A_MASK, B_SHIFT

PREV = (K.UP, K.LEFT)
NEXT = (K.DOWN, K.RIGHT)
MOVE = PREV + NEXT


def step(i, k, n):
    """Cursor ``i`` over ``n`` places after key ``k``: PREV/NEXT move by one, wrapping around."""
    if k in PREV:
        return (i - 1) % n
    if k in NEXT:
        return (i + 1) % n
    return i
WHITE = 0xFFFFFF
YELLOW = 0xFFD800
MUTED = 0x9CC8A8
RED = 0xFF6060


def legal(app, seat):
    """Decoded legal actions of ``seat``: list of (verb, a, b)."""
    buf = app.actbuf
    n = app.game.legal_actions(seat, buf)
    out = []
    for i in range(n):
        x = buf[i]
        out.append((x & VERB_MASK, (x >> A_SHIFT) & A_MASK, x >> B_SHIFT))
    return out


def my_legal(app):
    """The player's decoded legal actions when it is his turn (``legal``), else none."""
    g = app.game
    return legal(app, g.to_act) if g.player_to_act() == app.human else ()


def may(app, seat, verb):
    """True when ``seat`` has a legal action with ``verb`` now (allocation-free)."""
    buf = app.actbuf
    for i in range(app.game.legal_actions(seat, buf)):
        if buf[i] & VERB_MASK == verb:
            return True
    return False


def header(app, ui):
    ser = app.series
    h = app.human       # en-deux: Vorhand or Hinterhand; at three also Mittelhand; -1: you deal
    role = tr("dealer_out") if h < 0 else (tr("vh"), tr("mh"), tr("hh"))[h]
    # "Spiel 3/12", in a Bock game (its score doubled) "Bock 3/12"
    ui.text(1, 0, "%s %d/%d %s: %s" % ("Bock" if app.game.bock else tr("game_no"),
                                      ser.games() + 1, ser.length, tr("you"), role), MUTED)


def fits(ui, s, x=1):
    """``s`` fits on one line from ``x``, also with each non-ASCII letter spelled as two (ä ->
    ae: the font of an English firmware lacks the umlauts, ui._FALLBACK)."""
    n = len(s)
    for ch in s:
        if ord(ch) > 127:
            n += 1
    return x + 6 * n <= ui.w


def bottom(app, ui, s, color=WHITE):
    ui.text(1, ui.h - 12, s, color)


def hand_row(app, ui, v, cursor=-1, marked=None, y=-1):
    if y < 0:
        y = ui.hand_y
    ui.row(v.hand, v.n_hand, y, cursor=cursor, marked=marked)


def waiting(app, ui):
    if app.busy():
        bottom(app, ui, tr("thinking") + " ...", YELLOW)
    elif app.notice:
        bottom(app, ui, app.notice, YELLOW)


def game_label(app, gt, kind, flags=0):
    """Kreuz / Grand / Null, or in Farbenreizen the class (Frage Eichel, Solo Grün, ...)."""
    if app.game.rules.farben and gt >= 0 and kind >= 0:
        from skat_core.engine.values import farben_class, FK_SOLO, FK_OUVERT
        if kind == FK_SOLO and flags & 32:       # Null ouvert is its own class
            kind = FK_OUVERT
        return text.farben_name(farben_class(kind, gt))
    return text.game_name(gt)


def bid_name(app, v):
    if app.game.rules.farben:
        return text.farben_name(v) if v >= 0 else "-"
    return str(v)


class Menu:
    """A vertical list of (label, action) with a cursor; the base of small choice screens."""
    name = "menu"
    top = 14

    def __init__(self, app):
        self.app = app
        self.i = 0

    def items(self):
        return []

    def key(self, k):
        items = self.items()
        if not items:
            return
        if k in MOVE:
            n = len(items)
            j = step(self.i, k, n)
            # The cursor wraps round, but never onto a choice that ends the game.
            if not ((self.i == 0 and k in PREV or self.i == n - 1 and k in NEXT)
                    and self.ends(items[j])):
                self.i = j
        elif k == K.A or k == K.START:
            self.choose(items[self.i])
        elif k == K.B:
            self.back()

    def choose(self, item):
        pass

    def ends(self, item):
        """True for a choice that ends the game (the cursor does not wrap onto it)."""
        return False

    def back(self):
        pass

    def draw_items(self, ui, y, items=None, lines=0):
        if items is None:
            items = self.items()
        if self.i >= len(items):
            self.i = 0
        first = 0
        if lines and len(items) > lines:
            first = self.i - lines // 2
            if first < 0:
                first = 0
            if first > len(items) - lines:
                first = len(items) - lines
        last = len(items) if not lines else min(len(items), first + lines)
        for j in range(first, last):
            sel = j == self.i
            ui.text(2, y, ("> " if sel else "  ") + items[j][0], YELLOW if sel else WHITE)
            y += 11
        return y



class Ask(Menu):
    """Nein / Ja before a choice that ends the game (an offer, giving up): Nein first, B is
    Nein. ``slot``: the parent's attribute holding this prompt (cleared when answered);
    Ja makes ``seat`` act ``o`` = (verb, a, b)."""
    name = "ask"

    def __init__(self, app, parent, slot, title, seat, o):
        Menu.__init__(self, app)
        self.parent = parent
        self.slot = slot
        self.title = title
        self.seat = seat
        self.o = o

    def items(self):
        return [(tr("no"), 0), (tr("yes"), 1)]

    def ends(self, item):
        return item[1]

    def choose(self, item):
        setattr(self.parent, self.slot, None)
        if item[1]:
            o = self.o
            err = self.app.act(self.seat, o[0], o[1], o[2])
            if err:
                self.app.notice = text.error(err)

    def back(self):
        setattr(self.parent, self.slot, None)

    def draw(self, ui):
        ui.text(1, 0, self.title + "?", YELLOW)
        self.draw_items(ui, 14)


def game_menu(app, screen):
    """Start/B on a table screen: the game menu (help, settings, score sheet, back)."""
    from skat_ui.app import load
    app.show(load(SCR_MENU).GameMenu(app, screen))


def wrap(parts, cols, tail, most=0):
    """Join ``parts`` with commas into lines of at most ``cols`` characters, ``tail`` (" = 33")
    last, on a line of its own when it does not fit after the last part; a part longer than a
    line is broken at a space. ``most``: at most that many lines, the last one (the value)
    kept."""
    lines = []
    cur = ""
    n = len(parts)
    for j in range(n + 1):
        if j < n:
            p = parts[j] + ("," if j < n - 1 else "")
        else:
            p = tail.strip()
        if not p:
            continue
        if cur and len(cur) + 1 + len(p) > cols:
            lines.append(cur)
            cur = p
        else:
            cur = p if not cur else cur + " " + p
        while len(cur) > cols:
            k = cur.rfind(" ", 0, cols + 1)
            if k <= 0:
                break
            lines.append(cur[:k])
            cur = cur[k + 1:]
    lines.append(cur)
    if most and len(lines) > most:
        lines = lines[:most - 1] + lines[-1:]
    return lines
