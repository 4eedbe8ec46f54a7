"""microcontroller.nvm: 8 KB of 'flash' (4 KB on an RP2040 board), allocated before the
baseline: not app heap."""

import _driver


class _NVM:
    def __init__(self, size):
        self._b = bytearray(b"\xff" * size)
        self.writes = 0

    def __len__(self):
        return len(self._b)

    def __getitem__(self, i):
        return self._b[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            start = i.start or 0
            stop = len(self._b) if i.stop is None else i.stop
            if len(v) != stop - start:
                raise ValueError("Slice and value different lengths")
            memoryview(self._b)[start:stop] = v
        else:
            self._b[i] = v
        self.writes += 1


nvm = _NVM(4096 if _driver.board_id == "pimoroni_picosystem" else 8192)
if _driver.nvm_in:
    # The board after a power cut: the flash as the previous run left it.
    with open(_driver.nvm_in, "rb") as _f:
        _f.readinto(nvm._b)
    del _f
