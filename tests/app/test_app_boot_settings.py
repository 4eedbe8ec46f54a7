"""Issue 19, items 3 and 6: the app reads settings.toml as CircuitPython gives it (the
simulator's os.getenv: sim/board/platform/settings.py; "typed" = CircuitPython 9 to 10.1: an int,
a str, or ValueError for a value it cannot parse; "text" = 10.2+: every value a str).

- SKAT_SEED: an int (``SKAT_SEED = 0``) or a str that is one (``"0"``) is the seed; any other
  value ("abc", "1.5", "", a ValueError) gets a notice at boot naming the key and what is
  used instead (a random seed) - never silently replaced.
- SKAT_ANALYSIS: 1 / true (on: the endgame), 0 / false (off), "endgame", "full" work as
  docs/app.md says; anything else gets a notice naming the mode used instead.
- The notice is one short line per bad value, in the save's language, on the notice screen
  before the title; nothing of the save is touched."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from sim.board.play import run_headless  # noqa: E402
from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import persist, save  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402


def boot(settings, getenv="typed", keys="", nvm=None):
    return run_headless("pybadge", keys, settings=settings, getenv=getenv, nvm_path=nvm,
                        frames="last")


@pytest.mark.parametrize("line,getenv", [
    ("SKAT_SEED = abc", "typed"),         # CircuitPython 9-10.1: ValueError
    ("SKAT_SEED = 1.5", "typed"),
    ("SKAT_SEED =", "typed"),
    ('SKAT_SEED = "abc"', "typed"),
    ('SKAT_SEED = "1.5"', "typed"),
    ('SKAT_SEED = ""', "typed"),
    ("SKAT_SEED = abc", "text"),          # CircuitPython 10.2+: the str "abc"
    ("SKAT_SEED = 1.5", "text"),
])
def test_a_bad_seed_gets_a_notice_naming_the_key_and_the_random_seed_used(line, getenv):
    r = boot(line + "\n", getenv)
    assert r.app.screen.name == "notice"
    assert r.app.boot_message == ["SKAT_SEED falsch: Zufall"]
    title = boot(line + "\n", getenv, keys="A")
    assert title.app.screen.name == "title", "any key goes on to the title"


@pytest.mark.parametrize("line,getenv,seed", [
    ("SKAT_SEED = 0", "typed", 0),        # unquoted: the int 0 (it was ignored before)
    ('SKAT_SEED = "0"', "typed", 0),
    ("SKAT_SEED = 0", "text", 0),         # 10.2+: the str "0"
    ("SKAT_SEED = 12345", "typed", 12345),
    ('SKAT_SEED = "12345"', "text", 12345),
    ("SKAT_SEED = 0x10", "typed", 16),
    ("SKAT_SEED = 0x10", "text", 16),
])
def test_a_seed_is_taken_as_circuitpython_gives_it_an_int_or_a_string_of_one(line, getenv, seed):
    r = boot(line + "\n", getenv)
    assert r.app.boot_message is None and r.app.screen.name == "title"
    assert r.app.base_seed == seed


def test_the_int_seed_0_and_the_string_0_deal_the_same_cards():
    a = boot("SKAT_SEED = 0\n", keys="A")
    b = boot('SKAT_SEED = "0"\n', keys="A")
    assert a.app.in_game and bytes(a.app.game.deal_ids) == bytes(b.app.game.deal_ids)


@pytest.mark.parametrize("line,getenv,mode", [
    ("SKAT_ANALYSIS = 1", "typed", "endgame"),
    ("SKAT_ANALYSIS = 1", "text", "endgame"),
    ("SKAT_ANALYSIS = true", "text", "endgame"),      # 10.2+ gives "true"
    ('SKAT_ANALYSIS = "true"', "typed", "endgame"),
    ('SKAT_ANALYSIS = "endgame"', "typed", "endgame"),
    ('SKAT_ANALYSIS = "full"', "typed", "full"),
    ("SKAT_ANALYSIS = 0", "typed", None),
    ("SKAT_ANALYSIS = false", "text", None),
    ("", "typed", "full"),                            # unset: full on the desktop
])
def test_skat_analysis_works_as_documented(line, getenv, mode):
    r = boot(line + "\n", getenv)
    assert r.app.boot_message is None
    assert r.app.analysis_mode() == mode


@pytest.mark.parametrize("line,getenv", [
    ("SKAT_ANALYSIS = true", "typed"),    # CircuitPython 9-10.1 cannot read a bare true
    ('SKAT_ANALYSIS = "yes"', "typed"),
    ("SKAT_ANALYSIS = 2", "typed"),
    ("SKAT_ANALYSIS = endgame", "typed"),  # unquoted: ValueError there
])
def test_a_bad_analysis_value_gets_a_notice_naming_the_mode_used_instead(line, getenv):
    r = boot(line + "\n", getenv)
    assert r.app.boot_message == ["SKAT_ANALYSIS falsch: full"]
    assert r.app.analysis_mode() == "full"


def _image(lang=0, game=False):
    st = S.defaults()
    st[S.I_LANG] = lang
    ser = Series(12, 4242, Entries(MOST)) if game else Series(0, 4242, Entries(MOST))
    data = bytearray(b"\xff" * 8192)
    store = save.Store(data)
    store.load()
    assert store.save(persist.encode(st, st[:S.N_RULES], ser,
                                     (0, bytes(range(32)), []) if game else None))
    return bytes(data)


def test_every_bad_value_gets_its_line_in_the_language_of_the_save(tmp_path):
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(_image(lang=1))
    r = boot("SKAT_SEED = abc\nSKAT_ANALYSIS = 2\n", nvm=str(nvm))
    assert r.app.boot_message == ["SKAT_SEED bad: random", "SKAT_ANALYSIS bad: full"]


def test_bad_settings_lose_nothing_the_saved_game_resumes_after_the_notice(tmp_path):
    nvm = tmp_path / "nvm.bin"
    image = _image(game=True)
    nvm.write_bytes(image)
    r = boot("SKAT_SEED = abc\n", nvm=str(nvm))
    assert r.app.screen.name == "notice" and r.app.in_game
    from skat_core.engine.series import next_seed
    from skat_core.rng import Rng
    assert r.app.series.seed == 4242, "the running series keeps its seed"
    assert r.app.base_seed == next_seed(4242, Rng(1)), "and the next series draws from it"
    assert r.nvm == image, "the save is not rewritten for a bad setting"
    on = boot("SKAT_SEED = abc\n", keys="A A", nvm=str(nvm))   # notice -> title: continue
    assert on.app.in_game and on.app.screen.name == "bid"


MP_GUEST = '''
from skat_ui.storage import restore


class Rng:
    def seed(self, s):
        self.s = s


class Bot:
    rng = Rng()


class App:
    bot = Bot()


class Os:
    """os.getenv as the firmware gives it (VALUES: key -> value, or ValueError)."""
    def getenv(self, key, default=None):
        v = VALUES.get(key, default)
        if v is ValueError:
            raise ValueError("invalid syntax for integer with base 0")
        return v

    def urandom(self, n):
        return bytes(n)


restore.os = Os()
for VALUES in ({"SKAT_SEED": 0, "SKAT_ANALYSIS": 1}, {"SKAT_SEED": "0x10", "SKAT_ANALYSIS": "true"},
               {"SKAT_SEED": ValueError, "SKAT_ANALYSIS": ValueError},
               {"SKAT_SEED": "1.5", "SKAT_ANALYSIS": "full"}, {"SKAT_SEED": "", "SKAT_ANALYSIS": 0}):
    app = App()
    bad = restore.env(app)
    print("ENV", app.base_seed, app.bot.rng.s, app.analysis, bad)
'''


@pytest.mark.mp
def test_settings_are_read_the_same_under_micropython(run_mp):
    """restore.env is device code: int(x, 0), the ValueError of CircuitPython 9-10.1 and the
    str of 10.2+ behave there as on CPython (a board has no unquoted-true either way)."""
    r = run_mp(MP_GUEST, heap_kb=512)
    r.check()
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("ENV")]
    assert lines == [
        "ENV 0 0 endgame []",
        "ENV 16 16 endgame []",
        "ENV 0 0 None [('SKAT_SEED', 0), ('SKAT_ANALYSIS', None)]",
        "ENV 0 0 full [('SKAT_SEED', 0)]",
        "ENV 0 0 None [('SKAT_SEED', 0)]",
    ]
