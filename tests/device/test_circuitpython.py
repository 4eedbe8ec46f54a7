"""The app on CircuitPython 10's own interpreter (sim/device/cpharness.py): the heap budgets of
each install, and the heap-lock proofs (no allocation during play and search) there too.

Budgets (the app's own need, the fakes' footprint subtracted): the ``.mpy`` drive within
100 KB (a PyBadge has ~150-155 KB of heap; issue 26's budget) on FULL_DEALS
(11 deals of RIGHT/A) and on the evening (sim/device/evening.py: a Liste of 36 varied deals
with a power cut, the help, the settings and a language switch, the analysis): its first 12
deals on the five layouts of cpharness.PADS in ``make test``, all 36 on the 23 layouts of
cpharness.PADS_ALL in ``make test-all`` (``slow``), the evening's plans on two other seeds'
series on the 23 layouts too; on the split-heap interpreter (the VM heap in areas, as on a
board) within the PyBadge's port heap of 156 KB (pystack and the areas' tables included);
the need after 36 deals within 1.5 KB of the need after 12, and the live heap after each
deal printed and not growing. The packages frozen into the interpreter within 50 KB; the
PicoSystem's ``.mpy`` drive within 125 KB. The ``.py`` drive's need is measured and printed
for the README's board table; it has no budget of its own (boards short of
heap take the ``.mpy`` drive or the frozen firmware).

Where a tool is missing (CIRCUITPY_UNIX, MPY_CROSS, CIRCUITPY_FROZEN, CIRCUITPY_UNIX_SPLIT;
defaults in the tools folder outside the repository, $CIRCUITPY_TOOLS or
~/.cache/circuitpython) the test is skipped with the reason,
printed in the summary: the WASI checks still run.
"""

import os
import shutil
import subprocess
import tempfile

import pytest

from sim.device import cpharness as H
from sim.device import evening as E

# Issue 26's budget (120 KB until its step 5, 104 KB after it; the worst figure after step 6
# 97.4 KB: docs/memory.md, the README's board table).
MPY_BUDGET = 100 * 1024
FROZEN_BUDGET = 50 * 1024             # issue 26 (64 KB until its step 5)
# The need after the whole evening may exceed the need after its first 12 deals by this much
# at most (what accumulates or fragments over a long evening).
EVENING_DRIFT = 1536
# The PicoSystem (RP2040, 240x240) has ~163 KB of port heap (its firmware link, README): issue
# 26 asks its .mpy drive to keep 38 KB of that free (150 KB until the canvas became sprites).
PICOSYSTEM_MPY_BUDGET = 125 * 1024


# The frozen install under test is the PyBadge's firmware (make freeze ARGS="--board pybadge",
# sim/build/freeze.py): the lean strips, as on its drive (sim/build/bundle.py, text_backend).
FROZEN_BOARD = "pybadge"


def need_tool(install, not_run):
    reason = H.why_not(install, FROZEN_BOARD if install == "frozen" else None)
    if reason:
        not_run.append("CircuitPython, %s install: %s" % (install, reason))
        pytest.skip("not run: " + reason)


@pytest.fixture(scope="module")
def drives(not_run):
    """The drives, where ``python sim/device/cpharness.py`` puts its own (/tmp/skat-cp-XXXXXXXX/
    CIRCUITPY): the interpreter puts the fakes' folder first on sys.path as an absolute path,
    and the heap the app needs moves with that path's length (by 2 KB over the evening on
    pad 208 when pytest-xdist's popen-gwN/ was added to it), so the tests measure the same
    drive in every run, with xdist or without, whatever pytest's run counter."""
    made = {}
    tmps = []

    def get(install):
        if install not in made:
            need_tool(install, not_run)
            tmps.append(tempfile.mkdtemp(prefix="skat-cp-"))
            path = os.path.join(tmps[-1], "CIRCUITPY")
            made[install] = (path, H.make_drive(
                path, install, FROZEN_BOARD if install == "frozen" else None))
        return made[install]
    yield get
    for tmp in tmps:
        shutil.rmtree(tmp, ignore_errors=True)


def check_budget(drive, exe, budget, figures, label, board="pybadge", pads=H.PADS, **kw):
    rows = H.plays_within(drive, exe, budget, pads=pads, board=board, **kw)
    for pad, kb, good, r in rows:
        figures.append("circuitpython %s: layout pad %d, %d KB for the app (-X heapsize=%dK): %s"
                       % (label, pad, budget // 1024, kb,
                          "plays out" if good else "FAILS (%s)" % r["error"]))
    failed = [(pad, r["error"]) for pad, kb, good, r in rows if not good]
    assert not failed, "%s does not play out within %d KB on layouts %s" % (
        label, budget // 1024, failed)


def split_exe(not_run):
    reason = H.why_not_split()
    if reason:
        not_run.append("CircuitPython, split heap: %s" % reason)
        pytest.skip("not run: " + reason)
    return H.split_interpreter()


def test_mpy_drive_plays_out_within_100_kb_of_heap(drives, figures):
    """The key script of the budget until issue 19 (FULL_DEALS: 11 deals of RIGHT/A)."""
    drive, exe = drives("mpy")
    check_budget(drive, exe, MPY_BUDGET, figures, ".mpy drive")


def test_mpy_drive_plays_12_deals_of_the_evening_within_100_kb(drives, figures):
    drive, exe = drives("mpy")
    check_budget(drive, exe, MPY_BUDGET, figures, ".mpy drive, evening, 12 deals",
                 **H.evening(12))


@pytest.mark.slow
@pytest.mark.parametrize("seed", E.OTHER_SEEDS[:2])
def test_mpy_drive_plays_the_evenings_plans_on_another_seeds_series_within_100_kb(
        drives, figures, seed):
    """A series the heap was never tuned to (issue 26): the evening's plans played on the
    deals of another seed (sim/device/evening.py --seed), all 36 deals, on all 23 layouts
    as the evening itself (~9 minutes of a core each)."""
    drive, exe = drives("mpy")
    check_budget(drive, exe, MPY_BUDGET, figures, ".mpy drive, evening's plans on seed %d, "
                 "36 deals" % seed, pads=H.PADS_ALL, **H.evening(seed=seed))


@pytest.mark.slow
def test_mpy_drive_plays_the_evening_in_measure_mode_within_100_kb(drives, figures):
    """Measure mode, a collection at every sleep, moves what is live when: the evening once
    failed in it in deal 2 at 120 KB (issue 26)."""
    drive, exe = drives("mpy")
    check_budget(drive, exe, MPY_BUDGET, figures, ".mpy drive, evening, 36 deals, measure mode",
                 measure=True, **H.evening())


@pytest.mark.measure
def test_the_needs_of_five_seeds_series_are_measured_and_within_100_kb(drives, figures):
    """The need of the evening's plans on the evening's series and on each of the other
    seeds' (all 36 deals, five layouts, normal and measure mode), for the README; each
    within the budget (issue 26: five seeds in ``make measure``)."""
    drive, exe = drives("mpy")
    over = []
    for seed in (E.SEED,) + E.OTHER_SEEDS:
        kw = H.evening(seed=seed)
        for measure in (False, True):
            worst = 0
            for pad in H.PADS:
                ref = H.reference(drive, exe, pad=pad, **kw)
                need, _kb = H.need(drive, exe, pad, ref, lo_kb=90, hi_kb=220, measure=measure,
                                   **kw)
                worst = max(worst, need)
            figures.append("circuitpython .mpy drive, evening's plans on seed %d, 36 deals%s: "
                           "needs %.1f KB (worst of %d layouts)" % (
                               seed, ", measure mode" if measure else "", worst / 1024,
                               len(H.PADS)))
            assert worst > 0
            if worst > MPY_BUDGET:
                over.append((seed, measure, worst))
    assert not over, "over %d B (seed, measure mode, need): %s" % (MPY_BUDGET, over)


FEATHER = "feather_esp32s3_reverse_tft"


@pytest.mark.slow            # a board other than the PyBadge: test-all
def test_feather_drive_draws_with_adafruit_display_text_on_the_device(not_run, figures):
    """The Feather's own drive (``make bundle ARGS="--board ..."``: the label back-end, its
    library modules compiled by CircuitPython's mpy-cross, the BDF font) plays FULL_DEALS out
    on CircuitPython's interpreter, and the labels are what it draws with: its most live heap
    is well above the lean drive's on the same board (measured +15.8 KB, docs/memory.md)."""
    need_tool("mpy", not_run)
    tmp = tempfile.mkdtemp(prefix="skat-cp-")
    try:
        live = {}
        for text, board in (("label", FEATHER), ("lean", None)):
            drive = os.path.join(tmp, text, "CIRCUITPY")
            exe = H.make_drive(drive, "mpy", board=board)
            has = os.path.isfile(os.path.join(drive, "lib", "skat_ui", "ui_labels.mpy"))
            assert has == (text == "label")
            r = H.reference(drive, exe, board=FEATHER)
            assert r["result"][2] >= 11, r["result"]
            live[text] = r["result"][5]
        figures.append("circuitpython .mpy Feather Reverse TFT: most live %.1f KB with labels, "
                       "%.1f KB lean" % (live["label"] / 1024, live["lean"] / 1024))
        assert live["label"] - live["lean"] > 8 * 1024, live
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def check_port_heap(drive, exe, figures, label, pads=H.PADS, **kw):
    rows = H.fits_port_heap(drive, exe, H.PYBADGE_PORT_HEAP, pads=pads, **kw)
    for pad, kb, good, r in rows:
        figures.append("circuitpython %s: layout pad %d, the PyBadge's %d KB port heap"
                       " (-X heapsize=%dK on the split heap): %s%s"
                       % (label, pad, H.PYBADGE_PORT_HEAP // 1024, kb,
                          "plays out" if good else "FAILS (%s)" % r["error"],
                          "; the firmware's sweep would have freed a live area %d times"
                          % r["sweep_kept"] if r["sweep_kept"] else ""))
    failed = [(pad, r["error"]) for pad, kb, good, r in rows if not good]
    assert not failed, "%s does not play out in the PyBadge's port heap on layouts %s" % (
        label, failed)


# make test holds the budget (100 KB of the fixed heap, above); the board-like heap is checked
# by make test-all, here and on every layout over the whole evening (below).
@pytest.mark.slow
def test_mpy_drive_plays_12_deals_of_the_evening_in_a_pybadge_port_heap_in_areas(
        drives, figures, not_run):
    """Board-like: the VM heap grows in areas from the PyBadge's port heap (156 KB, the
    firmware link), which also holds the pystack and the areas' tables (docs/memory.md, "The
    split heap")."""
    exe = split_exe(not_run)
    drive, _exe = drives("mpy")
    check_port_heap(drive, exe, figures, ".mpy drive, split heap, evening, 12 deals",
                    **H.evening(12))


@pytest.mark.slow
def test_mpy_drive_plays_the_evening_within_100_kb_on_every_layout(drives, figures):
    drive, exe = drives("mpy")
    check_budget(drive, exe, MPY_BUDGET, figures, ".mpy drive, evening, 36 deals",
                 pads=H.PADS_ALL, **H.evening())


@pytest.mark.slow
def test_mpy_drive_plays_the_evening_in_a_pybadge_port_heap_in_areas(drives, figures,
                                                                      not_run):
    exe = split_exe(not_run)
    drive, _exe = drives("mpy")
    check_port_heap(drive, exe, figures, ".mpy drive, split heap, evening, 36 deals",
                    pads=H.PADS_ALL, **H.evening())


@pytest.mark.measure
def test_the_split_heaps_need_is_measured(drives, figures, not_run):
    """No budget of its own: the need on the split heap in the fixed heap's terms (the RAM of
    a fixed heap that size, less the pystack) - what the areas cost on top - for the docs."""
    exe = split_exe(not_run)
    drive, _exe = drives("mpy")
    for pad in H.PADS[:2]:
        kw = H.evening(12)
        ref = H.reference(drive, exe, pad=pad, **kw)
        need, kb = H.need(drive, exe, pad, ref, lo_kb=100, hi_kb=220, **kw)
        figures.append("circuitpython .mpy drive, split heap, evening, 12 deals, pad %d: needs"
                       " %.1f KB as a fixed heap counts it (port heap %d KB, %.1f KB besides"
                       " the fakes)" % (pad, need / 1024, kb, kb - ref["base"] / 1024))
        assert need > 0


@pytest.mark.slow
def test_the_need_after_36_deals_is_within_1_5_kb_of_the_need_after_12(drives, figures):
    """What a long evening adds: per layout the need after the evening's first 12 deals and
    after all 36 (bisection, cpharness.need); the later may be at most EVENING_DRIFT more."""
    drive, exe = drives("mpy")
    worse = []
    for pad in H.PADS:
        needs = []
        for deals in (12, 0):
            kw = H.evening(deals)
            ref = H.reference(drive, exe, pad=pad, **kw)
            need, _kb = H.need(drive, exe, pad, ref, lo_kb=100, hi_kb=220, **kw)
            needs.append(need)
        figures.append("circuitpython .mpy drive, evening, pad %d: needs %.1f KB after 12 deals,"
                       " %.1f KB after 36" % (pad, needs[0] / 1024, needs[1] / 1024))
        if needs[1] - needs[0] > EVENING_DRIFT:
            worse.append((pad, needs))
    assert not worse, "the need grows by more than %d B over the evening: %s" % (
        EVENING_DRIFT, worse)


@pytest.fixture(scope="module")
def evening_run(drives):
    """The whole evening in a big heap (the reference run: a collection at every sleep)."""
    drive, exe = drives("mpy")
    return H.reference(drive, exe, **H.evening())


def test_the_evening_plays_what_it_was_written_for(evening_run):
    """The key script was written in the simulator (sim/device/evening.py); on CircuitPython it
    plays the same deals: every game type, the levels, offers, Ramsch, ... (from the records
    the app prints after each deal). If the app's screens change, write it anew."""
    from sim.device import evening as E
    import json
    records = [json.loads(ln) for ln in evening_run["stdout"].splitlines()
               if ln.startswith('{"series"')]
    cov = E.coverage(records)
    assert cov.get("deals") == E.DEALS, cov
    assert not E.missing(cov), "not played: %s (python sim/device/evening.py)" % E.missing(cov)


def reference_on_own_drive(not_run, label, board, kw, three=False, has=None):
    """The reference run (a big heap) of ``kw`` on a ``.mpy`` drive of its own for ``board``
    (``three``: with Skat zu dritt), removed after; skipped where the tools are missing.
    ``has``: a file the drive must hold."""
    reason = H.why_not("mpy", board)
    if reason:
        not_run.append("CircuitPython, %s: %s" % (label, reason))
        pytest.skip("not run: " + reason)
    tmp = tempfile.mkdtemp(prefix="skat-cp-")
    try:
        drive = os.path.join(tmp, "CIRCUITPY")
        exe = H.make_drive(drive, "mpy", board, three=three)
        if has:
            assert os.path.isfile(os.path.join(drive, has))
        return H.reference(drive, exe, **kw)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.mark.slow
def test_a_drive_with_skat_zu_dritt_plays_the_evening_at_three(not_run, figures):
    """The drive ``python -m sim bundle --three`` writes (Skat zu dritt's modules on it, its
    fact THREE_TABLES true) plays the evening at three (sim/device/evening3.py: a list of 36
    deals against the two bots, Kontra and Re, Ramsch, the hint, the analysis) on
    CircuitPython, in a big heap: the way to issue 27's budget at three. Its need is a
    measurement (``cpharness.py --evening 0 --table 3``; docs/memory.md, "Skat zu dritt on
    the drive"): not yet within 100 KB."""
    ref = reference_on_own_drive(not_run, "the drive with Skat zu dritt", None,
                                 H.evening_at_three(), three=True)
    assert ref["result"][2] == 36, "the list at three ended after %d deals" % ref["result"][2]
    # Each deal's record, printed by the device's writer (lib/skat_ui/storage/recout.py),
    # replays on the host to a finished game of three.
    import json
    from skat_core.notation.record import replay
    records = [json.loads(ln) for ln in ref["stdout"].splitlines() if ln.startswith('{"series"')]
    assert len(records) == 36 and all(r["table"] == 3 for r in records)
    from sim.device import evening3
    gone = evening3.missing(evening3.coverage(records))
    assert not gone, "not played: %s (python sim/device/evening3.py)" % gone
    for r in records:
        g, err, _ = replay(r)
        assert err is None and g.phase == 8, (r, err)          # PH_DONE
    figures.append("circuitpython, the evening at three on a drive with Skat zu dritt: 36 deals"
                   " in a 2 MB heap, most live at a sleep %.1f KB" % (ref["result"][5] / 1024))


THREE_BOARD = "feather_esp32s3_reverse_tft"


@pytest.mark.slow
def test_the_three_button_evening_plays_on_a_feathers_label_drive(not_run, figures):
    """The Feathers' evening (sim/device/evening36-three.keys: the same plans on left, right and
    select) plays the same kinds of deal on CircuitPython from the drive `make bundle` writes
    for a Feather, every text drawn with adafruit_display_text: 36 deals, every game type,
    offers, Ramsch, a power cut. Its heap is a measurement (README's board table), for the
    Feathers' 2 MB PSRAM bind nothing."""
    from sim.device import evening as E
    import json
    r = reference_on_own_drive(not_run, "a Feather's .mpy drive", THREE_BOARD,
                               dict(board=THREE_BOARD, **H.evening(board=THREE_BOARD)),
                               has=os.path.join("lib", "skat_ui", "ui_labels.mpy"))
    records = [json.loads(ln) for ln in r["stdout"].splitlines()
               if ln.startswith('{"series"')]
    cov = E.coverage(records)
    figures.append("circuitpython .mpy Feather drive (labels), the three-button evening: %d "
                   "deals, most live at a sleep %.1f KB" % (cov.get("deals", 0),
                                                             r["result"][5] / 1024))
    assert cov.get("deals") == E.DEALS, cov
    assert not E.missing(cov), "not played: %s (python sim/device/evening.py --board %s)" % (
        E.missing(cov), THREE_BOARD)


def _result_keeps(record):
    """What a deal's result screen keeps on the heap besides what every result keeps, read
    from the deal's record: "analysis" for a declared game with a trick played (the result
    loads the analysis' module with it: scr_result.can_analyse, 2.7 KB), "bidding" when no
    card was played (the bidding's and the bot's pre-play modules go at the opening lead
    only: 10 KB), "" otherwise (Ramsch; a game that ended in its first trick)."""
    verbs = [a.split()[1] for a in record["actions"]]
    plays = verbs.count("play")
    if not plays:
        return "bidding"
    return "analysis" if "declare" in verbs and plays >= 3 else ""


def test_the_live_heap_after_each_deal_does_not_grow_over_the_evening(evening_run, figures):
    """Nothing accumulates: the live heap after a collection at the first sleep after each
    deal (the result on screen), printed per deal; the last deal's, less the interned names,
    is within one chunk of names (128 B) of deal 2's (both keep the analysis' module). The power cut starts a new interpreter; in the longest run of deals in one
    interpreter (30 after the cut) the last 12 deals' live heaps, less the interned names,
    lie within one chunk of names (128 B) of each other among the deals of one kind: deals
    whose result screens keep the same modules (``_result_keeps``: an analysable game keeps
    the analysis' module, a deal without a card the bidding's; a Ramsch neither), at least 8
    of the 12 of one kind. A name is interned for good when it is first met (a module's file
    name when the module is first loaded in this boot, e.g. the English rules help at deal
    15, the settings at deal 19): steps, not a trend."""
    import json
    r = evening_run
    deals = r["deals"]
    assert [d[0] for d in deals] == list(range(1, 37)), [d[0] for d in deals]
    for n, live, largest, names, pool in (d[:5] for d in deals):
        figures.append("circuitpython .mpy drive, evening: after deal %2d the live heap is"
                       " %6d B (%6d B without the %d interned names; largest free block %s B)"
                       % (n, live, live - pool, names, largest))
    own = dict((d[0], d[1] - d[4]) for d in deals)
    records = {}
    for ln in r["stdout"].splitlines():
        if ln.startswith('{"series"'):
            rec = json.loads(ln)
            records[rec["game"]] = rec
    # The last deal against deal 2, like with like: both keep the same modules on their result
    # screens, and the names interned in between (modules first met later: steps) are not
    # counted - a raw comparison passed only while a stale word on the C stack kept deal 2's
    # heap 9 KB higher (104.5 against 95.2 KB), and failed by the 144 B of names the English
    # help and the settings intern once the stack was clean.
    assert _result_keeps(records[36]) == _result_keeps(records[2]), (records[2], records[36])
    assert own[36] - own[2] <= 128, (own[2], own[36])
    longest = max(r["parts"], key=len)
    assert len(longest) >= 25, r["parts"]
    kinds = {}
    for n in longest[-12:]:
        kinds.setdefault(_result_keeps(records[n]), []).append((own[n], n))
    assert max(len(v) for v in kinds.values()) >= 8, kinds
    for kind, figs in kinds.items():
        figs.sort()
        assert figs[-1][0] - figs[0][0] <= 128, (kind, figs)


@pytest.mark.slow            # a board other than the PyBadge: test-all
def test_mpy_drive_on_the_picosystem_plays_out_within_125_kb_of_heap(drives, figures):
    drive, exe = drives("mpy")
    check_budget(drive, exe, PICOSYSTEM_MPY_BUDGET, figures, ".mpy drive, PicoSystem",
                 board="picosystem")


def test_frozen_packages_play_out_within_50_kb_of_heap(drives, figures):
    drive, exe = drives("frozen")
    check_budget(drive, exe, FROZEN_BUDGET, figures, "frozen packages")


@pytest.mark.measure
def test_py_drive_need_is_measured(drives, figures):
    """No budget, so a measurement (``make measure``), not a check: the .py drive compiles
    every module into the heap at import; its need goes into the README's board table
    (which install each board takes). A run that fails to play out fails here too."""
    drive, exe = drives("py")
    worst = 0
    for pad in H.PADS[:3]:
        ref = H.reference(drive, exe, pad=pad)
        need, kb = H.need(drive, exe, pad, ref)
        worst = max(worst, need)
    figures.append("circuitpython .py drive: needs %.1f KB (worst of %d layouts)"
                   % (worst / 1024, 3))


def test_mpy_drive_holds_circuitpythons_own_mpy_files(drives):
    drive, _exe = drives("mpy")
    own = [os.path.join(dp, f) for base in ("skat_core", "lib")
           for dp, _dn, fn in os.walk(os.path.join(drive, base)) for f in fn]
    assert own and all(p.endswith(".mpy") for p in own), [p for p in own if not p.endswith(".mpy")]
    for p in own:
        with open(p, "rb") as f:
            assert f.read(1) == b"C", p       # MicroPython's 'M' files are refused
    assert os.path.isfile(os.path.join(drive, "code.py"))


def test_the_app_boots_from_the_mpy_drive_and_takes_keys(drives):
    drive, exe = drives("mpy")
    r = H.run_app(drive, exe, 400, keys="A WAIT:1 A WAIT:1")
    assert r["ok"], r["error"]
    assert r["result"][0] == 4 and r["result"][3] >= 1     # 4 keys delivered, saved


def test_a_run_that_runs_out_of_heap_does_not_count_as_playing_out(drives):
    drive, exe = drives("mpy")
    r = H.run_app(drive, exe, 60)
    assert not r["ok"] and "MemoryError" in r["error"], r["error"]


# --- heap lock on the real interpreter ------------------------------------------------------

def run_cp_script(tmp_path, files, main, heap_kb, not_run):
    """Run ``main`` (a file of ``files``: {name: text}) on CircuitPython's interpreter with
    the files and the project root on its path; (exit code, stdout)."""
    need_tool("py", not_run)
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    env = dict(os.environ, MICROPYPATH="%s:%s" % (tmp_path, H.ROOT))
    p = subprocess.run(H._no_aslr() + [H.interpreter(), "-X", "heapsize=%dK" % heap_kb,
                                       str(tmp_path / main)],
                       cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=900)
    return p.returncode, p.stdout + p.stderr


def test_the_drivers_heap_lock_refuses_an_allocation_on_circuitpython(tmp_path, not_run):
    """The shim the heap-locked driver uses really locks this interpreter's heap."""
    code, out = run_cp_script(tmp_path, {"main.py": "from sim.device.mp.mpshim import lock\n"
                                                    "lock()\n"
                                                    "x = [1, 2, 3]\n"}, "main.py", 64,
                              not_run)
    assert code != 0 and "MemoryError" in out, out


def test_games_play_heap_locked_on_circuitpython_and_match_cpython(tmp_path, not_run):
    from tests.device import test_heap_locked as T
    n = T.N_GAMES
    code, out = run_cp_script(tmp_path, {"heap_locked_driver.py": T.DRIVER,
                                         "main.py": "import heap_locked_driver as d\n"
                                                    "d.run(0, %d)\n" % n},
                              "main.py", T.HEAP_KB, not_run)
    assert code == 0, out[-2000:]
    assert out.splitlines() == T.cpython_lines(0, n)


def test_games_at_three_play_heap_locked_on_circuitpython_and_match_cpython(tmp_path, not_run):
    """Skat zu dritt's engine (skat_core.three) under the same lock on the real interpreter."""
    from tests.device import test_heap_locked_three as T
    n = T.N_GAMES
    # The modules compile from source at import here, the en-deux Game's with the three
    # table's: 64 KB (the WASI run's heap, .py too) ran out in the compile of the bid ladder
    # on this interpreter; the proof here is the lock, the heap size is the WASI run's.
    code, out = run_cp_script(tmp_path, {"heap_locked_three.py": T.DRIVER,
                                         "main.py": "import heap_locked_three as d\n"
                                                    "d.run(0, %d)\n" % n},
                              "main.py", T.CP_HEAP_KB, not_run)
    assert code == 0, out[-2000:]
    assert out.splitlines() == T.cpython_lines(0, n)


def test_bot_searches_allocate_nothing_on_circuitpython(tmp_path, not_run):
    """The bench's guest (sim/tools/bench.py: the device bot on both sides, every play decision
    under heap_lock, MemoryError counted) on the real interpreter, its heap and pystack."""
    from sim.tools import bench
    need_tool("py", not_run)
    code, texts = bench.guest(24, 1)
    drive = tmp_path / "drive"
    bench.write_engine(str(drive), texts)
    # The bench's fuel marks go to the WASI host; here they are no-ops.
    files = {"host.py": "def call(name, payload):\n    return '0'\n"}
    for name, text in files.items():
        (drive / name).write_text(text)
    # Paths as short as a board's ("./skat_core/..."): the interpreter has a board's 96-byte
    # path buffer, and a script's folder goes first on sys.path as an absolute path, so a
    # deep temporary folder (pytest-xdist's popen-gwN/ is one level more) failed the import
    # with RuntimeError. The code is given with -c, the modules found from the drive.
    env = dict(os.environ, MICROPYPATH=".")
    p = subprocess.run(H._no_aslr() + [H.interpreter(), "-X", "heapsize=%dK" % bench.HEAP_KB,
                                       "-c", code],
                       cwd=str(drive), env=env, capture_output=True, text=True, timeout=900)
    out = p.stdout + p.stderr
    assert p.returncode == 0, out[-2000:]
    result = [ln for ln in out.splitlines() if ln.startswith("RESULT")]
    assert result, out[-2000:]
    allocs, refused, decisions = (int(x) for x in result[-1].split()[1:4])
    assert decisions > 100
    assert allocs == 0, "%d play decisions allocated under heap_lock" % allocs
    assert refused == 0
    shutil.rmtree(str(drive))


# --- the PyBadge firmware with the app frozen in ------------------------------------------

FIRMWARE_MAP = os.environ.get("CIRCUITPY_FIRMWARE_MAP") or os.path.join(
    H.SHARED, "firmware-pybadge.elf.map")


def test_pybadge_firmware_with_the_app_frozen_links_within_its_flash(tmp_path, figures,
                                                                   not_run):
    """A CircuitPython firmware for the PyBadge with our packages frozen in (built outside
    this repository by CircuitPython's own build, README "On a board"; its link map given by
    CIRCUITPY_FIRMWARE_MAP, with ``<map>.sha256-of-freeze`` naming the sources frozen): the
    image fits the SAMD51's firmware flash, and the RAM left for the heap is reported."""
    from sim.build import freeze
    from sim.device import firmware_map
    if not os.path.isfile(FIRMWARE_MAP):
        not_run.append("PyBadge firmware link: no map at %s (set CIRCUITPY_FIRMWARE_MAP)"
                       % FIRMWARE_MAP)
        pytest.skip("no firmware map")
    want = freeze.freeze(str(tmp_path / "freeze"), board=FROZEN_BOARD)   # with the labels
    try:
        with open(FIRMWARE_MAP + ".sha256-of-freeze") as f:
            have = f.read().split()[0]
    except (OSError, IndexError):
        have = None
    if have != want:
        not_run.append("PyBadge firmware link: %s was built from other sources (freeze digest"
                       " %s, this checkout %s): rebuild it" % (FIRMWARE_MAP, have, want))
        pytest.skip("stale firmware map")
    m = firmware_map.read(FIRMWARE_MAP)
    figures.append("PyBadge firmware with the app frozen: flash %d of %d B (%.1f KB free); "
                   "RAM: static data to +%d B, stack %d B, port heap %d B = %.1f KB" % (
                       m["flash_used"], m["flash_region"],
                       (m["flash_region"] - m["flash_used"]) / 1024,
                       m["ebss"] - m["ram_origin"], m["stack"], m["port_heap"],
                       m["port_heap"] / 1024))
    assert m["flash_used"] <= m["flash_region"], "over the firmware flash by %d B" % (
        m["flash_used"] - m["flash_region"])
    # A PyBadge leaves ~150 KB of heap after boot (../shared/docs/platform.md): freezing our
    # packages adds flash only, the heap's room must stay.
    assert m["port_heap"] >= 150 * 1024, "port heap %d B" % m["port_heap"]


def test_the_firmware_map_reader_finds_flash_and_ram_figures(tmp_path):
    from sim.device import firmware_map
    path = tmp_path / "firmware.elf.map"
    path.write_text(
        "Memory Configuration\n\nName             Origin             Length\n"
        "FLASH_FIRMWARE   0x00004000         0x0007a000         xr\n"
        "RAM              0x20000000         0x00030000         xrw\n\n"
        "                0x2002fff8                        _estack = (ORIGIN (RAM))\n"
        ".text           0x00004000    0x6e2b8\n.ARM.exidx      0x000722b8        0x8\n"
        ".data           0x20000000      0x578 load address 0x000722c0\n"
        ".bss            0x20000580     0x25ac load address 0x00072838\n"
        "                0x20002b2c                        _ebss = .\n")
    m = firmware_map.read(str(path))
    assert m["flash_region"] == 499712 and m["flash_used"] == 0x6e2b8 + 8 + 0x578
    assert m["port_heap"] == 0x2002fff8 - 25 * 1024 - 0x20002b2c


def _documented_map_need():
    """The need in KB that docs/memory.md's "Heap map" table gives (its **need** row)."""
    path = os.path.join(H.ROOT, "docs", "memory.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Heap map", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        if line.startswith("| **need**"):
            return float(line.split("**")[3])
    raise AssertionError("docs/memory.md's heap map has no **need** row")


@pytest.mark.slow
def test_heap_map_sums_to_the_evenings_need_within_2_kb(drives, figures):
    """The heap map (``cpharness.py --map``; docs/memory.md, "Heap map") takes the heap apart
    at the evening's most live sleep: its rows add up to the live heap there, and the live
    heap with the free space (the fragments) left at that sleep in a heap of exactly the need
    is within 2 KB of the need the bisection measures (the issue's sum: what the heap holds,
    free space and fragmentation), so the map explains what the app needs; the need it prints
    is within 2 KB of the one docs/memory.md shows, so the document says what the heap holds
    today. What no named part holds (a stale word on the C stack keeping dropped code alive
    at that sleep) is printed, not bounded."""
    drive, exe = drives("mpy")
    m = H.heap_map(drive, exe, pad=0, board="pybadge", **H.evening(0))
    for label, mp in zip(("peak", "between deals"), m["maps"]):
        named = sum(n for _w, n in mp["parts"]) + mp["app"] + sum(mp.get("globals", ())) + sum(
            n for _m, n in mp["modules"]) + (mp["names"][1] - mp["names_at_base"][1])
        figures.append("circuitpython heap map, evening, %s: live %.1f KB, named parts %.1f KB"
                       % (label, mp["live"] / 1024, named / 1024))
    peak = m["maps"][0]
    assert m["at_need"] is not None, "no run reached the peak in a heap of the need"
    free = m["at_need"][0]
    assert abs(peak["live"] + free - m["need"]) <= 2048, (peak["live"], free, m["need"])
    doc = _documented_map_need()
    figures.append("circuitpython heap map, evening: need %.1f KB (docs/memory.md: %.1f KB)"
                   % (m["need"] / 1024, doc))
    assert abs(m["need"] / 1024 - doc) <= 2.0, (m["need"] / 1024, doc)
