"""Pick the board module by ``board.board_id``. Each module exposes ``display`` (auto_refresh
off: the app calls ``display.refresh()``), ``width``, ``height``, ``keys`` (``get()`` -> logical
key of ``skat_boards.keys``, 0 for none) and ``nvm`` (``microcontroller.nvm`` or None)."""

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
