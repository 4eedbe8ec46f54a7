"""The shelf: one list per table in the save. While you play at one table (Skat-en-deux, zu
dritt, zu viert), the lists of the others wait here, each as the payload the app's save held
when you left that table (persist.py: its rules, its series and the deal in progress), so
going back resumes the list where it stood, the deal exactly.

The shelf is a store of its own (save.Store over the end of each half of the nvm, after the
app's save: save.py), so the saves during play never touch it: it is written only when you
change tables at the title, and only this module (loaded then, dropped after) reads it.

Shelf payload (version SHELF)::

    0   SHELF
    1   n lists, then n x: table (1), length (u16 LE), that list's payload (persist.py)

A change from table X to table Y writes the shelf first, with X's list as the app's save
holds it and every other list kept (Y's too), then the app's save at Y. A power cut between
the two leaves the app's save at X and both lists on the shelf: nothing is lost. The shelf's
copy of the list being played is old and never read (the app's save is newer); the next
change replaces it. A list that is over is not parked: there is nothing left to resume.

The settings and the next series' seed are the app's, not a list's: a list taken from the
shelf keeps the settings you have and draws no seed again (each new list deals from the seed
drawn from the one before, at whatever table).
"""

from skat_ui.storage import save as slots
from skat_ui.storage.resume import save
from skat_ui.storage.save import HEADER, LIVE

SHELF = 1


def store(app):
    """The shelf's store over the app's nvm, or None when the board's nvm has no room for
    one beside the app's save (or there is no nvm)."""
    if app.store is None:
        return None
    s = slots.Store(app.store.nvm, LIVE)
    return s if s.capacity() > 64 else None


def read(shelf):
    """{table: payload bytes} of the parked lists (empty when nothing is parked, and when the
    shelf holds something that is not a shelf: a corrupt shelf parks nothing)."""
    out = {}
    b = shelf.load() if shelf is not None else None
    if b is None or len(b) < 2 or b[0] != SHELF:
        return out
    i = 2
    for _ in range(b[1]):
        if i + 3 > len(b):
            return {}
        n = b[i + 1] | (b[i + 2] << 8)
        if i + 3 + n > len(b) or not 2 <= b[i] <= 4:
            return {}
        out[b[i]] = b[i + 3:i + 3 + n]
        i += 3 + n
    return out


def parked(app):
    """The tables other than the one being played whose list waits on the shelf, as bits
    (``1 << table``)."""
    shelf = store(app)
    return 0 if shelf is None else _bits(read(shelf), app.table)


def _bits(lists, table):
    """The tables of ``lists`` other than ``table``, as bits (``1 << table``)."""
    bits = 0
    for t in lists:
        if t != table:
            bits |= 1 << t
    return bits


def running(app):
    """Is the list at the app's table still to be played (a deal on, or games left)?"""
    return app.in_game or (app.series is not None and not app.series.over())


def switch(app, table):
    """Leave the list at the app's table for the one at ``table``: the list being played goes
    on the shelf, and ``table``'s parked list is taken up where it stood, or a new one starts
    there. False when the shelf has no room for the list being played: it stays the app's
    (and the shelf keeps no old copy of it)."""
    shelf = store(app)
    if shelf is None:
        return False
    lists = read(shelf)
    n = save(app)                    # the list as it stands: its payload in the app's image
    if app.table in lists:
        del lists[app.table]         # (an old copy: never offered once you leave the table)
    if running(app) and n:
        lists[app.table] = bytes(app._img[HEADER:HEADER + n])
        if not _write(shelf, lists):
            # No room for it: the list stays yours (the title asks before it is thrown
            # away), and the shelf keeps no old copy of it to offer later.
            del lists[app.table]
            _write(shelf, lists)
            return False
    elif not _write(shelf, lists):
        return False
    mine = app.settings
    seed = app.base_seed
    app.in_game = False
    app.table = 0                # set_table builds the new table's game, bot and list room
    took = table in lists and _take(app, lists[table])
    app.settings = mine
    app.base_seed = seed
    if not took:
        app.table = 0
        app.new_series(table)    # (saves and shows the table)
        if table in lists:       # a parked list the app cannot read back: said, not kept
            from skat_ui.text import tr
            app.notice = tr("shelf_bad")
    else:
        app.set_strength()
        save(app)
        if app.in_game:
            app.show_table()
        else:
            app.new_deal()
    app.parked = _bits(lists, app.table)     # (the shelf holds ``lists``: written above)
    return True


def _write(shelf, lists):
    """The shelf of ``lists`` ({table: payload}) written; False (nothing written) when it
    does not fit."""
    size = 2
    for t in lists:
        size += 3 + len(lists[t])
    if size > shelf.capacity():
        return False
    out = bytearray(size)
    out[0] = SHELF
    out[1] = len(lists)
    i = 2
    for t in lists:
        p = lists[t]
        out[i] = t
        out[i + 1] = len(p) & 0xFF
        out[i + 2] = len(p) >> 8
        out[i + 3:i + 3 + len(p)] = p
        i += 3 + len(p)
    return shelf.save(out)


def _take(app, data):
    """The parked list ``data`` restored into the app (restore.py, as at boot); False when it
    does not decode or replay (it stays on the shelf, and a new list starts instead)."""
    from skat_ui.app import load, drop
    from skat_core import RESTORE
    try:
        load(RESTORE)._restore(app, data)
        return True
    except Exception:  # noqa: BLE001 - a parked list that fails never crashes the app
        return False
    finally:
        drop(RESTORE)
