"""Watch every text the app draws in the headless simulator and say where one does not fit.

The device code is not changed: while a ``Probe`` is active, an import hook wraps
``skat_ui.ui.Ui`` (``begin``, ``text``, ``end``) and ``skat_ui.gfx.Canvas`` (``card``,
``frame``) of each fresh run (the simulator imports the app anew for every run). Per frame
(``Ui.begin`` .. ``Ui.end``) it keeps every text call (string, position, the width limit
``Ui.text`` cuts at) and every card rectangle, and at ``Ui.end`` checks:

- ``cut``: the string is longer than the room from its x to the right edge of the screen
  (``Ui.text`` would cut it), also counting a letter the built-in font of an English
  firmware lacks as its fallback (ä -> ae, see ``ui._FALLBACK``): the same board may run
  either firmware;
- ``outside``: its inked pixels leave the screen;
- ``card``: its inked pixels overlap a card (or an empty card slot) drawn in the same frame;
- ``text``: its inked pixels overlap another text of the same frame;
- ``pool``: ``Ui.text`` had no label left (the text is not shown at all).

The inked box of a string is measured on the font the text back-end draws with (``ui.txt.font``:
terminalio's 6x12 cells on the lean strips, the BDF font of the label back-end on 240-wide
screens, the same 6x12 cells; lib/skat_ui/ui.py names the interface; leading and trailing
blanks have no ink), so menu items' "  " indent and the spare rows of the 12-pixel cell do
not count as overlap. ``backends``: the back-ends seen drawing (the module of ``ui.txt``).
"""

import importlib.abc
import importlib.machinery
import sys

CHAR_W = 6


class _Loader(importlib.abc.Loader):
    def __init__(self, inner, probe):
        self.inner = inner
        self.probe = probe

    def create_module(self, spec):
        return self.inner.create_module(spec)

    def exec_module(self, module):
        self.inner.exec_module(module)
        self.probe.patch(module)


class _Finder(importlib.abc.MetaPathFinder):
    NAMES = ("skat_ui.ui", "skat_ui.gfx")

    def __init__(self, probe):
        self.probe = probe

    def find_spec(self, name, path, target=None):
        if name not in self.NAMES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _Loader(spec.loader, self.probe)
        return spec


class Probe:
    """``with Probe(tag) as p: run_headless(...)``; then ``p.problems``: a list of
    (kind, screen, text, x, y, detail) strings' tuples, each distinct one once."""

    def __init__(self, tag=""):
        self.tag = tag
        self.problems = []
        self.seen = set()
        self.frames = 0
        self.texts = 0
        self.screens = set()       # screen names that drew a frame
        self.cur = None
        self._finder = _Finder(self)
        self._ink = {}             # (font, char) -> (x0, x1, y0, y1) inked cell box, or None
        self.font = None           # the font of the frame being checked
        self.backends = set()      # modules of the text back-ends that drew (ui.txt)

    def __enter__(self):
        sys.meta_path.insert(0, self._finder)
        return self

    def __exit__(self, *exc):
        sys.meta_path.remove(self._finder)
        return False

    # -- patching the fresh modules --------------------------------------------------------
    def patch(self, module):
        probe = self
        if module.__name__ == "skat_ui.gfx":
            canvas = module.Canvas
            card0 = canvas.card
            frame0 = canvas.frame

            def card(cv, x, y, w, h, *a, **kw):
                if probe.cur is not None:
                    probe.cur["cards"].append((x, y, w, h))
                return card0(cv, x, y, w, h, *a, **kw)

            def frame(cv, x, y, w, h, c):
                if probe.cur is not None:
                    probe.cur["cards"].append((x, y, w, h))
                return frame0(cv, x, y, w, h, c)

            canvas.card = card
            canvas.frame = frame
        elif module.__name__ == "skat_ui.ui":
            ui_cls = module.Ui
            begin0 = ui_cls.begin
            text0 = ui_cls.text
            end0 = ui_cls.end
            n_labels = module.N_LABELS
            fallback = module._FALLBACK   # pylint: disable=protected-access

            def begin(ui):
                probe.cur = {"texts": [], "cards": []}
                return begin0(ui)

            def text(ui, x, y, s, *a, **kw):
                if probe.cur is not None:
                    probe.cur["texts"].append((x, y, s, ui.used >= n_labels))
                return text0(ui, x, y, s, *a, **kw)

            def end(ui):
                r = end0(ui)
                if probe.cur is not None:
                    probe.check(ui, probe.cur, fallback)
                probe.cur = None
                return r

            ui_cls.begin = begin
            ui_cls.text = text
            ui_cls.end = end

    # -- measuring -------------------------------------------------------------------------
    def ink(self, ch):
        """Inked box (x0, x1, y0, y1) of one character in its 6x12 cell, None for a blank."""
        font = self.font
        if font is None:
            import terminalio  # pylint: disable=import-outside-toplevel
            font = terminalio.FONT
        key = (id(font), ch)
        if key in self._ink:
            return self._ink[key]
        g = font.get_glyph(ord(ch))
        box = None
        if g is not None:
            bm = g.bitmap
            per_row = bm.width // g.width
            x1 = (g.tile_index % per_row) * g.width
            y1 = (g.tile_index // per_row) * g.height
            xs = []
            ys = []
            for yy in range(min(g.height, 12)):
                for xx in range(g.width):
                    if bm[x1 + xx, y1 + yy]:
                        xs.append(xx)
                        ys.append(yy)
            if xs:
                box = (min(xs), max(xs) + 1, min(ys), max(ys) + 1)
        self._ink[key] = box
        return box

    def box(self, x, y, s):
        """Inked box of ``s`` drawn at x, y on screen: (x0, y0, x1, y1) or None."""
        bx0 = by0 = 1 << 20
        bx1 = by1 = -(1 << 20)
        for i, ch in enumerate(s):
            b = self.ink(ch)
            if b is None:
                continue
            cx = x + CHAR_W * i
            bx0 = min(bx0, cx + b[0])
            bx1 = max(bx1, cx + b[1])
            by0 = min(by0, y + b[2])
            by1 = max(by1, y + b[3])
        if bx1 < bx0:
            return None
        return (bx0, by0, bx1, by1)

    # -- checking --------------------------------------------------------------------------
    def screen_name(self):
        app = sys.modules.get("skat_ui.app")
        scr = getattr(getattr(app, "CURRENT", None), "_scr", None)
        if scr is None:
            return "?"
        name = getattr(scr, "name", "?")
        for sub in ("menu", "giveup"):
            inner = getattr(scr, sub, None)
            if inner is not None and getattr(inner, "name", None):
                name += "/" + inner.name
        return name

    def report(self, kind, screen, s, x, y, detail):
        key = (kind, screen, s, x, y, detail)
        if key not in self.seen:
            self.seen.add(key)
            self.problems.append(key)

    def check(self, ui, frame, fallback):
        self.frames += 1
        self.font = ui.txt.font
        self.backends.add(type(ui.txt).__module__)
        screen = self.screen_name()
        self.screens.add(screen)
        w, h = ui.w, ui.h
        boxes = []
        for x, y, s, dropped in frame["texts"]:
            self.texts += 1
            if dropped:
                self.report("pool", screen, s, x, y, "no label left")
                continue
            room = (w - x) // CHAR_W
            n_dev = 0
            for ch in s:
                alt = fallback.get(ord(ch))
                n_dev += len(alt) if alt else 1
            if len(s) > room:
                self.report("cut", screen, s, x, y, "%d chars, room for %d" % (len(s), room))
            elif n_dev > room:
                self.report("cut", screen, s, x, y, "%d chars without umlauts, room for %d"
                            % (n_dev, room))
            b = self.box(x, y, s[:room] if room > 0 else "")
            if b is None:
                continue
            if b[0] < 0 or b[1] < 0 or b[2] > w or b[3] > h:
                self.report("outside", screen, s, x, y, "ink %r on %dx%d" % (b, w, h))
            for cx, cy, cw, ch in frame["cards"]:
                if b[0] < cx + cw and cx < b[2] and b[1] < cy + ch and cy < b[3]:
                    self.report("card", screen, s, x, y, "card at %d,%d %dx%d"
                                % (cx, cy, cw, ch))
                    break
            for s2, b2 in boxes:
                if b[0] < b2[2] and b2[0] < b[2] and b[1] < b2[3] and b2[1] < b[3]:
                    self.report("text", screen, s, x, y, "over %r" % s2)
                    break
            boxes.append((s, b))


def format_problems(problems, limit=60):
    lines = ["%s [%s] %r at %d,%d: %s" % (kind, screen, s, x, y, detail)
             for kind, screen, s, x, y, detail in problems]
    if len(lines) > limit:
        lines = lines[:limit] + ["... %d more" % (len(lines) - limit)]
    return "\n".join(lines)
