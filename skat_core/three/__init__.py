"""Skat zu dritt (and zu viert, the dealer out): the standard three-player game of the seed
documents 001 and 004, a state beside Skat-en-deux's sharing its rules (rules.md §11).

- ``rules``: the house rules of this table (``ThreeRules``: all pass, Kontra/Re, Ramsch's
  extras).
- ``game``: ``ThreeGame``, the deal as a state - deal 3-skat-4-3, legal actions, apply,
  result, per-player views - with the engine's API (``skat_core.engine.game``).
- ``bidding``: the bid ladder of three (Mittelhand to Vorhand, then Hinterhand to the one
  left); the skat, the discard and the declaration are en-deux's (``engine.bidding``).
- ``schieben``: Schieberamsch after three passes (``all_pass = schieberamsch``): Grand Hand
  first, then the skat picked up or pushed on unseen; its doubling is ``play``'s.
- ``play``: cards and Kontra/Re; the tricks and the count are en-deux's
  (``engine.play_tricks``, ``engine.play_count``, ``engine.score``).
- ``view``: what one player may see (``ThreeView``).
- ``series``: the list at three and at four (``ThreeSeries``, on en-deux's ``Series``): who
  deals, who sits where, the list points, Bockrunden per round.

Shared, never copied: the cards, the trick rule and the live numbering (``layout``), bid
values and matadors (``engine.values``), the declaration checks (``engine.bid_declare``), the
count (``engine.score``), the error codes (``codes``).
"""
