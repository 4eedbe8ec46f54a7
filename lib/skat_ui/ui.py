"""The display side: one canvas TileGrid plus a small pool of text labels, and the layout
numbers for the board's screen size (160x128, 240x135, 240x240, 320x240).

Labels only re-render when their text or colour changes; everything else is drawn into the
canvas (``gfx``). The app calls ``display.refresh()`` once per change (auto_refresh is off).
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label
from skat_ui import gfx

N_LABELS = 14
LINE = 11            # text line pitch in pixels (terminalio font: 6x12, glyphs <= 10 high)
CHAR_W = 6


class Ui:
    def __init__(self, display, width, height):
        self.display = display
        self.w = width
        self.h = height
        self.canvas = gfx.Canvas(width, height)
        self.root = displayio.Group()
        self.root.append(self.canvas.tilegrid)
        self.labels = []
        for _ in range(N_LABELS):
            lb = bitmap_label.Label(terminalio.FONT, text="", color=0xFFFFFF)
            lb.anchor_point = (0, 0)
            lb.hidden = True
            self.labels.append(lb)
            self.root.append(lb)
        self.used = 0
        try:
            display.root_group = self.root
        except AttributeError:       # CircuitPython 8
            display.show(self.root)
        # Card sizes: a full card and a compact (rank + suit only) card.
        self.cw = 20 if width < 200 else 24
        self.ch = 26 if height < 200 else 34
        self.sw = 13 if width < 200 else 16       # compact card width
        self.sh = 17
        self.cols = width // CHAR_W

    # -------------------------------------------------------------------- frame
    def begin(self):
        """Start a new frame: clear the canvas, release all labels."""
        self.canvas.clear()
        self.used = 0

    def text(self, x, y, s, color=0xFFFFFF, bg=None):
        """Put ``s`` with its top-left corner at x, y (clipped to the screen width)."""
        if self.used >= N_LABELS:
            return
        maxc = (self.w - x) // CHAR_W
        if len(s) > maxc:
            s = s[:maxc]
        lb = self.labels[self.used]
        self.used += 1
        if lb.text != s:
            lb.text = s
        if lb.color != color:
            lb.color = color
        lb.anchored_position = (x, y)
        lb.hidden = False

    def center(self, y, s, color=0xFFFFFF):
        n = len(s) if len(s) < self.cols else self.cols
        self.text((self.w - n * CHAR_W) // 2, y, s, color)

    def end(self):
        for i in range(self.used, N_LABELS):
            lb = self.labels[i]
            if not lb.hidden:
                lb.hidden = True
        self.display.refresh()

    # -------------------------------------------------------------------- cards
    def step_for(self, n, w, avail):
        """Horizontal step of n overlapping cards of width w in ``avail`` pixels."""
        if n <= 1:
            return w
        s = (avail - w) // (n - 1)
        return s if s < w + 2 else w + 2

    def row(self, cards, n, y, compact=False, cursor=-1, legal=None, marked=None, x0=1,
            avail=0):
        """Draw ``n`` cards (global ids) as an overlapping row. ``legal``: bytearray(32),
        cards with 0 are dimmed; ``marked``: bytearray(32) raised in another colour;
        ``cursor``: index raised with a yellow edge. Returns the step used."""
        cv = self.canvas
        w = self.sw if compact else self.cw
        h = self.sh if compact else self.ch
        if avail <= 0:
            avail = self.w - 2 * x0
        step = self.step_for(n, w, avail)
        for i in range(n):
            c = cards[i]
            face = gfx.C_FACE
            if legal is not None and not legal[c]:
                face = gfx.C_DIM
            yy = y
            edge = gfx.C_INK
            if marked is not None and marked[c]:
                yy -= 3
                edge = gfx.C_PICK
            if i == cursor:
                yy -= 4
                edge = gfx.C_CURSOR
            cv.card(x0 + i * step, yy, w, h, c, face, edge)
        if 0 <= cursor < n:
            # Redraw the cursor card's edge on top so it shows between neighbours.
            x = x0 + cursor * step
            yy = y - 4 - (3 if marked is not None and marked[cards[cursor]] else 0)
            cv.frame(x, yy, w, h, gfx.C_CURSOR)
        return step

    def backs(self, n, x, y, compact=True):
        w = self.sw if compact else self.cw
        h = self.sh if compact else self.ch
        step = 4
        for i in range(n):
            self.canvas.card(x + i * step, y, w, h, -1)
