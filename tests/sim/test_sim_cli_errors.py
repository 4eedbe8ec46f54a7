"""Issue 19, items 1 and 2: whatever a user feeds ``python -m sim ...`` at the command line,
the answer is ONE line on stderr naming the argument and what is wrong with it, exit status 2,
never a traceback, and nothing is lost (a refused nvm image, a folder or file named by mistake
is left exactly as it was). Every input file is read with a size limit (``/dev/zero`` is
refused at once), and nothing waits silently: a FIFO without a writer or a terminal is named
on stderr. Output into a closed pipe (``| head -1``) ends quietly.

Each case is one small subprocess (the tools stop before any real work)."""

import os
import pty
import select
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORD = (b'{"deal": {"vh": "CJ HJ CA CT C9 SA ST S9 HK H7", "mh": "SJ CK CQ C8 SK SQ HA HT H9 '
          b'D7", "hh": "DJ C7 S8 S7 HQ H8 DA DT DK DQ", "skat": "D9 D8"}, '
          b'"actions": ["hh pass", "vh pass"]}\n')


def sim(*args, stdin=subprocess.DEVNULL, timeout=60):
    return subprocess.run([sys.executable, "-m", "sim"] + [str(a) for a in args], cwd=ROOT,
                          stdin=stdin, capture_output=True, text=True, timeout=timeout)


def one_line(p, *words):
    """Exit status 2, exactly one line on stderr holding ``words``, no traceback."""
    err = p.stderr
    assert "Traceback" not in err, err
    assert p.returncode == 2, (p.returncode, err)
    assert err.endswith("\n") and err.count("\n") == 1, "one line, got: %r" % err
    for w in words:
        assert w in err, (w, err)
    return err


@pytest.fixture
def files(tmp_path):
    keys = tmp_path / "k.keys"
    keys.write_text("A\n")
    binary = tmp_path / "bin.keys"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    latin1 = tmp_path / "latin1.keys"
    latin1.write_bytes(b"A # Gr\xfc\xdfe\n")
    long = tmp_path / "long.keys"
    long.write_text("A*999999999\n")
    bad = tmp_path / "bad.keys"
    bad.write_text("A\nFOO\n")
    return {"keys": keys, "binary": binary, "latin1": latin1, "long": long, "bad": bad,
            "dir": tmp_path, "missing": tmp_path / "missing.keys"}


# ---- python -m sim play -----------------------------------------------------------------

@pytest.mark.parametrize("which,says", [
    ("missing", "no such file"),
    ("dir", "is a directory, not a file"),
    ("binary", "is a binary file, not text"),
    ("latin1", "is not UTF-8 text (byte 6)"),
    ("dev_zero", "is too large: more than 1048576 bytes"),
    ("long", "longer than 100000 key actions"),
    ("bad", "line 2: board pybadge has no key 'FOO'"),
])
def test_play_a_bad_keys_file_is_one_line_naming_keys_and_what_is_wrong(files, which, says):
    path = "/dev/zero" if which == "dev_zero" else files[which]
    t0 = time.time()
    one_line(sim("play", "--headless", "--keys", path), "argument --keys", says)
    assert time.time() - t0 < 30, "no unbounded read"


@pytest.mark.parametrize("which", ["dir", "dev_zero", "other_board", "under_a_file"])
def test_play_an_nvm_that_is_no_board_image_is_one_line_and_left_as_it_was(files, tmp_path,
                                                                           which):
    image = tmp_path / "pico.bin"
    image.write_bytes(bytes(range(256)) * 16)          # a 4 KB image: an RP2040 board's
    path = {"dir": tmp_path, "dev_zero": "/dev/zero", "other_board": image,
            "under_a_file": files["keys"] / "nvm.bin"}[which]
    says = {"dir": "is a directory", "dev_zero": "not a regular file",
            "other_board": "holds 4096 bytes, but this board's nvm image is exactly 8192",
            "under_a_file": "Not a directory"}[which]
    one_line(sim("play", "--headless", "--keys", files["keys"], "--nvm", path),
             "argument --nvm", says)
    assert image.read_bytes() == bytes(range(256)) * 16, "the refused image is untouched"


@pytest.mark.parametrize("arg", ["--frames", "--records"])
def test_play_frames_or_records_naming_an_existing_file_is_one_line(files, arg):
    one_line(sim("play", "--headless", "--keys", files["keys"], arg, files["keys"]),
             "argument " + arg, "exists and is not a directory")
    assert files["keys"].read_text() == "A\n"


def test_play_a_missing_or_directory_code_is_one_line(files):
    one_line(sim("play", "--headless", "--keys", files["keys"], "--code", files["missing"]),
             "argument --code", "no such file")
    one_line(sim("play", "--headless", "--keys", files["keys"], "--code", files["dir"]),
             "argument --code", "is a directory")


def test_play_text_label_on_a_drive_without_the_labels_is_one_line(files, tmp_path):
    """A PyBadge's drive holds only the lean strips (sim/build/bundle.py, text_backend)."""
    code = tmp_path / "CIRCUITPY" / "code.py"
    code.parent.mkdir()
    code.write_text("print('never run')\n")
    one_line(sim("play", "--headless", "--keys", files["keys"], "--code", code,
                 "--text", "label"), "argument --text", "holds no label back-end")


def test_play_record_into_a_missing_folder_is_refused_before_the_game(files):
    one_line(sim("play", "--window", "--record", files["dir"] / "no" / "k.keys"),
             "argument --record", "does not exist")


def test_play_terminal_without_a_terminal_is_one_line():
    one_line(sim("play", "--terminal"), "argument --terminal", "not a terminal")


def test_play_keys_from_a_closed_empty_pipe_is_the_empty_script(tmp_path):
    p = sim("play", "--headless", "--keys", "-", "--nvm", tmp_path / "n.bin")
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    assert p.stdout.count("\n") == 1 and "script_end after 0 key actions" in p.stdout


# ---- every other tool -------------------------------------------------------------------

def test_every_tool_answers_an_argument_mistake_with_one_line_and_status_2(files, tmp_path):
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me")
    cases = [
        (("nosuch",), "unknown tool 'nosuch'"),
        (("play", "--scale", "0"), "argument --scale: 0 is out of range (1..8)"),
        (("play", "--seed", "x"), "argument --seed"),
        (("solve", "--budget", "x", files["keys"]), "argument --budget: 'x' is not a whole number"),
        (("solve", "/dev/zero"), "argument FILE: /dev/zero is too large"),
        (("solve", files["dir"]), "argument FILE: %s is a directory" % files["dir"]),
        (("solve", files["binary"]), "argument FILE"),
        (("match", "--a", "device", "--b", "device", "--rules", "{"), "argument --rules: not JSON"),
        (("match", "--a", "device", "--b", "device", "--rules", '{"x": 1}'),
         "argument --rules: unknown rule 'x'"),
        (("match", "--a", "device", "--b", "device", "--deals", "0"), "argument --deals"),
        (("bench", "--games", "0"), "argument --games"),
        (("oracle", "--report", files["dir"]), "argument --report"),
        (("oracle", "--report", files["keys"]), "argument --report: %s line 1: not JSON"
         % files["keys"]),
        (("oracle", "--report", "/dev/zero"), "argument --report: /dev/zero is too large"),
        (("oracle", "--deals", "1", "--out", files["dir"]), "argument --out"),
        (("oracle", "--bots", "nobody"), "argument --bots"),
        (("bundle", "--out", foreign), "argument --out: %s is a folder this tool did not write"
         % foreign),
        (("freeze", "--out", files["keys"]), "argument --out: %s exists and is not a folder"
         % files["keys"]),
        (("train-bidding", "--only", "skat"), "argument --only"),
        (("train-bidding", "--out", files["dir"]), "argument --out"),
        (("train-bidding", "--tally", files["dir"] / "no" / "t.json"), "argument --tally"),
        (("calibrate", "--loops"), "argument --loops"),
        (("calibrate", "--loops", "x"), "argument --loops"),
    ]
    for args, says in cases:
        one_line(sim(*args), says)
    assert (foreign / "notes.txt").read_text() == "keep me", "a folder named by mistake stays"
    assert files["keys"].read_text() == "A\n"


# ---- python -m sim replay: pipes ---------------------------------------------------------

def test_replay_into_a_pipe_closed_after_one_line_ends_quietly(tmp_path):
    paths = []
    for i in range(400):
        p = tmp_path / ("r%03d.json" % i)
        p.write_bytes(RECORD)
        paths.append(str(p))
    proc = subprocess.Popen([sys.executable, "-m", "sim", "replay"] + paths, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()                               # what `| head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert b'"game": "passed"' in first
    assert err == "", "no BrokenPipeError traceback: %r" % err


def test_replay_of_dev_zero_is_refused_as_too_large_at_once():
    t0 = time.time()
    p = sim("replay", "/dev/zero")
    assert time.time() - t0 < 30
    assert p.returncode == 1 and p.stderr == ""
    assert p.stdout.count("\n") == 1 and "file too large" in p.stdout


def test_replay_of_a_fifo_without_a_writer_says_on_stderr_what_it_waits_for(tmp_path):
    fifo = str(tmp_path / "record.fifo")
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "sim", "replay", fifo], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ready = select.select([proc.stderr], [], [], 20)[0]
        assert ready, "a word on stderr within a few seconds"
        line = proc.stderr.readline().decode()
        assert "waiting for %s" % fifo in line and "Ctrl-C" in line
        with open(fifo, "wb") as f:                    # the writer comes: it is read
            f.write(RECORD)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and b'"game": "passed"' in out and err == b""


def test_reading_a_position_from_a_terminal_says_so_first():
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "sim", "solve", "-"], cwd=ROOT,
                            stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        assert select.select([proc.stderr], [], [], 20)[0], "told at once"
        line = proc.stderr.readline().decode()
        assert "reading standard input from the terminal" in line and "Ctrl-D" in line
        os.write(master, b'{"game": "G", "declarer": "vh", "leader": "vh", '
                         b'"hands": {"vh": "CJ", "mh": "SJ", "hh": "HJ"}}\n')
        os.write(master, b"\x04")                      # Ctrl-D on a line of its own
        out, _ = proc.communicate(timeout=60)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and b'"best": "CJ"' in out


def test_play_a_drive_whose_settings_toml_is_too_large_is_one_line(tmp_path, files):
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "code.py").write_text("print('never run')\n")
    (drive / "settings.toml").write_bytes(b"# " + b"x" * 70000 + b"\n")
    p = sim("play", "--headless", "--keys", files["keys"], "--code", drive / "code.py")
    one_line(p, "argument --code", "the drive's settings.toml", "too large")
    assert "never run" not in p.stdout


def test_play_keys_from_a_closed_stdin_is_one_line():
    p = subprocess.run("exec %s -m sim play --headless --keys - <&-" % sys.executable,
                       shell=True, cwd=ROOT, capture_output=True, text=True, timeout=60)
    one_line(p, "argument --keys", "standard input is closed")


def test_keys_from_a_pipe_that_stays_silent_are_waited_for_with_a_word(tmp_path):
    r, w = os.pipe()
    proc = subprocess.Popen([sys.executable, "-m", "sim", "play", "--headless", "--keys", "-",
                             "--nvm", str(tmp_path / "n.bin")], cwd=ROOT, stdin=r,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(r)
    try:
        assert select.select([proc.stderr], [], [], 20)[0], "a word on stderr"
        line = proc.stderr.readline().decode()
        assert "waiting for standard input: nothing written to it yet" in line
        os.write(w, b"WAIT:1\n")
        os.close(w)
        w = None
        out, err = proc.communicate(timeout=60)
    finally:
        if w is not None:
            os.close(w)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and b"script_end" in out and err == b""
