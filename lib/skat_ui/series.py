"""The series (Liste, rules.md §9): finished games with list points, running totals, winner.

List points come from the engine's result score (plain) or Seeger-Fabian: won +V+50; lost
-2V-50 and the other player +40; Spielaufgabe -60-50. Ramsch and thrown-in games count as
plain scores (0 for the thrown in game) - they still count as games of the series.
"""

from skat_core.codes import RK_PASSED, RK_RAMSCH, RK_GIVEN_UP
from skat_ui.storage.persist import Entries, MOST

WHO_YOU = 0
WHO_BOT = 1
WHO_NONE = 255


class Series:
    def __init__(self, length=12, seed=1, room=None):
        """``room``: the ``entries`` of a series that is over, reused (its games are
        forgotten): the app keeps one room for the longest series from its first series on."""
        self.length = length
        self.seed = seed
        if room is None:
            room = Entries(MOST if length else 0)
        room.clear()
        self._e = room             # (kind, who, game type, flags, value, you, bot) per game

    def _entries(self):
        return self._e

    def _set_entries(self, rows):
        """Assigning a list (``restore``) copies it into the room."""
        self._e.clear()
        self._e.extend(rows)

    entries = property(_entries, _set_entries)

    def keep_in(self, room):
        """Move the games into ``room`` (the app's slot image: a restored series) and keep
        them there."""
        rows = list(self._e)
        room.clear()
        room.extend(rows)
        self._e = room

    def games(self):
        return len(self._e)

    def over(self):
        return len(self._e) >= self.length

    def human_seat(self, game_index=-1):
        """The dealer alternates; the bot deals the first game, so you start in Vorhand."""
        if game_index < 0:
            game_index = len(self._e)
        return 0 if game_index % 2 == 0 else 2

    def bock(self, rules):
        """Is the next game a Bock game (docs/rules.md, "Bockrunden")? An entry's flags byte
        holds, above the declaration flags (< 64), 64 for a Bock game (its list points
        doubled: the engine doubled its score) and 128 when it started ``rules.bock`` Bock
        games after those still to come: the entries say it all, a save needs no more."""
        if rules.bock == "off":
            return False
        left = 0
        ent = self._e
        for i in range(len(ent)):
            e = ent[i]
            if e[3] & 64:
                left -= 1
            if e[3] & 128:
                left += int(rules.bock)
        return left > 0

    def totals(self):
        you = 0
        bot = 0
        e = self._e
        for i in range(len(e)):
            r = e[i]
            you += r[5]
            bot += r[6]
        return you, bot

    def add(self, res, human, seeger, rules=None):
        """Append the finished game (engine ``values.Result``) seen from the human's seat;
        ``rules``: the series' Rules, for Bockrunden (its score came doubled in a Bock game)."""
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
        elif seeger and kind != RK_RAMSCH:
            if kind == RK_GIVEN_UP:
                mine = score - 50
            elif res.won:
                mine = score + 50
            else:
                mine = score - 50
                other = 40
        else:
            mine = score
        if scorer == human:
            you, bot = mine, other
        else:
            you, bot = other, mine
        fl = res.flags & 63
        if rules is not None and rules.bock != "off":
            from skat_core.rulecheck import bock_trigger    # only now, and only with Bock
            if self.bock(rules):
                fl |= 64
            if bock_trigger(rules, res):
                fl |= 128
        self._e.append((kind, who, gt & 255, fl, res.value & 0xFFFF, you, bot))
