"""Error codes of ``Game.act`` by name (rules.md; texts in ``names.ERROR_TEXTS``, same order).

For hosts, tests and documentation only: no device module imports this. The engine returns
the plain numbers, each with its name in a comment (tests/test_engine_codes.py checks every
one against this table), because on MicroPython every name costs heap: the 47 names of the
time and their dictionary slots were ~2 KB that the device never needs (it translates by number).
"""

E_OK = 0
E_NO_DEAL = 1
E_BAD_SEAT = 2
E_NOT_YOUR_TURN = 3
E_WRONG_PHASE = 4
E_BAD_VERB = 5
E_BID_INVALID = 6
E_BID_NOT_HIGHER = 7
E_TAKE_18 = 8
E_NOT_HELD = 9
E_DISCARD_SAME = 10
E_BAD_GAME = 11
E_BAD_FLAGS = 12
E_NULL_BELOW_BID = 13
E_ANNOUNCE_NEEDS_HAND = 14
E_OFFEN_NOT_IN_NULL = 15
E_OFFEN_TWICE = 16
E_OUVERT_ONLY_NULL = 17
E_ANNOUNCE_IN_NULL = 18
E_HAND_AFTER_PICKUP = 19
E_MUST_FOLLOW = 20
E_OFFER_NOT_OPPONENT = 21
E_OFFER_NOT_BETWEEN = 22
E_OFFER_TWICE = 23
E_OFFER_STICH_THEN_RAUS = 24
E_OFFER_NOT_IN_NULL = 25
E_OFFER_PENDING = 26
E_NO_OFFER = 27
E_NOT_DECLARER = 28
E_CONTRA_OFF = 29
E_CONTRA_NO_REJECTION = 30
E_CONTRA_TWICE = 31
E_RE_WITHOUT_CONTRA = 32
E_RE_TWICE = 33
E_CONCEDE_NOT_18 = 34
E_CONCEDE_CONTRA_RE = 35
E_CONCEDE_NEEDS_PICKUP = 36
E_CONCEDE_GAME = 37
E_CONCEDE_FARBEN = 38
E_BELOW_BID_CLASS = 39
E_FARBEN_GAME = 40
E_TOURNE_ZAHLEN = 41
E_BAD_OFFER = 42
E_NOT_BETWEEN = 43
E_GAME_OVER = 44
E_CONCEDE_AT_18 = 45
E_CONTRA_NOT_OPPONENT = 46
E_CONCEDE_REACHABLE = 47
E_OFFEN_FARBEN_SUIT = 48
