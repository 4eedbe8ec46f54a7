"""Game records (docs/records.md): action strings, JSON records, replay and the result summary.

An action is ``"<seat> <verb> [args]"``, e.g. ``"hh bid 18"``, ``"vh discard CJ D7"``,
``"vh declare G offen2"``, ``"mh play SA"``. A record is a dict (JSON object) with ``deal``,
optional ``rules`` and ``actions``. Records are read before play, so this module may allocate
and raises ``ValueError`` for text it cannot read; ``replay`` turns every problem into a message.

Actions and the deal are strict printable ASCII: ``str.split``, ``str.isdigit``, ``int`` and
``str.upper`` accept look-alikes (Arabic-Indic digits as a bid, "\u017fA" upper-cases to
"SA"), so text outside ASCII is refused before anything else reads it. Messages quote the bad
text in ASCII escapes, shortened (``quote``), and never pass on Python's own exception text.
Host only (records, the simulator, tests): the device never imports this module.
"""

from skat_core.cards import (
    SEAT_NAMES, GAME_CHARS, F_HAND, F_SCHNEIDER, F_SCHWARZ, F_OFFEN1, F_OFFEN2, F_OUVERT,
)
from skat_core.notation.cardtext import parse_card, card_str, seat_index, game_index, cards_str
from skat_core.codes import (
    V_BID, V_YES, V_PASS, V_HAND, V_PICKUP, V_DISCARD, V_DECLARE, V_CONCEDE, V_PLAY, V_OFFER,
    V_ACCEPT, V_REJECT, V_CONTRA, V_RE, V_TOURNE, OFFER_RAUS, OFFER_STICH, PH_DONE, RK_NORMAL,
    RK_RAMSCH, RK_PASSED, RK_CONCEDED, RK_GIVEN_UP, error_text,
)
from skat_core.engine.game import Game, CONCEDE_PLAIN
from skat_core.rules import Rules, CHOICES
from skat_core.rulecheck import apply as apply_rules
from skat_core.notation.names import VERB_NAMES, FARBEN_TOKENS, parse_farben_class

FLAG_WORDS = (("hand", F_HAND), ("schneider", F_SCHNEIDER), ("schwarz", F_SCHWARZ),
              ("offen1", F_OFFEN1), ("offen2", F_OFFEN2), ("ouvert", F_OUVERT))
_NO_ARGS = (V_YES, V_PASS, V_HAND, V_PICKUP, V_ACCEPT, V_REJECT, V_CONTRA, V_RE, V_TOURNE)


_QUOTE_MAX = 40            # characters of a bad token quoted in a message
_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "'": "\\'", "\\": "\\\\"}


def quote(text):
    """``text`` for a message: in quotes, printable ASCII as is, everything else escaped as
    Python's ascii() does, at most _QUOTE_MAX characters (then "..."). Written out because
    MicroPython has no ascii() (this module runs there too: tests/rules/test_engine_mp.py)."""
    out = "'"
    for ch in text[:_QUOTE_MAX]:
        o = ord(ch)
        if ch in _ESCAPES:
            out += _ESCAPES[ch]
        elif 32 <= o < 127:
            out += ch
        elif o < 256:
            out += "\\x%02x" % o
        elif o < 65536:
            out += "\\u%04x" % o
        else:
            out += "\\U%08x" % o
    return out + ("'..." if len(text) > _QUOTE_MAX else "'")


def _check_ascii(text, what):
    """Printable ASCII only (MicroPython's str has no isascii/isprintable)."""
    for ch in text:
        if ch < " " or ch > "~":
            raise ValueError("%s must be printable ASCII: %s" % (what, quote(text)))


def _verb(word):
    for i in range(len(VERB_NAMES)):
        if VERB_NAMES[i] == word:
            return i
    return -1


def _card(tok):
    c = parse_card(tok)
    if c < 0:
        raise ValueError("not a card: %s" % quote(tok))
    return c


def parse_action(text, farben=False):
    """``(seat, verb, a, b)`` of an action string; ValueError with a message if unreadable."""
    _check_ascii(text, "an action")
    words = text.split()
    if len(words) < 2:
        raise ValueError("an action is '<seat> <verb> [args]': %s" % quote(text))
    seat = seat_index(words[0].lower())
    if seat < 0:
        raise ValueError("unknown seat %s (vh, mh, hh)" % quote(words[0]))
    verb = _verb(words[1].lower())
    if verb < 0:
        raise ValueError("unknown verb %s" % quote(words[1]))
    args = words[2:]
    a = b = 0
    if verb in _NO_ARGS:
        if args:
            raise ValueError("%s takes no arguments" % VERB_NAMES[verb])
    elif verb == V_BID:
        if len(args) != 1:
            raise ValueError("bid takes one value")
        if farben:
            a = parse_farben_class(args[0])
            if a < 0:
                raise ValueError("unknown Farben bid %s (one of %s)" % (quote(args[0]), " ".join(FARBEN_TOKENS)))
        else:
            if not args[0].isdigit():
                raise ValueError("bid takes a number: %s" % quote(args[0]))
            if len(args[0]) > 3:                 # no bid has more digits (int() would take 4,300)
                raise ValueError("not a valid bid value: %s" % quote(args[0]))
            a = int(args[0])
    elif verb == V_DISCARD:
        if len(args) != 2:
            raise ValueError("discard takes two cards")
        a, b = _card(args[0]), _card(args[1])
    elif verb == V_PLAY:
        if len(args) != 1:
            raise ValueError("play takes one card")
        a = _card(args[0])
    elif verb == V_DECLARE:
        if not args:
            raise ValueError("declare takes a game: C S H D G N")
        a = game_index(args[0])
        if a < 0:
            raise ValueError("unknown game %s (C S H D G N)" % quote(args[0]))
        for w in args[1:]:
            f = 0
            for name, bit in FLAG_WORDS:
                if name == w.lower():
                    f = bit
            if not f:
                raise ValueError("unknown declaration word %s" % quote(w))
            b |= f
    elif verb == V_CONCEDE:
        if len(args) > 1:
            raise ValueError("concede takes at most a game")
        if args:
            a = game_index(args[0])
            if a < 0:
                raise ValueError("unknown game %s (C S H D G)" % quote(args[0]))
        else:
            a = CONCEDE_PLAIN
    elif verb == V_OFFER:
        if len(args) != 1 or args[0].lower() not in ("raus", "stich"):
            raise ValueError("offer takes raus or stich")
        a = OFFER_RAUS if args[0].lower() == "raus" else OFFER_STICH
    return seat, verb, a, b


def format_action(seat, verb, a=0, b=0, farben=False):
    """The record string of an action (inverse of parse_action)."""
    s = SEAT_NAMES[seat] + " " + VERB_NAMES[verb]
    if verb == V_BID:
        s += " " + (FARBEN_TOKENS[a] if farben else str(a))
    elif verb == V_DISCARD:
        s += " " + card_str(a) + " " + card_str(b)
    elif verb == V_PLAY:
        s += " " + card_str(a)
    elif verb == V_DECLARE:
        s += " " + GAME_CHARS[a]
        for name, bit in FLAG_WORDS:
            if b & bit and bit != F_HAND:
                s += " " + name
    elif verb == V_CONCEDE and a != CONCEDE_PLAIN:
        s += " " + GAME_CHARS[a]
    elif verb == V_OFFER:
        s += " raus" if a == OFFER_RAUS else " stich"
    return s


_DEAL_PARTS = (("vh", 10), ("mh", 10), ("hh", 10), ("skat", 2))


def deal_of(record):
    """The four card lists of a record's ``deal`` (ValueError naming the bad part or card)."""
    deal = record.get("deal") if isinstance(record, dict) else None
    if not isinstance(deal, dict):
        raise ValueError("a record needs a \"deal\" object with vh, mh, hh, skat")
    for key in deal:
        if key not in ("vh", "mh", "hh", "skat"):
            raise ValueError("unknown deal part %s (vh, mh, hh, skat)" % quote(key))
    parts = []
    where = {}                                # card id -> the part it was dealt to
    for key, n in _DEAL_PARTS:
        text = deal.get(key)
        if not isinstance(text, str):
            raise ValueError("deal %s must be a string of %d cards" % (key, n))
        _check_ascii(text, "deal " + key)
        cards = []
        for tok in text.split():
            c = parse_card(tok)
            if c < 0:
                raise ValueError("deal %s: not a card: %s" % (key, quote(tok)))
            if c in where:
                raise ValueError("card dealt twice: %s (%s and %s)" % (card_str(c), where[c], key))
            where[c] = key
            cards.append(c)
        if len(cards) != n:
            raise ValueError("deal %s must be %d cards, got %d" % (key, n, len(cards)))
        parts.append(cards)
    return parts


def record_rules(d):
    """The Rules of a record's ``rules`` object ``d`` (None: none). A key the record does not
    name takes its *first* value (docs/records.md): the table records have been written
    against since issue 12. So a record without ``rejection`` plays ``plain``, although the
    standard table has had ``next_level`` since issue 18; records of the old default replay
    as they did, and the app's records name every key that differs from the first value
    (lib/skat_ui/storage/recout.py)."""
    r = Rules()
    for key, values in CHOICES:
        setattr(r, key, values[0])
    r._derive()
    return apply_rules(r, d)


def table_of(record):
    """The record's ``table``: 2 (Skat-en-deux, also when absent) or 3 (Skat zu dritt)."""
    t = record.get("table", 2) if isinstance(record, dict) else 2
    if isinstance(t, bool) or t not in (2, 3):
        raise ValueError("table must be 2 (Skat-en-deux) or 3 (Skat zu dritt)")
    return t


def start(record, game=None):
    """A Game with the record's rules and deal (ValueError on bad rules or deal); a
    ``ThreeGame`` for a record of Skat zu dritt (``"table": 3``: its rules are
    skat_core.three.rules's keys)."""
    d = record.get("rules") if isinstance(record, dict) else None
    if table_of(record) == 3:
        from skat_core.three.game import ThreeGame
        from skat_core.three.rules import ThreeRules
        rules = ThreeRules.from_dict(d)
        if game is None or not game.three:
            game = ThreeGame(rules)
        else:
            game.rules = rules
    else:
        rules = record_rules(d)
        if game is None or game.three:
            game = Game(rules)
        else:
            game.rules = rules
    vh, mh, hh, skat = deal_of(record)
    game.deal_hands(vh, mh, hh, skat)
    game.bock = _bock(record)
    return game


def _bock(record):
    """The record's ``bock``: true for a Bock game (score doubled); absent: false."""
    b = record.get("bock", False) if isinstance(record, dict) else False
    if not isinstance(b, bool):
        raise ValueError("bock must be true or false")
    return b


def replay(record, game=None):
    """Replay a record: ``(game, error_message, index)``; message None if every action was legal.

    ``index`` is the 0-based index of the offending action (-1: the deal or rules)."""
    if not isinstance(record, dict):
        return game, "a record is a JSON object", -1
    try:
        g = start(record, game)
    except ValueError as e:                  # our messages only (rulecheck, deal_of)
        return game, _clip(str(e)), -1
    actions = record.get("actions")
    if not isinstance(actions, list):
        return g, "a record needs an \"actions\" list of strings", -1
    for i in range(len(actions)):
        text = actions[i]
        if not isinstance(text, str):
            return g, "an action must be a string", i
        try:
            seat, verb, a, b = parse_action(text, g.rules.farben)
        except ValueError as e:
            return g, str(e), i
        err = g.act(seat, verb, a, b)
        if err:
            return g, error_text(err), i
    return g, None, len(actions)


def _clip(message):
    """A message quoting a record's value (``rulecheck`` uses %r) kept to a line's length."""
    return message if len(message) <= 200 else message[:200] + "..."


def summary(g):
    """The result line of ``python -m sim replay`` as a dict (docs/records.md)."""
    r = g.result
    if g.phase != PH_DONE:
        return None
    if r.kind == RK_PASSED:
        return {"game": "passed", "score": 0}
    if r.kind == RK_RAMSCH:
        if r.durchmarsch >= 0:
            return {"game": "ramsch", "durchmarsch": SEAT_NAMES[r.durchmarsch], "score": r.score}
        return {"game": "ramsch", "loser": SEAT_NAMES[r.loser], "score": r.score}
    if r.kind == RK_CONCEDED or r.kind == RK_GIVEN_UP:
        return {"game": "conceded", "declarer": SEAT_NAMES[r.declarer], "won": False,
                "value": r.value, "score": r.score}
    return {"game": GAME_CHARS[r.game_type], "declarer": SEAT_NAMES[r.declarer], "won": r.won,
            "value": r.value, "score": r.score}


def replay_summary(record):
    """The dict printed by ``sim replay`` for one record (an ``error`` dict if illegal)."""
    g, msg, index = replay(record)
    if msg is not None:
        return {"error": msg, "index": index}
    s = summary(g)
    if s is None:
        return {"error": "the record ends before the game is over", "index": index}
    if g.bock:                           # a Bock game: its score is doubled
        s["bock"] = True
    return s


def make_record(vh, mh, hh, skat, actions, rules=None, bock=False, table=2):
    """A record dict from card id lists and action strings (``bock``: a Bock game;
    ``table`` 3: Skat zu dritt)."""
    rec = {"deal": {"vh": cards_str(vh), "mh": cards_str(mh), "hh": cards_str(hh),
                    "skat": cards_str(skat)}}
    if table == 3:
        rec["table"] = 3
    if bock:
        rec["bock"] = True
    if rules:
        rec["rules"] = dict(rules)
    rec["actions"] = list(actions)
    return rec


def rules_record(r):
    """The ``rules`` object a record of a game under Rules ``r`` needs: every key whose value
    is not its first (``record_rules`` reads the others back; lib/skat_ui/storage/recout.py writes the
    same on the device). ThreeRules: its own keys, the same way."""
    choices = CHOICES
    if not isinstance(r, Rules):
        from skat_core.three.rules import CHOICES as choices
    d = {}
    for key, values in choices:
        v = getattr(r, key)
        if v != values[0]:
            d[key] = v
    return d


def deal_record(g, actions=(), rules=None):
    """A record of ``g``'s deal (from ``g.deal_ids``) with the given action strings and
    ``rules`` (None: ``g``'s own, as ``rules_record`` gives them)."""
    d = g.deal_ids
    if rules is None:
        rules = rules_record(g.rules)
    return make_record(d[0:10], d[10:20], d[20:30], d[30:32], actions, rules,
                       table=3 if g.three else 2)
