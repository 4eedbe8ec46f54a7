"""``microcontroller.nvm`` when the firmware has it (None otherwise: nothing is saved)."""

try:
    import microcontroller
    nvm = microcontroller.nvm
except (ImportError, AttributeError):
    nvm = None
