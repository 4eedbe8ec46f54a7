"""The host tools (``python -m sim ...``) with bad input, as a new user tries them: they never
destroy a user's files, never hang, never end in a traceback.

- every output is written beside its target under a temporary name and renamed into place
  when whole (sim/cli.py, atomic_file / atomic_tree): an interrupted run leaves the previous
  output usable and the next run works without cleaning up by hand;
- output paths, inputs and numbers are checked before the work starts: one line on stderr
  naming the problem, exit 2;
- a closed stdout (``>&-``) and a full disk (``>/dev/full``) get one line, no traceback
  (sim/__main__.py);
- SKAT_SEED is read as the board reads it (CircuitPython's int() takes ASCII digits only);
- ``match --deals`` of any size runs in constant memory.

One rule per test; each fails on the tools as they were before these rules."""

import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT = os.path.join(ROOT, "lib", "fonts", "skat6x12.bdf")
RECORD = os.path.join(ROOT, "tests", "data", "records", "game_grand_hand_vh_72.json")


def sim(*args, timeout=120, **kw):
    return subprocess.run([sys.executable, "-m", "sim"] + [str(a) for a in args], cwd=ROOT,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=timeout, **kw)


def shell(command, timeout=120):
    """``command`` run by sh in the repository (for ``>&-`` and ``>/dev/full``); stdout is
    whatever the command line makes of it, stderr is captured."""
    return subprocess.run(["sh", "-c", command], cwd=ROOT, stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, timeout=timeout)


def one_line(p, status, *words):
    err = p.stderr
    assert "Traceback" not in err, err
    assert p.returncode == status, (p.returncode, err)
    assert err.endswith("\n") and err.count("\n") == 1, "one line, got: %r" % err
    for w in words:
        assert w in err, (w, err)
    return err


def tree(folder):
    """{relative path: bytes} of every file under ``folder``."""
    out = {}
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = f.read()
    return out


def leftovers(folder):
    return [n for n in os.listdir(folder) if ".partial-" in n or ".old-" in n]


PY = sys.executable.replace("'", "'\\''")


# ---- fontcut --------------------------------------------------------------------------------

def test_fontcut_given_a_non_font_leaves_the_font_untouched(tmp_path):
    out = tmp_path / "skat6x12.bdf"
    shutil.copyfile(FONT, out)
    before = out.read_bytes()
    p = sim("fontcut", "README.md", "--out", out)
    one_line(p, 2, "argument source", "not a BDF font")
    assert out.read_bytes() == before
    assert not leftovers(tmp_path)


def test_fontcut_given_a_font_cut_short_leaves_the_font_untouched(tmp_path):
    out = tmp_path / "skat6x12.bdf"
    shutil.copyfile(FONT, out)
    before = out.read_bytes()
    short = tmp_path / "short.bdf"
    short.write_bytes(before[:len(before) // 2])
    one_line(sim("fontcut", short, "--out", out), 2, "argument source", "cut short")
    assert out.read_bytes() == before


# ---- bundle and freeze: Ctrl-C midway ---------------------------------------------------------

def test_bundle_interrupted_midway_keeps_the_previous_drive_and_the_next_run_works(
        tmp_path, monkeypatch):
    from sim.build import bundle
    out = str(tmp_path / "dist" / "CIRCUITPY")
    assert bundle.main(["--out", out, "--py"]) == 0
    before = tree(out)
    names = (tmp_path / "dist" / "names.txt").read_bytes()
    # A run that dies without cleaning up (SIGKILL) left this behind: the next run clears it.
    dead = tmp_path / "dist" / ".CIRCUITPY.partial-999999999-dead"
    dead.mkdir()

    def interrupted(*_a, **_k):     # Ctrl-C after our own modules were written
        raise KeyboardInterrupt
    with monkeypatch.context() as m:
        m.setattr(bundle, "library_modules", interrupted)
        with pytest.raises(KeyboardInterrupt):
            bundle.main(["--out", out, "--py"])
    assert tree(out) == before, "the previous drive is as it was"
    assert (tmp_path / "dist" / "names.txt").read_bytes() == names
    assert bundle.main(["--out", out, "--py"]) == 0, "the next run works"
    assert tree(out) == before
    assert not leftovers(tmp_path / "dist")


def test_freeze_interrupted_midway_keeps_the_previous_freeze_and_the_next_run_works(
        tmp_path, monkeypatch):
    from sim.build import freeze
    out = str(tmp_path / "freeze")
    assert freeze.main(["--out", out]) == 0
    before = tree(out)

    def interrupted(_folder):       # Ctrl-C at the digest, the last step
        raise KeyboardInterrupt
    with monkeypatch.context() as m:
        m.setattr(freeze, "digest", interrupted)
        with pytest.raises(KeyboardInterrupt):
            freeze.main(["--out", out])
    assert tree(out) == before, "the previous freeze is as it was"
    assert freeze.main(["--out", out]) == 0, "the next run works"
    assert tree(out) == before
    assert not leftovers(tmp_path)


def test_an_output_file_interrupted_while_written_keeps_its_previous_contents(tmp_path):
    from sim import cli
    path = tmp_path / "bidtable.py"
    path.write_text("old\n")
    with pytest.raises(KeyboardInterrupt):
        with cli.atomic_file(str(path)) as f:
            f.write("new, half")
            raise KeyboardInterrupt
    assert path.read_text() == "old\n"
    assert not leftovers(tmp_path)
    cli.write_file(str(path), "new\n")
    assert path.read_text() == "new\n"


# ---- output paths checked before the work ---------------------------------------------------

@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
@pytest.mark.parametrize("args", [
    ("bundle", "--py", "--out", "/proc/skat/CIRCUITPY"),
    ("freeze", "--out", "/proc/skat-freeze"),
    ("fontcut", FONT, "--out", "/proc/skat6x12.bdf"),
    ("train-bidding", "--out", "/proc/bidtable.py"),
])
def test_an_unwritable_out_is_one_line_and_exit_2_before_any_work(args):
    # Nobody, root included, can create a file in /proc.
    one_line(sim(*args), 2, "argument --out", "cannot write")


def test_play_with_a_read_only_nvm_is_one_line_and_exit_2():
    tmp = tempfile.mkdtemp(prefix="skat-ro-")
    try:
        os.chmod(tmp, 0o755)
        nvm = os.path.join(tmp, "nvm.bin")
        with open(nvm, "wb") as f:
            f.write(b"\xff" * 8192)
        os.chmod(nvm, 0o444)
        keys = os.path.join(tmp, "k.keys")
        with open(keys, "w") as f:
            f.write("A\nA\nA\n")
        os.chmod(keys, 0o644)
        before = open(nvm, "rb").read()
        command = [sys.executable, "-m", "sim", "play", "--headless", "--keys", keys,
                   "--nvm", nvm]
        if os.geteuid() == 0:       # root may write a 0444 file: play as nobody
            if not shutil.which("setpriv"):
                pytest.skip("root without setpriv: no way to be a user a 0444 file stops")
            command = [shutil.which("setpriv"), "--reuid=65534", "--regid=65534",
                       "--clear-groups"] + command
        p = subprocess.run(command, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=120,
                           env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1", HOME=tmp))
        one_line(p, 2, "argument --nvm", "cannot be written")
        assert open(nvm, "rb").read() == before
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---- a closed stdout, a full disk -------------------------------------------------------------

TOOL_RUNS = [
    "replay '%s'" % RECORD,
    "match --a random --b random --deals 2 --jobs 1",
    "oracle --hand 'CJ CJ HJ CA CT CK C9 SA ST H7'",
]


@pytest.mark.parametrize("run", TOOL_RUNS + ["bundle --help", "--help"])
def test_a_closed_stdout_is_one_line_for_every_tool(run):
    p = shell("exec '%s' -m sim %s >&-" % (PY, run))
    one_line(p, 2, "standard output is closed")


def test_a_closed_stdout_stops_a_tool_before_it_writes_anything(tmp_path):
    out = tmp_path / "CIRCUITPY"
    p = shell("exec '%s' -m sim bundle --py --out '%s' >&-" % (PY, out))
    one_line(p, 2, "standard output is closed")
    assert not out.exists()


@pytest.mark.parametrize("run", TOOL_RUNS[:2] + [
    "fontcut '%s' --out {tmp}/font.bdf" % FONT,
    "bundle --py --out {tmp}/CIRCUITPY",
])
def test_a_full_disk_on_stdout_is_one_line_for_every_tool(run, tmp_path):
    p = shell("exec '%s' -m sim %s >/dev/full" % (PY, run.format(tmp=tmp_path)))
    one_line(p, 1, "No space left on device")


@pytest.mark.parametrize("tool", ["bundle", "freeze", "fontcut", "match", "oracle", "play"])
def test_help_on_a_full_disk_is_one_line(tool):
    """argparse swallows the error of writing its help text: ``--help >/dev/full`` said
    nothing and exited 0."""
    p = shell("exec '%s' -m sim %s --help >/dev/full" % (PY, tool))
    one_line(p, 1, "No space left on device")


# ---- numbers and inputs checked before the work ---------------------------------------------

def test_oracle_hand_with_a_duplicated_card_is_one_line_and_exit_2():
    one_line(sim("oracle", "--hand", "CJ CJ HJ CA CT CK C9 SA ST H7"), 2,
             "argument --hand", "CJ given twice")


def test_match_with_a_billion_deals_runs_in_constant_memory():
    """The deals are streamed: after 20,000 of a billion, the memory in use is that of a
    few chunks (the deals themselves are faked here: it is the match's bookkeeping that is
    measured). Before, the billion seeds were listed first: ~40 GB."""
    script = r"""
import resource, sys, tracemalloc
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
sys.path.insert(0, %r)
from sim.tools import match
played = [0]
def fake(a, b, seeds, rules):
    out = []
    for s in seeds:
        played[0] += 1
        if played[0] > 20000:
            raise KeyboardInterrupt
        out.append({"seed": s, "diff": 0.5, "games": [
            {"kind": "C", "a_declared": True, "declared": True, "won": True, "a": 10,
             "b": 0, "calls": []}] * 2})
    return out
match.run_deals = fake
tracemalloc.start()
try:
    match.main(["--a", "random", "--b", "random", "--deals", "1000000000", "--jobs", "1"])
except KeyboardInterrupt:
    pass
print(played[0], tracemalloc.get_traced_memory()[1])
""" % ROOT
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    played, peak = map(int, p.stdout.split())
    assert played == 20001
    assert peak < 4 << 20, "peak %d bytes" % peak


@pytest.mark.parametrize("seed", ["\u0661\u0662\u0663", "\uff11\uff12\uff13"])
def test_a_seed_in_other_scripts_digits_is_refused_as_the_board_refuses_it(seed):
    """SKAT_SEED = ١٢٣ (Arabic-Indic) or １２３ (fullwidth) in settings.toml: CircuitPython's
    reader raises ValueError (its int parser takes ASCII digits only), so the board says
    the seed is bad and deals at random; CPython's int() would read 123."""
    from sim.board.play import run_headless
    r = run_headless("pybadge", "", settings="SKAT_SEED = %s\n" % seed, frames="last")
    assert r.app.boot_message == ["SKAT_SEED falsch: Zufall"]
    assert r.app.base_seed != 123


@pytest.mark.parametrize("seed", ["\u0661\u0662\u0663", "\uff11\uff12\uff13"])
def test_a_quoted_seed_in_other_scripts_digits_is_refused_as_the_board_refuses_it(seed):
    """SKAT_SEED = "١٢٣" (a string: the app turns it into a number itself, lib/skat_ui/storage/
    restore.py ``env``): a board's int() takes ASCII digits only, so the app says the seed is
    bad and deals at random, in the simulator as on the board."""
    from sim.board.play import run_headless
    r = run_headless("pybadge", "", settings='SKAT_SEED = "%s"\n' % seed, frames="last")
    assert r.app.boot_message == ["SKAT_SEED falsch: Zufall"]
    assert r.app.base_seed != 123


@pytest.mark.parametrize("seed", ["\u0661\u0662\u0663", "\uff11\uff12\uff13"])
def test_play_seed_in_other_scripts_digits_is_one_line_and_exit_2(seed, tmp_path):
    keys = tmp_path / "k.keys"
    keys.write_text("A\n")
    one_line(sim("play", "--headless", "--keys", keys, "--seed", seed), 2, "argument --seed")


def test_board_int_reads_numbers_as_micropython_does():
    """The cases as MicroPython 1.27 (sim/device/mpharness.py) answers ``int(s, 0)``."""
    from sim.cli import board_int
    cases = {"123": 123, " 12 ": 12, "1_000": 1000, "_1": 1, "1__0": 10, "0x1_0": 16,
             "+5": 5, "-5": -5, "00": 0, "12\t": 12, "0b101": 5, "0o17": 15, "0X1F": 31,
             "\n5\n": 5, "-0b1": -1, "0_0_1": ValueError, "010": ValueError,
             "0x": ValueError, "": ValueError, " ": ValueError, "1 2": ValueError,
             "1e3": ValueError, "0o8": ValueError,
             "\u0661\u0662\u0663": ValueError, "\uff11\uff12\uff13": ValueError,
             "\u00a012": ValueError, "\u20021": ValueError}
    for text, want in cases.items():
        if want is ValueError:
            with pytest.raises(ValueError):
                board_int(text)
        else:
            assert board_int(text) == want, text


# ---- oracle: an append cut short is resumed ---------------------------------------------------

def test_oracle_out_cut_short_by_an_interrupted_run_is_resumed_without_manual_cleanup(
        tmp_path, capsys):
    from sim.tools import oracle
    rec = '{"seed": 1, "seat": "vh", "worlds": 2, "bots": {}, "choices": {"pass": [0, 0]}}\n'
    out = tmp_path / "o.jsonl"
    out.write_text(rec + rec.replace('"vh"', '"hh"')[:30])      # the second record cut short
    assert [r["seat"] for r in oracle._read(str(out), cut_tail_ok=True)] == ["vh"]
    oracle._drop_cut_tail(str(out))
    assert out.read_text() == rec
    assert "cut short" in capsys.readouterr().err
    assert len(oracle._read(str(out))) == 1
