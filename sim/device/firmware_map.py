"""What a CircuitPython firmware's linker map says about flash and RAM (atmel-samd maps).

``read(path)`` -> dict: ``flash_region`` (FLASH_FIRMWARE's length), ``text``, ``exidx``,
``data``, ``bss`` (section sizes), ``flash_used`` (text + exidx + data: what the image holds),
``ebss`` and ``estack`` (RAM addresses), ``stack`` (the C stack the port keeps below the top:
CIRCUITPY_DEFAULT_STACK_SIZE 24 KB + the exception stack 1 KB on the SAMD51), ``port_heap``
(between the static data and the stack: the GC heap and the supervisor's allocations share it).
"""

import re

SAMD51_STACK = 24 * 1024 + 1024


def read(path, stack=SAMD51_STACK):
    with open(path, errors="replace") as f:
        text = f.read()
    out = {}
    region = re.search(r"^FLASH_FIRMWARE\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)", text, re.M)
    ram = re.search(r"^RAM\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)", text, re.M)
    if not region or not ram:
        raise ValueError("%s: no FLASH_FIRMWARE / RAM in its memory configuration" % path)
    out["flash_region"] = int(region.group(2), 16)
    out["ram_origin"], out["ram_size"] = int(ram.group(1), 16), int(ram.group(2), 16)
    for name, key in ((r"\.text", "text"), (r"\.ARM\.exidx", "exidx"), (r"\.data", "data"),
                      (r"\.bss", "bss")):
        m = re.search(r"^%s\s+0x[0-9a-f]+\s+0x([0-9a-f]+)" % name, text, re.M)
        out[key] = int(m.group(1), 16) if m else 0
    for sym in ("_ebss", "_estack"):
        m = re.search(r"^\s+0x([0-9a-f]+)\s+%s = " % sym, text, re.M)
        if not m:
            raise ValueError("%s: no symbol %s" % (path, sym))
        out[sym[1:]] = int(m.group(1), 16)
    out["flash_used"] = out["text"] + out["exidx"] + out["data"]
    out["stack"] = stack
    out["port_heap"] = out["estack"] - stack - out["ebss"]
    return out
