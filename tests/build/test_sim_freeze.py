"""``python -m sim freeze`` (sim/build/freeze.py): the folder a CircuitPython firmware build freezes
(``FROZEN_MPY_DIRS += dist/freeze/packages``) holds our packages and, for a board that asks
for them, the label back-end's libraries - nothing else, and nothing that stops that build."""

import os

import pytest

from sim.build import freeze


@pytest.fixture(scope="module")
def label_freeze(tmp_path_factory):
    """The freeze of a board whose firmware draws with labels (a Feather: PSRAM)."""
    out = str(tmp_path_factory.mktemp("freeze") / "freeze")
    return out, freeze.freeze(out, board="feather_esp32s3_tft")


def test_the_pybadges_frozen_folder_holds_our_packages_only(tmp_path):
    """The PyBadge has no PSRAM: frozen, the labels would still need their heap (77.6 KB
    against the frozen budget of 64, sim/build/bundle.py text_backend), so its freeze keeps
    the lean strips and no library."""
    out = str(tmp_path / "freeze")
    freeze.freeze(out, board="pybadge")
    assert sorted(os.listdir(os.path.join(out, "packages"))) == [
        "skat_boards", "skat_core", "skat_ui"]
    assert not os.path.exists(os.path.join(out, "packages", "skat_ui", "ui_labels.py"))


def test_the_frozen_folder_holds_our_packages_and_the_labels_libraries_only(label_freeze):
    """code.py and settings.toml go onto the drive (drive/), the manifest beside: frozen,
    they would be modules named drive.code and manifest, flash for nothing."""
    out, _ = label_freeze
    assert sorted(os.listdir(out)) == ["drive", "freeze.sha256", "manifest.py", "packages"]
    assert sorted(os.listdir(os.path.join(out, "packages"))) == [
        "adafruit_bitmap_font", "adafruit_display_text", "adafruit_ticks.py", "skat_boards",
        "skat_core", "skat_ui"]
    assert sorted(os.listdir(os.path.join(out, "drive"))) == ["code.py", "lib", "settings.toml"]


def test_no_frozen_line_starts_with_version_for_circuitpython_runs_git_describe_on_it(
        label_freeze):
    """CircuitPython's tools/preprocess_frozen_modules.py calls ``git describe --tags`` in
    the file's folder for each line that starts with ``__version__`` and stops the firmware
    build when that fails: in any folder outside a tagged git checkout."""
    out, _ = label_freeze
    versioned = []
    for dirpath, _dirs, files in os.walk(os.path.join(out, "packages")):
        for name in files:
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                if any(line.startswith("__version__") for line in f):
                    versioned.append(name)
    assert not versioned
    assert os.path.getsize(os.path.join(out, "packages", "adafruit_ticks.py")) > 1000


def test_the_digest_is_of_the_frozen_folder_and_the_manifest_names_it(label_freeze):
    out, value = label_freeze
    packages = os.path.abspath(os.path.join(out, "packages"))
    assert value == freeze.digest(packages)
    with open(os.path.join(out, freeze.DIGEST_FILE)) as f:
        assert f.read().split()[0] == value
    with open(os.path.join(out, "manifest.py")) as f:
        lines = [ln for ln in f if not ln.startswith("#")]
    assert len(lines) == 6 and all("base_path=%r" % packages in ln for ln in lines)
