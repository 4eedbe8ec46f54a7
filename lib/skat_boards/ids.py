"""board_id -> the module of skat_boards that drives it (sim/board/platform/boards.py holds the same
ids). Read once at boot by ``detect`` and dropped: on the board the table's strings would
otherwise stay on the heap."""

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
