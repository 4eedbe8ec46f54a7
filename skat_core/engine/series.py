"""A series (Liste) of games between you and the bot (rules.md §9): the games booked with
their list points, the running totals, who deals, the Bock games.

The dealer (who sits in Hinterhand) alternates every game, thrown-in games included; the bot
deals the first game, so you start in Vorhand (``human_seat``). ``add(result, human, rules)``
books a finished game's ``values.Result`` seen from your seat ``human`` with the house rule
``list_scoring``:

- ``plain``: the game's score (won +V, lost -2V, Spielaufgabe -60, Ramsch -(points + skat),
  Durchmarsch +120) to the player who scored it; a thrown-in game counts as a game with 0;
- ``seeger_fabian``: won +V+50; lost -2V-50 and the other player +40; Spielaufgabe -60-50
  (as the rule book lists it, without the +40). Ramsch and thrown-in games as in plain.

Bockrunden (house rule ``bock``, docs/rules.md): a game that meets a trigger
(``rulecheck.bock_trigger``) adds ``bock`` Bock games after those still to come; ``bock``
says whether the next game is one (the caller sets ``Game.bock`` from it before the deal, so
its score comes doubled); thrown-in games use one up too. Bock games never stack beyond x 2.

A booked game is an entry (kind, who declared: 0 you, 1 the bot, 255 nobody; game type or
255; flags; value; your list points; the bot's) in ``entries``: a list, or the ``room`` the
caller gives (the app: rows in its save's image, which is how they are saved, ten bytes each,
lib/skat_ui/storage/persist.py). Booking happens between games, so this module may allocate.
"""

from skat_core.cards import const
from skat_core.codes import RK_PASSED, RK_RAMSCH, RK_GIVEN_UP

WHO_YOU = const(0)
WHO_BOT = const(1)
WHO_NONE = const(255)
BOCK_GAME = const(64)       # an entry's flags: a Bock game (its list points came doubled)
BOCK_START = const(128)     # an entry's flags: it started ``rules.bock`` Bock games


def next_seed(seed, rng):
    """The seed the series after the one dealt from ``seed`` deals from (README: each next
    series from a seed drawn from the one before, whatever restarts happen); ``rng`` (a
    ``skat_core.rng.Rng``, the bot's) is reseeded for the draw."""
    rng.seed(seed)
    return (rng.next15() << 15) | rng.next15()


class Series:
    players = 2             # the list's columns: you and the bot (three and four: ThreeSeries)

    def __init__(self, length=12, seed=1, room=None):
        """``room``: where the entries go (cleared; default a new list): the app keeps one
        room for the longest series from its first series on."""
        self.length = length
        self.seed = seed
        if room is None:
            room = []
        room.clear()
        self._e = room

    def _entries(self):
        return self._e

    def _set_entries(self, rows):
        """Assigning a list (a restored series) copies it into the room."""
        self._e.clear()
        self._e.extend(rows)

    entries = property(_entries, _set_entries)

    def games(self):
        return len(self._e)

    def over(self):
        return len(self._e) >= self.length

    def human_seat(self, game_index=-1):
        """Your seat in game ``game_index`` (default: the next): the dealer alternates and
        the bot deals first, so you are in Vorhand (0) in even games, else Hinterhand (2)."""
        if game_index < 0:
            game_index = len(self._e)
        return 0 if game_index % 2 == 0 else 2

    def bock(self, rules):
        """Is the next game a Bock game? The entries' flags say it all (BOCK_GAME: one used
        up; BOCK_START: ``rules.bock`` more), so a save needs no more."""
        if rules.bock == "off":
            return False
        left = 0
        ent = self._e
        for i in range(len(ent)):
            e = ent[i]
            if e[3] & BOCK_GAME:
                left -= 1
            if e[3] & BOCK_START:
                left += int(rules.bock)
        return left > 0

    def totals(self):
        """(your list points, the bot's)."""
        you = 0
        bot = 0
        e = self._e
        for i in range(len(e)):
            r = e[i]
            you += r[5]
            bot += r[6]
        return you, bot

    def add(self, res, human, rules):
        """Book the finished game ``res`` (``values.Result``) seen from your seat ``human``
        under the series' ``rules`` (list scoring, Bockrunden: in a Bock game its score came
        doubled). A series that is over books nothing more: ValueError, nothing changed."""
        if len(self._e) >= self.length:
            raise ValueError("the series is over")
        kind = res.kind
        scorer = res.scorer
        score = res.score
        who = WHO_NONE
        if res.declarer >= 0 and kind != RK_RAMSCH:
            who = WHO_YOU if res.declarer == human else WHO_BOT
        gt = res.game_type if res.game_type >= 0 else 255
        mine = 0
        other = 0
        if kind == RK_PASSED or scorer < 0:
            pass
        elif rules.seeger and kind != RK_RAMSCH:
            if kind == RK_GIVEN_UP:
                mine = score - 50
            elif res.won:
                mine = score + 50
            else:                   # lost (also overbid, and the overbid concession)
                mine = score - 50
                other = 40
        else:
            mine = score
        if scorer == human:
            you, bot = mine, other
        else:
            you, bot = other, mine
        self._e.append((kind, who, gt & 255, self.entry_flags(res, rules), res.value & 0xFFFF,
                        you, bot))

    def entry_flags(self, res, rules):
        """The flags byte of the entry booking ``res``: its declaration flags, and with
        Bockrunden BOCK_GAME (the next game, this one, is a Bock game: ``bock``) and
        BOCK_START (it meets a trigger: ``rulecheck.bock_trigger``)."""
        fl = res.flags & 63
        if rules.bock != "off":
            from skat_core.rulecheck import bock_trigger    # only now, and only with Bock
            if self.bock(rules):
                fl |= BOCK_GAME
            if bock_trigger(rules, res):
                fl |= BOCK_START
        return fl
