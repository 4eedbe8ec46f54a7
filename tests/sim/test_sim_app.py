"""The real code.py in the headless simulator: it boots on every board of the table, takes
keys on the 8-key and the 3-button schemes, and a power cut in the middle of an nvm write
loses nothing but that write. (Complete games by key script are the UI's tests.)"""

import os

import pytest

from sim.board.play import run_headless
from sim.board.platform import boards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "code.py")),
                                reason="code.py not there yet")

# A takes the highlighted choice; RIGHT A walks the cursor until a legal card or choice is
# taken, so the deal advances whatever the cards.
ADVANCE = "A " + "RIGHT A " * 30


def screen(result):
    return getattr(result.app.screen, "name", type(result.app.screen).__name__)


def distinct_colours(frame):
    seen = set()
    for y in range(0, frame.height, 4):
        for x in range(0, frame.width, 4):
            seen.add(frame.pixel(x, y))
    return len(seen)


@pytest.mark.parametrize("board", sorted(boards.BOARDS))
def test_code_py_boots_to_the_title_screen_on_every_board(board):
    r = run_headless(board, "", seed=5)
    w, h = boards.get(board)["size"]
    assert r.reason == "script_end", "the app must end up waiting for a key"
    assert r.frames, "nothing was drawn"
    last = r.frames[-1]
    assert (last.width, last.height) == (w, h)
    assert distinct_colours(last) >= 4, "the title screen shows cards and text"
    assert screen(r) == "title"


def test_pybadge_a_on_the_title_starts_a_series_at_the_bidding(tmp_path):
    r = run_headless("pybadge", "A", seed=5)
    assert r.app.in_game
    assert r.app.series is not None and r.app.series.games() == 0
    assert screen(r) in ("bid", "skat", "declare", "play"), screen(r)


def test_a_run_on_an_erased_board_leaves_no_temporary_nvm_behind(tmp_path, monkeypatch):
    """Without --nvm the run's board is a temporary file; each run removed nothing, and
    a test session left a thousand folders in the temporary directory."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    r = run_headless("pybadge", "A", seed=5)
    assert os.listdir(tmp_path) == [] and r.nvm_path is None
    assert len(r.nvm) == boards.get("pybadge")["nvm"] and r.nvm.strip(b"\xff")


@pytest.mark.parametrize("board", ["feather_esp32s3_reverse_tft", "feather_esp32s3_tft"])
def test_three_button_boards_select_starts_and_a_long_select_goes_back(board):
    r = run_headless(board, "SEL", seed=5)
    assert r.app.in_game
    r = run_headless(board, "R R SEL LONG:SEL", seed=5)   # settings, then back
    assert screen(r) == "title"


# Renders every frame of two runs: test-all (make test checks the simulator frame for frame
# on its probe app, tests/sim/test_sim_platform.py).
@pytest.mark.slow
def test_the_same_script_and_seed_give_the_same_frames():
    a = run_headless("pybadge", ADVANCE, seed=11, frames="every")
    b = run_headless("pybadge", ADVANCE, seed=11, frames="every")
    assert len(a.frames) > 20
    assert [f.fb for f in a.frames] == [f.fb for f in b.frames]
    assert a.app.record == b.app.record


def _state(result):
    app = result.app
    return (app.in_game, list(app.record), app.series.games() if app.series else None)


def _cut_and_reboot(tmp_path, cut_after, partial):
    """Play ADVANCE on an erased board with a power cut in write ``cut_after + 1``, after
    ``partial`` bytes of it; then boot again with no key: the Result of the reboot."""
    nvm = str(tmp_path / ("cut%d_%d_%d.bin" % (cut_after, partial, len(os.listdir(tmp_path)))))
    cut = run_headless("pybadge", ADVANCE, seed=11, nvm_path=nvm,
                       power_cut_after_writes=cut_after, power_cut_bytes=partial)
    assert cut.reason == "power_cut"
    assert cut.nvm_writes == cut_after + 1
    return run_headless("pybadge", "", seed=11, nvm_path=nvm)   # the board comes back


def test_power_cut_in_the_middle_of_a_save_resumes_at_the_previous_save(tmp_path):
    # Uncut reference: how many saves the script makes, and what a reboot after it shows.
    ref_nvm = str(tmp_path / "ref.bin")
    ref = run_headless("pybadge", ADVANCE, seed=11, nvm_path=ref_nvm)
    writes = ref.nvm_writes
    assert writes >= 4, "the script must save a few times (phase changes, tricks)"
    newest = _state(run_headless("pybadge", "", seed=11, nvm_path=ref_nvm))
    assert newest[0], "the reference stops in the middle of a deal"
    # The latest save that holds something new (a save may repeat the state before it).
    cut_after = writes - 1
    while _state(_cut_and_reboot(tmp_path, cut_after, 0)) == newest:
        cut_after -= 1
        assert cut_after > 0, "no save of the script changed the state"
    states = []
    # That save is cut after 0 bytes (the flash holds exactly the saves before it), after
    # 7 bytes (inside the header) and after 100 (inside the record).
    for partial in (0, 7, 100):
        back = _cut_and_reboot(tmp_path, cut_after, partial)
        assert back.app.boot_message is None, "a cut save is not corruption: no warning"
        assert back.app.in_game, "the game in progress is still there"
        states.append(_state(back))
    assert states[0] == states[1] == states[2], "a half-written save must not count"
    assert states[0] != newest
    assert newest[1][:len(states[0][1])] == states[0][1], "same game, an earlier point of it"


def test_corrupt_nvm_is_reported_once_and_ignored(tmp_path):
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(bytes((i * 37) & 0xFF for i in range(8192)))
    first = run_headless("pybadge", "", seed=3, nvm_path=str(nvm))
    assert first.app.boot_message is not None
    second = run_headless("pybadge", "", seed=3, nvm_path=str(nvm))
    assert second.app.boot_message is None, "reported once: the next boot is clean"
    assert screen(second) == "title"
