"""House rules (rules.md §10): one attribute per key, the product's standard table as default.

``Rules()`` is the standard table; ``Rules.from_dict({"all_pass": "ramsch"})`` validates keys and
values and raises ``ValueError`` with a message naming the key (rules are read before a game, so
raising is fine here). ``to_dict()`` gives the keys back for records.
"""

# key -> allowed values. series_games is an int, checked separately. The standard table's value
# of each key is ``DEFAULT_INDEX`` below (the first value, except for ``rejection``).
CHOICES = (
    ("all_pass", ("einpassen", "ramsch")),
    ("bidding", ("zahlen", "farben")),
    ("dummy_reveal", ("after_opening_lead", "after_declaration")),
    ("contra_re", ("on", "off")),
    ("ramsch_jungfrau", ("off", "on")),
    ("ramsch_durchmarsch", ("off", "on")),
    ("list_scoring", ("plain", "seeger_fabian")),
    # A rejected offer (rules.md §6): +1 level and +50 %; next_level also makes the next level
    # (raus -> Schneider, Stich -> Schwarz) compulsory. Last, so that older saves, whose
    # settings bytes index the keys above, gain it at the end (lib/skat_ui/storage/restore.py).
    ("rejection", ("plain", "next_level")),
    # Bockrunden (docs/rules.md): "off" or the number of Bock games (score doubled) a trigger
    # starts; the triggers each on or off. Appended for the reason above (restore.py).
    ("bock", ("off", "2", "3", "4")),
    ("bock_lost", ("off", "on")),           # a lost game (also Spielaufgabe, overbid)
    ("bock_120", ("on", "off")),            # a game worth 120 or more
    ("bock_contra", ("on", "off")),         # Contra said (so also Re)
    ("bock_tie", ("on", "off")),            # 60:60 in a suit or Grand game played out
)
# The standard table: the index of each key's default in CHOICES. ``rejection`` defaults to
# next_level since issue 18 (rule book correction 1 revised: under plain an offer can never
# pay the offerer); its values keep their order because saves store every rule as an index
# into its values (lib/skat_ui/storage/persist.py) and a record reads a key it does not name as the
# first value (``notation.record.record_rules``, docs/records.md): saves and records of the plain default
# keep their rule.
#                 ... rejection  bock bock_lost bock_120 bock_contra bock_tie
DEFAULT_INDEX = (0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
DEFAULT_SERIES_GAMES = 12
KEYS = tuple([k for k, _ in CHOICES]) + ("series_games",)


class Rules:
    """The house rules of a game or series. Boolean shortcuts are kept for the hot paths."""

    def __init__(self):
        for i in range(len(CHOICES)):
            key, values = CHOICES[i]
            setattr(self, key, values[DEFAULT_INDEX[i]])
        self.series_games = DEFAULT_SERIES_GAMES
        self._derive()

    def _derive(self):
        self.ramsch = self.all_pass == "ramsch"          # all pass -> Ramsch instead of einpassen
        self.farben = self.bidding == "farben"           # Altenburger Farbenreizen (§8)
        self.reveal_at_declaration = self.dummy_reveal == "after_declaration"
        self.contra_on = self.contra_re == "on"
        self.jungfrau = self.ramsch_jungfrau == "on"
        self.durchmarsch = self.ramsch_durchmarsch == "on"
        self.seeger = self.list_scoring == "seeger_fabian"
        self.next_level = self.rejection == "next_level"

    @classmethod
    def from_dict(cls, d):
        """Rules from a dict of §10 keys; unknown keys or values raise ValueError. The checks
        are in ``rulecheck``, imported on use (rules are read before a game; on the device
        their code need not stay while the Rules object lives)."""
        from skat_core.rulecheck import apply
        return apply(cls(), d)

    def to_dict(self):
        """All keys with their values (defaults included)."""
        d = {}
        for key, _ in CHOICES:
            d[key] = getattr(self, key)
        d["series_games"] = self.series_games
        return d

    def __repr__(self):
        return "Rules(%r)" % (self.to_dict(),)
