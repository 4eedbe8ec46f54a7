"""Pick the board module by ``board.board_id``. Each module exposes ``display`` (auto_refresh
off: the app calls ``display.refresh()``), ``width``, ``height``, ``keys`` (``get()`` -> logical
key of ``skat_boards.keys``, 0 for none) and ``nvm`` (``microcontroller.nvm`` or None)."""

import board

# board_id -> module name (sim/platform/boards.py holds the same ids).
BOARDS = {
    "pybadge": "pybadge",
    "pybadge_airlift": "pybadge",
    "edgebadge": "pybadge",
    "pygamer": "pygamer",
    "pimoroni_picosystem": "picosystem",
    "adafruit_feather_esp32s3_reverse_tft": "feather_reverse_tft",
    "adafruit_feather_esp32s2_reverse_tft": "feather_reverse_tft",
    "adafruit_feather_esp32s3_tft": "feather_tft",
    "adafruit_feather_esp32s2_tft": "feather_tft",
    "raspberry_pi_pico": "pico_display",
    "raspberry_pi_pico_w": "pico_display",
    "raspberry_pi_pico2": "pico_display",
    "raspberry_pi_pico2_w": "pico_display",
}


def detect():
    """The board module for this board (ImportError with the id if it is not supported)."""
    name = BOARDS.get(board.board_id)
    if name is None:
        raise ImportError("Skat-en-deux does not know board " + board.board_id)
    return __import__("skat_boards." + name, None, None, [name])
