"""Pick the board module by ``board.board_id``. Each module states facts, imports nothing of
the app and patches nothing: ``display`` (auto_refresh off: the app calls
``display.refresh()``), ``width``, ``height``, ``keys`` (``get()`` -> logical key of
``skat_boards.keys``, 0 for none), ``nvm`` (``microcontroller.nvm`` or None) and ``labels``
(True: the board prefers adafruit_display_text's labels for its texts, which the app loads
where the install holds them; False: the lean strips), ``cue`` (the pins of its speaker or
buzzer and of its NeoPixels or RGB LED, each None where it has none: skat_ui.cue) and, where
it reads its battery, ``battery`` (skat_ui.screens.menu.battery)."""

import sys

import board


def detect():
    """The board module for this board (ImportError with the id if it is not supported)."""
    from skat_boards import ids
    name = ids.BOARDS.get(board.board_id)
    # Read once: the table's module goes (from sys.modules and as the package's attribute).
    del sys.modules["skat_boards.ids"]
    ids = None
    globals().pop("ids", None)
    if name is None:
        raise ImportError("Skat-en-deux does not know board " + board.board_id)
    return __import__("skat_boards." + name, None, None, [name])
