"""Saving: the app's state to ``microcontroller.nvm``.

What is saved (persist.py) is settings, the series and the game in progress as its deal and
record of actions, at phase changes and after each trick. Resuming is ``restore`` (boot only).

The slot image is the app's own bytearray, taken once when the app is made (``App._img``,
persist.image): the series' games and the deal's record are kept in it at their places, so
a save fills in the fields around them and writes the slot from it, taking no block. Its
record holds ``ROOM`` actions; a longer one (a bidding up to the top of the ladder) makes it
grow once.
"""

from skat_ui.storage import persist
from skat_ui.storage.save import HEADER
from skat_core.engine.series import Series

ROOM = 96                     # actions of a deal's record the image holds before growing


def save(app):
    """Write settings, series and the game in progress (one nvm slice assignment). Returns
    the payload's length (it is at ``app._img[HEADER:]``), 0 when nothing was written."""
    if app.store is None:
        return 0
    series = app.series if app.series is not None else Series(0, app.base_seed, app._room)
    img = app._img
    if app.in_game:
        end = persist.encode_into(img, HEADER, app.settings, app.series_rules, series,
                                  app.human, app.game.deal_ids, app.record, app.base_seed)
    else:
        end = persist.encode_into(img, HEADER, app.settings, app.series_rules, series, -1,
                                  None, None, app.base_seed)
    if app.store.write(img, end - HEADER):
        app.saves += 1
        return end - HEADER
    return 0
