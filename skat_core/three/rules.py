"""House rules of Skat zu dritt (rules.md §11): one attribute per key, the defaults first.

``all_pass = schieberamsch`` (docs/rules.md, "Skat zu dritt"): after three passes each in
turn may play Grand Hand, else each in turn picks up the skat and puts two cards back or
pushes it on unseen (each push doubles the loser's minus), then Ramsch
(``skat_core.three.schieben``, ``skat_core.three.play``).

``ThreeRules()`` is the standard table; ``ThreeRules.from_dict(d)`` validates keys and values
with the en-deux table's reader (``skat_core.rulecheck.apply``) and raises ``ValueError``
naming the key. Attributes the shared rule code reads (``farben``, ``next_level``,
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
)
KEYS = tuple([k for k, _ in CHOICES])


class ThreeRules:
    """The house rules of a three-player game (defaults: the first value of each key)."""

    farben = False                  # the shared code asks: Zahlen only at three
    next_level = False              # no offers at three
    contra_on = False               # en-deux's Contra/Re after a rejection: never at three
    reveal_at_declaration = False   # no dummy

    def __init__(self):
        for key, values in CHOICES:
            setattr(self, key, values[0])
        self._derive()

    def _derive(self):
        self.ramsch = self.all_pass != "einpassen"      # Ramsch, also after the pushing
        self.schieben = self.all_pass == "schieberamsch"
        self.jungfrau = self.ramsch_jungfrau == "on"
        self.durchmarsch = self.ramsch_durchmarsch == "on"
        self.kontra_on = self.kontra != "off"
        self.kontra_18 = self.kontra == "after_18"

    @classmethod
    def from_dict(cls, d):
        """Rules from a dict of the keys above; unknown keys or values raise ValueError."""
        from skat_core.rulecheck import apply
        if d is not None and "series_games" in d:
            raise ValueError("unknown rule 'series_games' (known: %s)" % ", ".join(KEYS))
        return apply(cls(), d, CHOICES, KEYS)

    def to_dict(self):
        """All keys with their values (defaults included)."""
        d = {}
        for key, _ in CHOICES:
            d[key] = getattr(self, key)
        return d

    def __repr__(self):
        return "ThreeRules(%r)" % (self.to_dict(),)
