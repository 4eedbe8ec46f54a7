# An empty module: _cpguest.py runs each fake's source in a fresh copy of it (one file's path
# among the interned names for all the fakes).
