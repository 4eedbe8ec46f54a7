"""The table's sprites (lib/skat_ui/gfx.py): a card is one TileGrid over the board's card
sheet, coloured by its palette; one rule, one test, on the PyBadge's 160x128 screen."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (ROOT, os.path.join(ROOT, "lib")):
    if p not in sys.path:
        sys.path.insert(0, p)

import displayio  # noqa: E402
from sim.board.platform.displays import FrameBufferDisplay  # noqa: E402
from skat_ui import gfx  # noqa: E402
from skat_ui.ui import Ui  # noqa: E402

CLUBS_ACE = 0          # card id: suit << 3 | rank (A 10 K Q J 9 8 7)
HEARTS_SEVEN = 2 * 8 + 7


@pytest.fixture
def ui():
    displayio.release_displays()
    display = FrameBufferDisplay(160, 128, auto_refresh=False)
    u = Ui(display, 160, 128)
    u.display_fb = display
    return u


def _shows(ui, x, y, rgb):
    """The screen's pixel is ``rgb`` as the display's 16-bit colour gives it back."""
    got = ui.display_fb.pixel(x, y)
    want = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
    return all(abs(a - b) <= 8 for a, b in zip(got, want))


def test_card_sizes_are_rows_of_a_glyph_and_two_pixels_full_20x27_compact_13x18(ui):
    assert (ui.cw, ui.ch, ui.sw, ui.sh) == (20, 27, 13, 18)


def test_a_full_card_is_its_rank_its_suit_and_its_corner_ace_of_clubs(ui):
    cv = ui.canvas
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, CLUBS_ACE)
    ui.end()
    tg = cv.pools[gfx.K_FULL][0]
    assert not tg.hidden and (tg.x, tg.y) == (10, 20)
    assert [tg[0], tg[1], tg[2]] == [0, gfx.T_SUIT + 0, gfx.T_CORNER + 0]
    assert tg.pixel_shader is cv.pals[0]


def test_an_overlapped_card_shows_no_corner(ui):
    ui.begin()
    ui.canvas.card(10, 20, ui.cw, ui.ch, CLUBS_ACE, corner=False)
    ui.end()
    assert ui.canvas.pools[gfx.K_FULL][0][2] == gfx.T_PLAIN


def test_a_card_that_cannot_be_played_takes_its_suits_grey_palette(ui):
    ui.begin()
    ui.canvas.card(10, 20, ui.sw, ui.sh, HEARTS_SEVEN, gfx.C_DIM)
    ui.end()
    tg = ui.canvas.pools[gfx.K_COMPACT][0]
    assert tg.pixel_shader is ui.canvas.pals[4 + 2]
    assert [tg[0], tg[1]] == [7, gfx.T_SUIT + 2]


def test_german_ranks_show_dame_and_bube_english_queen_and_jack(ui):
    cv = ui.canvas
    cv.set_lang(0)
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, 3)                 # clubs queen
    ui.end()
    assert cv.pools[gfx.K_FULL][0][0] == 8                    # D
    cv.set_lang(1)
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, 3)
    ui.end()
    assert cv.pools[gfx.K_FULL][0][0] == 3                    # Q


def test_the_cursors_edge_is_a_yellow_frame_over_the_row(ui):
    cv = ui.canvas
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, CLUBS_ACE, edge=gfx.C_CURSOR)
    ui.end()
    fr = cv.pools[gfx.K_FULL_FRAME][0]
    assert not fr.hidden and (fr.x, fr.y) == (10, 20)
    assert fr.pixel_shader is cv.frame_pals[gfx.C_CURSOR]
    # On the screen: the frame's line is yellow, its inside the card's white face.
    assert _shows(ui, 10, 30, 0xFFD800)
    assert _shows(ui, 18, 30, 0xFFFFFF)


def test_a_sprite_the_next_frame_does_not_draw_is_hidden(ui):
    cv = ui.canvas
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, CLUBS_ACE)
    cv.card(40, 20, ui.cw, ui.ch, HEARTS_SEVEN)
    cv.rect(5, 5, 30, 1, gfx.C_MUTED)
    ui.end()
    ui.begin()
    cv.card(10, 20, ui.cw, ui.ch, CLUBS_ACE)
    ui.end()
    full = cv.pools[gfx.K_FULL]
    assert not full[0].hidden and full[1].hidden and cv.bars[0].hidden
    assert _shows(ui, 45, 30, 0x0B5A2A)          # the table's green again


def test_suits_colours_follow_the_card_style_four_colour_and_classic(ui):
    cv = ui.canvas
    cv.set_style(0)
    assert cv.pals[1][gfx.P_GLYPH] == gfx.FOUR_COLOUR[1]     # spades green
    cv.set_style(1)
    assert cv.pals[1][gfx.P_GLYPH] == gfx.TWO_COLOUR[1]      # spades black


def test_drawing_past_a_pool_is_counted_not_drawn(ui):
    cv = ui.canvas
    ui.begin()
    for i in range(gfx.FULL + 2):
        cv.card(i, 20, ui.cw, ui.ch, CLUBS_ACE)
    ui.end()
    assert cv.dropped == 2
