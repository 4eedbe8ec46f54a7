"""One list per table in the save (lib/skat_ui/storage/shelf.py; docs/app.md, "One list per
table"): a list left for another table waits on the shelf and comes back where it stood,
its deal exactly, after restarts and power cuts; the seeds stay fair; a board whose nvm has
no room for a list asks before it is thrown away, as before."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

pytest.importorskip("displayio")

from skat_core.engine.series import next_seed  # noqa: E402
from skat_core.engine.values import BID_VALUES  # noqa: E402
from skat_core.rng import Rng  # noqa: E402
from skat_ui.screens.menu import Title  # noqa: E402
from skat_ui.storage import persist, resume, save, shelf  # noqa: E402
from tests.app.test_app_games import run  # noqa: E402
from tests.support.three_player import play_list  # noqa: E402


def title(app):
    """The title screen as the app shows it, and its items' values."""
    t = Title(app)
    app.show(t)
    return t, [it[1] for it in t.items()]


def choose(app, what):
    """Choose the title's item ``what`` (as A on it does)."""
    t, rows = title(app)
    t.choose(t.items()[rows.index(what)])


def state(app):
    """What a list is where it stands: its table, games, entries, deal, record, your seat."""
    ser = app.series
    return (app.table, ser.seed, ser.games(), list(ser.entries), bytes(app.game.deal_ids),
            list(app.record), app.human, app.in_game)


def resumed(now, then):
    """Is the list ``now`` the list ``then`` where it stood, its deal exactly? (The bots may
    have made the moves that were theirs since: a resumed deal goes on at once.)"""
    return now[:5] == then[:5] and now[5][:len(then[5])] == then[5] and now[6:] == then[6:]


def three_in_a_deal(nvm):
    """A list at three, two deals played and cards of the third (from the title)."""
    r, _, _ = play_list("pybadge", 3, nvm, keys=80)
    app = r.app
    assert app.table == 3 and app.in_game and app.series.games() == 2 and len(app.record) > 5
    return app


def boot(nvm):
    """The board switched on again with the nvm: the app as it resumes."""
    return run("pybadge", "", nvm).app


def test_a_list_at_three_waits_while_you_play_en_deux_and_comes_back_at_its_deal(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    app = three_in_a_deal(nvm)
    three = state(app)
    _, rows = title(app)
    assert "new" in rows and -3 not in rows          # en-deux: no list of its own yet
    choose(app, "new")                               # no question: the list at three waits
    assert app.screen.name != "confirm"
    assert app.table == 2 and app.in_game and app.series.games() == 0
    assert app.parked == 1 << 3
    deux = state(app)
    # Switched off and on: the en-deux deal resumes; the title offers the list at three back.
    app = boot(nvm)
    assert resumed(state(app), deux)
    _, rows = title(app)
    assert -3 in rows and 3 not in rows and "new" in rows
    choose(app, -3)
    assert state(app) == three, "the list at three where it stood, its deal exactly"
    three = state(app)
    assert app.parked == 1 << 2
    app = boot(nvm)
    assert resumed(state(app), three)
    _, rows = title(app)
    assert -2 in rows and "new" not in rows and 4 in rows
    choose(app, -2)
    assert resumed(state(app), deux)


@pytest.mark.parametrize("cut", (1, 2, 3))
def test_a_power_cut_while_you_change_tables_loses_no_list(cut, tmp_path):
    """The change writes the app's save (1), the shelf (2), the app's save at the new table
    (3): a cut in any of them (half the bytes written) leaves both lists."""
    nvm = str(tmp_path / "nvm.bin")
    app = three_in_a_deal(nvm)
    three = state(app)

    class Cut(Exception):
        pass

    mem = app.store.nvm
    n = [0]

    class CutNVM:
        def __len__(self):
            return len(mem)

        def __getitem__(self, i):
            return mem[i]

        def __setitem__(self, i, value):
            n[0] += 1
            if n[0] == cut:
                half = (i.stop - i.start) // 2
                mem[i.start:i.start + half] = value[:half]
                raise Cut()
            mem[i] = value

    app.store.nvm = CutNVM()
    with pytest.raises(Cut):
        choose(app, "new")
    app = boot(nvm)
    if app.table == 3:
        assert resumed(state(app), three)
    else:                       # the change was through: en-deux, the list at three waiting
        assert cut == 3 and app.table == 2
        choose(app, -3)
        assert state(app) == three


def test_each_new_list_deals_from_a_new_seed_whatever_table_and_restart(tmp_path):
    """Back at an older list, a restart, then a new list at a third table: it deals from the
    seed drawn from the newest list's, not again from one a list was dealt from."""
    nvm = str(tmp_path / "nvm.bin")
    app = three_in_a_deal(nvm)
    s3 = app.series.seed
    choose(app, "new")
    s2 = app.series.seed
    assert s2 == next_seed(s3, Rng(1))
    choose(app, -3)
    assert app.series.seed == s3 and app.base_seed == next_seed(s2, Rng(1))
    app = boot(nvm)
    assert app.table == 3 and app.base_seed == next_seed(s2, Rng(1))
    choose(app, 4)
    assert app.table == 4 and app.series.seed == next_seed(s2, Rng(1))
    assert app.parked == (1 << 2) | (1 << 3)


def test_a_finished_list_is_not_parked_and_an_old_copy_never_comes_back(tmp_path):
    """A list whose games are over has nothing to resume: leaving its table drops it (and
    the shelf's older copy of it) from the title's offers."""
    nvm = str(tmp_path / "nvm.bin")
    app = three_in_a_deal(nvm)
    choose(app, "new")
    deux = state(app)
    choose(app, -3)                  # the shelf: the en-deux list, an old copy of three's
    app.in_game = False
    app.series.length = app.series.games()          # the list at three is over
    assert app.series.over()
    resume.save(app)
    choose(app, -2)
    assert state(app) == deux and app.parked == 0
    _, rows = title(app)
    assert 3 in rows and -3 not in rows
    # (en-deux's copy stays until the next change: the one taken up, kept for a power cut)
    assert sorted(shelf.read(shelf.store(app))) == [2]


def test_where_the_shelf_has_no_room_you_are_asked_as_before(tmp_path):
    """A shelf too small for the list being played (a board whose nvm has less room beside
    the app's save): the title asks before the list is thrown away."""
    nvm = str(tmp_path / "nvm.bin")
    app = three_in_a_deal(nvm)
    small = bytearray(b"\xff" * (2 * (save.LIVE + 100)))      # a shelf of 100 bytes a slot
    app.store = save.Store(small, 0, save.LIVE)
    app.parked = -1
    assert resume.save(app) > 100
    assert shelf.store(app).capacity() > 64
    choose(app, "new")
    assert app.screen.name == "confirm" and app.table == 3 and app.in_game
    assert shelf.read(shelf.store(app)) == {}
    app.screen.choose((None, 1))                   # "Ja": the list at three is given up
    assert app.table == 2 and app.in_game and app.series.games() == 0
    _, rows = title(app)
    assert 3 in rows and -3 not in rows


def test_the_app_s_longest_save_fits_before_the_shelf():
    """The app's save keeps the first LIVE bytes of each half: the longest list (36 games at
    four) with a deal whose record holds every bid of the ladder twice and every card,
    offer and call, and the shelf's slots begin after it, on boards of 8 and 4 KB."""
    from skat_ui import settings as S
    from skat_core.three.series import ThreeSeries
    st = S.defaults()
    ser = ThreeSeries(4, 36, 5, persist.Entries(persist.MOST, cols=4))
    for _ in range(35):
        ser.entries.append((1, 1, 0, 0, 24, 0, 74, 0, 0))
    acts = [(0, 1, 18, 0)] * (2 * len(BID_VALUES) + 60)
    p = persist.encode(st, st[:S.N_RULES], ser, (1, bytes(range(32)), acts))
    for size in (8192, 4096):
        nvm = bytearray(b"\xff" * size)
        live = save.Store(nvm, 0, save.LIVE)
        assert len(p) <= live.capacity() and live.save(p) and live.save(p)
        sh = save.Store(nvm, save.LIVE)
        assert sh.blank() and sh.base(0) == save.LIVE and sh.capacity() > 64
        assert sh.base(1) == size // 2 + save.LIVE and live.load() == p
