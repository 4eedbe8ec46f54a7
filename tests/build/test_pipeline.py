"""The build's source steps run once per process for the same sources (sim/build/pipeline.py):
what comes from memory is what a new run gives, nobody can change it for the next, and any
change to what the steps read is a new run."""

import os

from sim.build import bundle, merge, pipeline


def _sources():
    texts = {}
    for path in bundle.own_files(bundle.LEAN):
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
    return bundle.install_facts(texts, bundle.LEAN)


def test_the_steps_from_memory_are_the_steps_run_again_and_stay_as_they_were_given():
    # skat_core's own modules (not its packages): the steps run on them in half a second.
    texts = {p: t for p, t in _sources().items()
             if os.path.dirname(p) == os.path.join(bundle.ROOT, "skat_core")}
    assert len(texts) > 5
    pipeline._DONE.clear()
    first = pipeline.device_texts(texts, bundle.ROOT)
    again = pipeline.device_texts(texts, bundle.ROOT)
    fresh = pipeline.run_steps(texts, bundle.ROOT)
    assert len(pipeline._DONE) == 1
    for got in (first, again):
        assert got[0] == fresh[0] and got[2] == fresh[2]
        assert dict(got[1]) == dict(fresh[1]) and got[1].own == fresh[1].own
        assert got[1].shared == fresh[1].shared
    # A caller's change to what it got stays its own.
    again[0].clear()
    again[1].own.clear()
    assert pipeline.device_texts(texts, bundle.ROOT)[0] == fresh[0]


def test_a_byte_of_a_source_a_flag_a_client_or_a_steps_table_is_a_new_run(monkeypatch):
    texts = _sources()
    key = pipeline._key(texts, bundle.ROOT, True, None, False, False)
    path = sorted(texts)[0]
    other = [
        pipeline._key(dict(texts, **{path: texts[path] + " "}), bundle.ROOT, True, None, False,
                      False),
        pipeline._key(texts, bundle.ROOT, False, None, False, False),
        pipeline._key(texts, bundle.ROOT, True, None, True, False),
        pipeline._key(texts, bundle.ROOT, True, None, False, True),
        pipeline._key(texts, bundle.ROOT, True, {"guest": "x = 1\n"}, False, False),
        pipeline._key(texts, "/elsewhere", True, None, False, False),
    ]
    monkeypatch.setattr(merge, "GROUPS", dict(merge.GROUPS, extra=("skat_core.cards",)))
    other.append(pipeline._key(texts, bundle.ROOT, True, None, False, False))
    monkeypatch.undo()
    assert pipeline._key(texts, bundle.ROOT, True, None, False, False) == key
    assert len(set(other)) == len(other) and key not in other


def test_processes_share_the_steps_through_the_shared_folder(tmp_path, monkeypatch):
    """With ``SKAT_BUILD_SHARED`` set (the test suite's workers) a result another process
    wrote is read, not computed again; a file cut short is computed anew."""
    texts = {p: t for p, t in _sources().items()
             if os.path.dirname(p) == os.path.join(bundle.ROOT, "skat_core")}
    monkeypatch.setenv(pipeline.SHARED, str(tmp_path))
    pipeline._DONE.clear()
    first = pipeline.device_texts(texts, bundle.ROOT)
    files = list(tmp_path.iterdir())
    assert [f.suffix for f in files] == [".pickle"]
    pipeline._DONE.clear()                       # another process: nothing in its memory

    def must_not_run(*_a, **_k):
        raise AssertionError("the steps ran again")
    with monkeypatch.context() as m:
        m.setattr(pipeline, "run_steps", must_not_run)
        again = pipeline.device_texts(texts, bundle.ROOT)
    assert again[0] == first[0] and dict(again[1]) == dict(first[1])
    files[0].write_bytes(files[0].read_bytes()[:100])
    pipeline._DONE.clear()
    assert pipeline.device_texts(texts, bundle.ROOT)[0] == first[0]
