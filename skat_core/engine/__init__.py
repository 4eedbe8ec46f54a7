"""The engine: a deal as a state with legal actions, ``act`` and per-player views
(``game``, ``view``, ``viewfill``), its bidding phase (``bidding``, ``bid_ladder``,
``bid_declare``), its play phase (``play``, ``play_tricks``, ``play_calls``, ``play_count``),
the values and the count (``values``, ``score``, ``breakdown``) and the series (``series``)."""
