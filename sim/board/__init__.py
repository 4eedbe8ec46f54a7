"""The simulated board: code.py on a desktop (``play``), game records replayed (``replay``), key
scripts (``keys``) and the fake CircuitPython platform they run on (``platform``)."""
