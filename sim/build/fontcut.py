"""``python -m sim fontcut SOURCE.bdf``: cut a BDF font to the letters the app draws, for the
label back-end of the text interface (lib/skat_ui/ui_labels.py) on the 240-wide screens.

    python -m sim fontcut ter-u12n.bdf [--out lib/fonts/skat6x12.bdf]

The font shipped in ``lib/fonts/`` was made this way from Terminus Font 6x12 (normal weight,
Unicode encoding; Debian's ``xfonts-terminus`` ships it as ``ter-u12n_unicode.pcf.gz``, which
``pcf2bdf`` turns into BDF). Terminus Font is under the SIL Open Font License 1.1 with the
Reserved Font Name "Terminus Font": a cut is a Modified Version, so it goes by another name
(``Skat6x12``), keeps the copyright notice and ships with the licence (lib/fonts/OFL.txt).

Kept: printable ASCII and the letters of ``LETTERS`` (every other letter the app's texts use;
tests/app/test_text_backend.py fails when a text needs one the font lacks), so the board loads
about 100 glyphs, not 1,300. The glyphs' bitmaps are copied as they are.
"""

import os
import sys

from sim import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "lib", "fonts", "skat6x12.bdf")
NAME = "Skat6x12"
LETTERS = "äöüÄÖÜßé"
KEEP = frozenset(list(range(32, 127)) + [ord(c) for c in LETTERS])
# Properties that name the source font: replaced (the OFL's Reserved Font Name).
RENAMED = {"FAMILY_NAME": '"%s"' % NAME, "FOUNDRY": '"skat-en-deux"'}


class FontError(ValueError):
    """A source that is not a BDF font this tool can cut; the message says what is wrong."""


def cut(text, keep=KEEP):
    """The BDF ``text`` with only the glyphs whose encoding is in ``keep``, renamed.
    FontError when ``text`` is not a whole BDF font (STARTFONT first, a CHARS line, each
    glyph STARTCHAR ... ENCODING ... ENDCHAR, ENDFONT last) or holds none of those glyphs."""
    out = []
    glyphs = []
    head = True
    cur = None
    ended = False
    lines = text.splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    if first.split(" ", 1)[0] != "STARTFONT":
        raise FontError("not a BDF font (it does not begin with STARTFONT)")
    for n, line in enumerate(lines, 1):
        word = line.split(" ", 1)[0]
        if head:
            if word == "CHARS":
                head = False
                continue
            if word == "FONT":
                parts = line[5:].split("-")
                if len(parts) > 2:
                    parts[1], parts[2] = "skat-en-deux", NAME
                line = "FONT " + "-".join(parts)
            elif word in RENAMED:
                line = "%s %s" % (word, RENAMED[word])
            elif word == "NOTICE":
                line = ('NOTICE "Licensed under the SIL Open Font License, Version 1.1; cut '
                        'from Terminus Font by python -m sim fontcut"')
            out.append(line)
            continue
        if word == "STARTCHAR":
            if cur is not None:
                raise FontError("line %d: STARTCHAR inside a glyph (no ENDCHAR before it)" % n)
            cur = [line]
            continue
        if word == "ENDFONT" and cur is None:
            ended = True
            break
        if cur is None:
            continue
        cur.append(line)
        if word == "ENDCHAR":
            codes = [w.split() for w in cur if w.startswith("ENCODING ")]
            try:
                code = int(codes[0][1])
            except (IndexError, ValueError):
                raise FontError("line %d: a glyph without a valid ENCODING line" % n)
            if code in keep:
                glyphs.append(cur)
            cur = None
    if head:
        raise FontError("not a BDF font (no CHARS line)")
    if not ended:
        raise FontError("the font is cut short (no ENDFONT%s)"
                        % (" after its last glyph" if cur is not None else ""))
    if not glyphs:
        raise FontError("none of the %d letters the app draws is in it" % len(keep))
    out.append("CHARS %d" % len(glyphs))
    for g in glyphs:
        out.extend(g)
    out.append("ENDFONT")
    result = "\n".join(out) + "\n"
    if not result.isascii():
        bad = next(i for i, c in enumerate(result) if ord(c) > 127)
        raise FontError("its header or kept glyphs hold a non-ASCII character (%r), which "
                        "BDF does not allow" % result[bad])
    return result


def main(argv=None):
    ap = cli.Parser(prog="python -m sim fontcut", description=__doc__.split("\n\n")[0])
    ap.add_argument("source", help="the BDF font to cut (Terminus Font 6x12)")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    problem = cli.out_file(args.out)
    if problem:
        ap.fail("--out", problem)
    try:
        text = cli.read_text(args.source, 16 << 20, prog="python -m sim fontcut")
    except cli.InputError as e:
        ap.fail("source", str(e))
    try:
        result = cut(text)
    except FontError as e:
        ap.fail("source", "%s: %s; %s is left as it was" % (args.source, e, args.out))
    # Written beside --out and renamed over it when whole: the font in lib/fonts is never
    # left empty or cut short.
    cli.write_file(args.out, result, encoding="ascii")
    print("%s: %d glyphs, %d bytes" % (args.out, result.count("STARTCHAR"), len(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
