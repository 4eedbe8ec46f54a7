"""Saving: the app's state to ``microcontroller.nvm``.

What is saved (persist.py) is settings, the series and the game in progress as its deal and
record of actions, at phase changes and after each trick. Resuming is ``restore`` (boot only).
"""

from skat_ui import persist
from skat_ui.series import Series


def save(app):
    """Write settings, series and the game in progress (one nvm slice assignment)."""
    if app.store is None:
        return
    game = None
    if app.in_game:
        game = (app.human, app.game.deal_ids, app.record)
    series = app.series if app.series is not None else Series(0, app.base_seed)
    data = persist.encode(app.settings, app.series_rules, series, game)
    if app.store.save(data):
        app.saves += 1
