"""House rules of Skat zu dritt (rules.md §11): one attribute per key, the defaults first.

``all_pass = schieberamsch`` (docs/rules.md, "Skat zu dritt"): after three passes each in
turn may play Grand Hand, else each in turn picks up the skat and puts two cards back or
pushes it on unseen (each push doubles the loser's minus), then Ramsch
(``skat_core.three.schieben``, ``skat_core.three.play``).

The series (``skat_core.three.series``): ``list_scoring`` plain or Seeger-Fabian (+40 to each
other player at three, +30 at four), ``series_games`` (a multiple of the players at the
table: 36 by default, a list for three and for four), Bockrunden with en-deux's keys and
triggers, ``bock`` counting rounds here (a round: each player deals once, 3 or 4 games).

``ThreeRules()`` is the standard table; ``ThreeRules.from_dict(d)`` validates keys and values
with the en-deux table's reader (``skat_core.rulecheck.apply``; ``series_games`` here) and
raises ``ValueError`` naming the key. Attributes the shared rule code reads (``farben``, ``next_level``,
``contra_on``, ``reveal_at_declaration``) have the values that fit three: no Farbenreizen,
no offers, no dummy.
"""

CHOICES = (
    # three passes: thrown in, Ramsch, or Schieberamsch (Grand Hand, then the skat pushed on)
    ("all_pass", ("einpassen", "ramsch", "schieberamsch")),
    # Kontra/Re: off; on (any defender); after_18: only a defender who bid or held 18
    ("kontra", ("off", "on", "after_18")),
    ("ramsch_jungfrau", ("off", "on")),         # a player without a trick doubles the loss
    ("ramsch_durchmarsch", ("off", "on")),      # a player with every trick scores +120
    ("list_scoring", ("plain", "seeger_fabian")),   # the list points (skat_core.three.series)
    # Bockrunden (docs/rules.md): "off" or the Bockrunden one trigger starts (a round: as many
    # games as players at the table); the triggers are en-deux's (rulecheck.bock_trigger)
    ("bock", ("off", "1", "2", "3")),
    ("bock_lost", ("off", "on")),           # a lost game
    ("bock_120", ("on", "off")),            # a game worth 120 or more
    ("bock_contra", ("on", "off")),         # Kontra said (so also Re)
    ("bock_tie", ("on", "off")),            # 60:60 in a suit or Grand game
)
# The keys whose values differ from en-deux's: the app's settings hold a byte for each, in
# this order (lib/skat_ui/settings.py, I_THREE); the others read en-deux's byte of the key.
SETTING_KEYS = ("all_pass", "kontra", "bock")
DEFAULT_SERIES_GAMES = 36       # 12 rounds at three, 9 at four (the seed: 24, 36 or 48)
KEYS = tuple([k for k, _ in CHOICES]) + ("series_games",)


class ThreeRules:
    """The house rules of a three-player game (defaults: the first value of each key)."""

    farben = False                  # the shared code asks: Zahlen only at three
    next_level = False              # no offers at three
    contra_on = False               # en-deux's Contra/Re after a rejection: never at three
    reveal_at_declaration = False   # no dummy

    def __init__(self):
        for key, values in CHOICES:
            setattr(self, key, values[0])
        self.series_games = DEFAULT_SERIES_GAMES
        self._derive()

    def _derive(self):
        self.ramsch = self.all_pass != "einpassen"      # Ramsch, also after the pushing
        self.schieben = self.all_pass == "schieberamsch"
        self.jungfrau = self.ramsch_jungfrau == "on"
        self.durchmarsch = self.ramsch_durchmarsch == "on"
        self.kontra_on = self.kontra != "off"
        self.kontra_18 = self.kontra == "after_18"
        self.seeger = self.list_scoring == "seeger_fabian"

    @classmethod
    def from_dict(cls, d):
        """Rules from a dict of the keys above; unknown keys or values raise ValueError.
        ``series_games``: a whole number of rounds at three or at four (3, 4, 6, 8, 9, ...;
        the series checks it against its table: ``skat_core.three.series``)."""
        from skat_core.rulecheck import apply
        games = DEFAULT_SERIES_GAMES
        if isinstance(d, dict) and "series_games" in d:
            d = dict(d)
            games = d.pop("series_games")
            if (isinstance(games, bool) or not isinstance(games, int) or games < 3
                    or (games % 3 and games % 4)):
                raise ValueError("rule series_games must be a multiple of 3 (three at the "
                                 "table) or of 4 (four), got %r" % (games,))
        r = apply(cls(), d, CHOICES, KEYS)
        r.series_games = games
        return r

    def to_dict(self):
        """All keys with their values (defaults included)."""
        d = {}
        for key, _ in CHOICES:
            d[key] = getattr(self, key)
        d["series_games"] = self.series_games
        return d

    def __repr__(self):
        return "ThreeRules(%r)" % (self.to_dict(),)
