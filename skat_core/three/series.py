"""A series (Liste) at three, or at four with the dealer out (rules.md §9, §11; docs/rules.md
"Skat zu dritt"): who deals, who sits where, the games booked with their list points, the
running totals, the Bock games. En-deux's series (``skat_core.engine.series``) beside it: the
room of entries, the count of games and the Bock games are its code.

The players are numbered 0 .. n-1 clockwise, n = 3 or 4: 0 is you, the others bots. The deal
goes round clockwise every game, thrown-in games included, and player n-1 deals the first,
so you start in Vorhand: game ``k`` is dealt by ``(k + n - 1) % n``. Vorhand is left of the
dealer, Mittelhand next, Hinterhand next again: at three that is the dealer himself; at four
the dealer sits out (``sits_out``) and his deal still counts in the list.

``add(result, rules)`` books game ``k``'s finished ``values.Result`` (its seats are game
``k``'s) with the house rule ``list_scoring``:

- ``plain``: the game's score to the player who scored it (the declarer; in Ramsch the loser's
  minus to the loser, a Durchmarsch's +120 to him); a thrown-in game counts with 0;
- ``seeger_fabian``: won +V+50; lost -2V-50 and each other player +40 at three, +30 at four
  (the dealer who sat out too). Ramsch and thrown-in games as in plain *(our reading, as
  en-deux's)*.

Bockrunden (house rule ``bock``: the Bockrunden one trigger starts; a round is n games, each
player deals once): a game that meets a trigger (``rulecheck.bock_trigger``, en-deux's) adds
``bock`` x n Bock games after those still to come, starting with the next game; ``bock``
says whether the next game is one (the caller sets ``ThreeGame.bock`` from it before the
deal, so its score comes doubled). Thrown-in games use one up; Bock never doubles twice.

A booked game is an entry (kind, who declared: a player or 255 nobody; game type or 255;
flags; value; then each player's list points) in ``entries``: a list, or the ``room`` the
caller gives. Booking happens between games, so this module may allocate.
"""

from skat_core.codes import RK_PASSED, RK_RAMSCH
from skat_core.engine.series import Series, WHO_NONE

SEEGER_WON = 50             # Seeger-Fabian: the declarer's +50 when won, -50 when lost
SEEGER_OTHERS = (40, 30)    # ... and each other player's when he lost: at three, at four


class _BockGames:
    """What en-deux's ``Series.bock`` reads of the rules: the Bock games one trigger starts
    (here ``bock`` rounds of n games)."""

    def __init__(self, games):
        self.bock = games


class ThreeSeries(Series):
    """The list of a table of ``players`` (3 or 4) over ``length`` games (a multiple of
    ``players``: whole rounds). Raises ValueError for another table or length."""

    def __init__(self, players=3, length=36, seed=1, room=None):
        if players != 3 and players != 4:
            raise ValueError("a table of Skat zu dritt has 3 or 4 players, not %r" % (players,))
        if (isinstance(length, bool) or not isinstance(length, int) or length < players
                or length % players):
            raise ValueError("a series at %d is whole rounds: a multiple of %d games, not %r"
                             % (players, players, length))
        Series.__init__(self, length, seed, room)
        self.players = players

    def _game(self, k):
        return len(self._e) if k < 0 else k

    def dealer(self, k=-1):
        """The player who deals game ``k`` (default: the next)."""
        return (self._game(k) + self.players - 1) % self.players

    def player_at(self, seat, k=-1):
        """The player in ``seat`` (VH 0, MH 1, HH 2) in game ``k``: clockwise from the
        dealer's left."""
        return (self.dealer(k) + 1 + seat) % self.players

    def seats(self, k=-1):
        """(Vorhand, Mittelhand, Hinterhand): the players of game ``k``."""
        return (self.player_at(0, k), self.player_at(1, k), self.player_at(2, k))

    def seat_of(self, player, k=-1):
        """``player``'s seat in game ``k``; -1 when he deals at four and sits out."""
        s = (player - self.dealer(k) - 1) % self.players
        return -1 if s == 3 else s

    def human_seat(self, game_index=-1):
        """Your seat (player 0) in game ``game_index``, -1 when you sit out."""
        return self.seat_of(0, game_index)

    def sits_out(self, k=-1):
        """The player who sits out game ``k``: the dealer at four, -1 at three."""
        return self.dealer(k) if self.players == 4 else -1

    def bock(self, rules):
        """Is the next game a Bock game? En-deux's count of the entries' flags, a trigger
        starting ``rules.bock`` rounds of this table's games."""
        if rules.bock == "off":
            return False
        return Series.bock(self, _BockGames(int(rules.bock) * self.players))

    def totals(self):
        """Each player's list points so far (a tuple of ``players``)."""
        n = self.players
        t = [0] * n
        for e in self._e:
            for p in range(n):
                t[p] += e[5 + p]
        return tuple(t)

    def add(self, res, rules):
        """Book the next game's finished ``res`` under the series' ``rules`` (list scoring,
        Bockrunden: in a Bock game its score came doubled). A series that is over books
        nothing more: ValueError, nothing changed."""
        if len(self._e) >= self.length:
            raise ValueError("the series is over")
        n = self.players
        kind = res.kind
        scorer = res.scorer
        score = res.score
        who = WHO_NONE
        if res.declarer >= 0 and kind != RK_RAMSCH:
            who = self.player_at(res.declarer)
        gt = res.game_type if res.game_type >= 0 else 255
        points = [0] * n
        if kind != RK_PASSED and scorer >= 0:
            p = self.player_at(scorer)
            if rules.seeger and kind != RK_RAMSCH:
                if res.won:
                    points[p] = score + SEEGER_WON
                else:           # lost (also overbid): each other player gets his share
                    points[p] = score - SEEGER_WON
                    for q in range(n):
                        if q != p:
                            points[q] = SEEGER_OTHERS[n - 3]
            else:
                points[p] = score
        self._e.append((kind, who, gt & 255, self.entry_flags(res, rules),
                        res.value & 0xFFFF) + tuple(points))
