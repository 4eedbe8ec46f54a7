"""Desktop side of Skat-en-deux: ``python -m sim <tool> [args]`` (see sim/__main__.py).

board/   the simulated board (play, replay, key scripts, the fake platform)
build/   the drive's pipeline (pipeline lists its steps; bundle, freeze, fontcut)
tools/   host tools (solve, match, bench, oracle, train_bidding, calibrate, previous)
device/  the app on the device's interpreters (cpharness, mpharness, fakes, the evening)
cli.py   what every command line shares (argument errors, input files)
"""
