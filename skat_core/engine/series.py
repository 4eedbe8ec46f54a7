"""A series (Liste) of games between two players (rules.md §9).

Players are 0 and 1. The dealer (who sits in Hinterhand) alternates every game, passed-in games
included; ``seat_of(player)`` gives a player's seat in the current game. ``add(result)`` books a
finished game's ``values.Result`` with the house rule ``list_scoring``:

- ``plain``: the game's score (won +V, lost -2V, Spielaufgabe -60, Ramsch -(points + skat),
  Durchmarsch +120) to the player who scored it;
- ``seeger_fabian``: won +V+50; lost -2V-50 and the other player +40; Spielaufgabe -60-50 (as
  the rule book lists it, without the +40). Ramsch and passed games as in plain.

Bockrunden (house rule ``bock``, docs/rules.md): a game that meets a trigger
(``rulecheck.bock_trigger``) adds ``bock`` Bock games after those still to come; ``bock()`` says
whether the current game is one (the caller sets ``Game.bock`` from it before the deal, so
its score comes doubled); thrown-in games use one up too. Bock games never stack beyond x 2.

Booking happens between games, so this module may allocate.
"""

from skat_core.cards import VH, HH
from skat_core.codes import RK_NORMAL, RK_RAMSCH, RK_PASSED, RK_CONCEDED, RK_GIVEN_UP
from skat_core.rules import Rules
from skat_core.rulecheck import bock_trigger


class Series:
    def __init__(self, rules=None, first_dealer=0):
        self.rules = rules if rules is not None else Rules()
        self.n_games = self.rules.series_games
        self.first_dealer = first_dealer
        self.totals = [0, 0]
        self.games = 0                  # games booked so far
        self.history = []               # (kind, delta player 0, delta player 1) per game
        self.bock_left = 0              # Bock games still to come, the current one included

    def dealer(self):
        """The player who deals (sits in Hinterhand) in the current game."""
        return (self.first_dealer + self.games) % 2

    def seat_of(self, player):
        """``player``'s seat in the current game: HH for the dealer, VH for the other."""
        return HH if player == self.dealer() else VH

    def player_at(self, seat):
        """The player sitting at ``seat`` (VH or HH) in the current game."""
        d = self.dealer()
        return d if seat == HH else 1 - d

    def over(self):
        return self.games >= self.n_games

    def bock(self):
        """Is the current game a Bock game (its score doubled)?"""
        return self.bock_left > 0

    def deltas(self, result):
        """Score changes ``[player 0, player 1]`` for one finished game (not booked)."""
        delta = [0, 0]
        kind = result.kind
        if kind == RK_PASSED:
            return delta
        who = self.player_at(result.scorer)
        other = 1 - who
        if kind == RK_RAMSCH or not self.rules.seeger:
            delta[who] = result.score
            return delta
        if kind == RK_GIVEN_UP:
            delta[who] = result.score - 50
        elif result.won:
            delta[who] = result.score + 50
        else:                       # lost (incl. overbid and the overbid concession)
            delta[who] = result.score - 50
            delta[other] = 40
        return delta

    def add(self, result):
        """Book a finished game and move the deal on; returns the deltas."""
        if self.over():
            raise ValueError("the series is over")
        if result.kind not in (RK_NORMAL, RK_RAMSCH, RK_PASSED, RK_CONCEDED, RK_GIVEN_UP):
            raise ValueError("the game is not finished")
        d = self.deltas(result)
        self.totals[0] += d[0]
        self.totals[1] += d[1]
        self.history.append((result.kind, d[0], d[1]))
        self.games += 1
        if self.bock_left:
            self.bock_left -= 1
        if bock_trigger(self.rules, result):
            self.bock_left += int(self.rules.bock)
        return d

    def winner(self):
        """0 or 1 for the higher total, -1 for a tie."""
        if self.totals[0] == self.totals[1]:
            return -1
        return 0 if self.totals[0] > self.totals[1] else 1

    def to_dict(self):
        return {"games": self.games, "n_games": self.n_games, "first_dealer": self.first_dealer,
                "totals": list(self.totals), "history": [list(h) for h in self.history],
                "bock_left": self.bock_left}

    @classmethod
    def from_dict(cls, d, rules=None):
        """Restore a series saved by to_dict (ValueError on a malformed dict)."""
        try:
            s = cls(rules, int(d["first_dealer"]) % 2)
            s.games = int(d["games"])
            s.totals = [int(d["totals"][0]), int(d["totals"][1])]
            s.history = [tuple(int(x) for x in h) for h in d.get("history", [])]
            s.bock_left = int(d.get("bock_left", 0))
        except (KeyError, TypeError, IndexError, ValueError):
            raise ValueError("not a saved series")
        return s
