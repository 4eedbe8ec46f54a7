"""The double-dummy solver (docs/solver.md), split as Bo Haglund's DDS splits it: the API
(``solve``: ``Solver``), move generation (``movegen``), ordering (``order``), bounds
(``bounds``), the transposition table (``table``), the search (``search``), a position's
loading (``load``) and card values (``values``)."""
