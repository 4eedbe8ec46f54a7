"""The documentation's code examples run (issue 29, item 5: docs that run).

Every fenced ```python block of README.md and docs/*.md is run as it stands, a block to a
fresh interpreter (this venv's python, ``-c``), from the repository's root, and must exit 0
within a minute. A block may read files of the repository (records in tests/data/) but must
not write any. So a block defines what it uses: an example of an API starts from a real deal
or record, not from a name the reader is left to imagine.

A block that is deliberately not runnable (a sketch of a loop on a board, a signature list)
says so on the line right before its fence: ``<!-- not run: why -->``; the test skips it
and reports the reason. There is no other marker, and none is used today.

Not run: the ```sh blocks (``make play``, ``make test``, the tools' command lines: each a run
of minutes or a window, several of them writing files - tests/sim/ runs the tools' command
lines, the Makefile its targets); text blocks (```, ```json: formats and trees, not code).
There are no ``>>>`` sessions in the docs; a block tagged ``pycon`` would fail here (a
session is not run as one), so that form is not in use.
"""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                              if f.endswith(".md"))
NOT_RUN = re.compile(r"^<!--\s*not run:\s*(.+?)\s*-->$")


def blocks():
    """(doc, line of the fence, language, code, reason not run or None)."""
    out = []
    for doc in DOCS:
        with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines):
            s = lines[i].strip()
            if s.startswith("```") and s[3:].strip():
                lang, start = s[3:].strip(), i
                j = i + 1
                while not lines[j].strip().startswith("```"):
                    j += 1
                prev = lines[start - 1].strip() if start else ""
                m = NOT_RUN.match(prev)
                out.append((doc, start + 1, lang, "\n".join(lines[start + 1:j]),
                            m.group(1) if m else None))
                i = j
            elif s.startswith("```"):
                j = i + 1
                while not lines[j].strip().startswith("```"):
                    j += 1
                i = j
            i += 1
    return out


PYTHON = [b for b in blocks() if b[2] in ("python", "py", "pycon")]


def test_the_docs_have_python_examples():
    assert len(PYTHON) >= 4, PYTHON


@pytest.mark.parametrize("doc,line,lang,code,reason", PYTHON,
                         ids=["%s:%d" % (b[0], b[1]) for b in PYTHON])
def test_python_example_runs(doc, line, lang, code, reason):
    if reason:
        pytest.skip("%s:%d not run: %s" % (doc, line, reason))
    assert lang != "pycon", "%s:%d: a >>> session is not run; write a python block" % (doc, line)
    env = dict(os.environ, PYTHONPATH=ROOT, PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=60, env=env)
    assert r.returncode == 0, "%s:%d: the example fails:\n%s%s" % (doc, line, r.stdout, r.stderr)
