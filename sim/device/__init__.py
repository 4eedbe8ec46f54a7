"""The app on the device's own interpreters, run from the host: CircuitPython's unix port
(``cpharness``) and the 32-bit WASI MicroPython (``mpharness``), the fakes of the firmware's
modules they load (``mpfakes``), the guest-side shims (``mp``), the evening's key scripts
(``evening``) and a firmware's linker map (``firmware_map``)."""
