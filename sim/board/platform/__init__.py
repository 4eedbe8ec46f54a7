"""The simulated CircuitPython platform: fake hardware modules, display backends, clock.

``sim.platform.session.Session`` installs everything into ``sys.modules`` for one run of
code.py and takes it out again afterwards; ``sim.play`` is the command line around it.
"""
