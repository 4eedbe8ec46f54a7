"""The simulated CircuitPython platform: fake hardware modules, display backends, clock.

``sim.board.platform.session.Session`` installs everything into ``sys.modules`` for one run of
code.py and takes it out again afterwards; ``sim.board.play`` is the command line around it.
"""
