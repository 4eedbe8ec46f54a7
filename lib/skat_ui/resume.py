"""Saving and resuming: the app's state to and from ``microcontroller.nvm``.

What is saved (persist.py) is settings, the series and the game in progress as its deal and
record of actions; resuming replays the record through the engine, so the game continues at
the last save (phase changes, each trick). A save that does not decode, or whose record the
engine refuses, is treated like a corrupt one: reported once, replaced by a clean save.
"""

from skat_core.codes import PH_DONE
from skat_core.game import Game
from skat_ui import save as slots, persist, settings as S
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


def load(app):
    """Restore settings, series and the game in progress. A bad save is reported once."""
    if app.store is None:
        return
    data = app.store.load()
    bad = app.store.status == slots.ST_BAD
    if data is not None:
        try:
            _restore(app, data)
        except Exception:  # noqa: BLE001 - whatever is wrong with it, a save never crashes
            bad = True
            app.settings = S.defaults()
            app.series_rules = bytearray(app.settings[:S.N_RULES])
            app.game = Game(S.rules_of(app.series_rules))
            app.series = None
            app.record = []
            app.in_game = False
    if bad:
        app.boot_message = 1
        save(app)          # a clean save: the report is shown once


def _restore(app, data):
    sets, rules, ser, game = persist.decode(data)
    if not S.valid(sets) or len(rules) != S.N_RULES:
        raise ValueError("settings")
    for i in range(S.N_RULES):
        if rules[i] >= S.n_values(i):
            raise ValueError("rules")
    app.settings = sets
    app.series_rules = rules
    app.series = None
    if ser[0] > 0:
        s = Series(ser[0], ser[1])
        s.entries = ser[2]
        app.series = s
        app.base_seed = ser[1]
    app.game = Game(S.rules_of(rules))
    app.set_strength()
    if game is not None and app.series is not None:
        seat, deal, acts = game
        g = app.game
        g.deal_hands(deal[0:10], deal[10:20], deal[20:30], deal[30:32])
        for seat_, verb, a, b in acts:
            if g.act(seat_, verb, a, b) != 0:
                raise ValueError("record")
        app.human = seat
        app.record = list(acts)
        app.in_game = g.phase != PH_DONE
        if not app.in_game:
            raise ValueError("finished game saved as running")
