"""Saving: the app's state to ``microcontroller.nvm``.

What is saved (persist.py) is settings, the series and the game in progress as its deal and
record of actions, at phase changes and after each trick. Resuming is ``restore`` (boot only).

The slot image is built in one buffer taken when this module is imported (at boot, before
any deal cut the heap up) and reused by every save: a save takes no block of its own. It
holds the longest series and a record of ``ROOM`` actions; a longer record (a bidding up
to the top of the ladder) makes it grow once.
"""

from skat_ui import persist, settings as S
from skat_ui.save import HEADER
from skat_ui.series import Series, MOST

ROOM = 128                    # actions of a deal's record the buffers hold before growing
_img = [bytearray(HEADER + 2 + 3 + S.N_SETTINGS + S.N_RULES + 6 + persist.ENTRY * MOST + 36
                  + 4 * ROOM)]


def save(app):
    """Write settings, series and the game in progress (one nvm slice assignment)."""
    if app.store is None:
        return
    series = app.series if app.series is not None else Series(0, app.base_seed)
    acts = app.record if app.in_game else None
    n = persist.size(app.settings, app.series_rules, series, acts)
    img = _img[0]
    if HEADER + n + 2 > len(img):
        img = _img[0] = bytearray(HEADER + n + 2)
    if acts is None:
        persist.encode_into(img, HEADER, app.settings, app.series_rules, series, -1, None, None)
    else:
        persist.encode_into(img, HEADER, app.settings, app.series_rules, series, app.human,
                            app.game.deal_ids, acts)
    if app.store.write(img, n):
        app.saves += 1
