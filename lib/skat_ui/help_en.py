"""Rules help pages (en), loaded only while the help screen is shown (docs/rules.md says the
same at length). One string per page: the title, then the lines, separated by newlines (one
object per page on the heap, the screen splits the page it shows). Every line fits 160 px
(26 letters: tests/test_help_pages.py)."""

PAGES = (
    "The dummy\n"
    "Two play, a dummy makes\n"
    "the third: it sits in\n"
    "middle hand, never bids\n"
    "and never gets the skat.\n"
    "The declarer's opponent\n"
    "plays its 10 cards; the\n"
    "dummy's tricks are his.",

    "Dummy shown\n"
    "Nobody sees the dummy\n"
    "while bidding. After the\n"
    "opening lead its cards\n"
    "lie open for both (rule\n"
    "Dummy shown: 1st card;\n"
    "declared: right after\n"
    "the declaration). If the\n"
    "dummy wins a trick, the\n"
    "opponent leads from it.",

    "Bidding\n"
    "The dealer (rear hand)\n"
    "bids: 18, 20, ... or\n"
    "passes. Forehand says Yes\n"
    "(holds) or passes; the\n"
    "dealer must go higher.\n"
    "A pass is final. If the\n"
    "dealer passes at once,\n"
    "forehand may play 18\n"
    "or pass.",

    "Bid values\n"
    "Bids are game values:\n"
    "18 20 22 23 24 27 30 33\n"
    "35 36 40 44 45 46 48 50\n"
    "54 55 59 60 63 66 70 72\n"
    "... up to 288.\n"
    "If both pass, the deal is\n"
    "thrown in, or Ramsch is\n"
    "played (rule All pass).",

    "Game value\n"
    "Base value x levels.\n"
    "Diamonds 9, Hearts 10,\n"
    "Spades 11, Clubs 12,\n"
    "Grand 24. Levels:\n"
    "matadors (with/without n)\n"
    "+ game 1 + Hand\n"
    "+ Schneider (+ announced)\n"
    "+ Schwarz (+ announced)\n"
    "+ open (1 or 2).",

    "Hand, Schneider\n"
    "Hand: skat not taken (+1).\n"
    "Schneider: 90 points, or\n"
    "the declarer has 30 or\n"
    "less (+1). Schwarz: one\n"
    "side takes no trick (+1).\n"
    "Announce only in Hand:\n"
    "Schneider (+1), Schwarz\n"
    "(+1, and Schneider\n"
    "announced with it).",

    "Open, ouvert\n"
    "Suit and Grand games:\n"
    "einmal offen (+1): cards\n"
    "open after trick 1;\n"
    "zweimal offen (+2): open\n"
    "before the opening lead.\n"
    "Null 23, Hand 35, ouvert\n"
    "46, ouvert Hand 59 (open\n"
    "before the opening lead).",

    "Won or lost\n"
    "Won: 61 points and all\n"
    "announced: + value.\n"
    "Lost: - 2 x value.\n"
    "Null: won without a trick.\n"
    "Value below the bid:\n"
    "overbid, lost at the\n"
    "smallest multiple of the\n"
    "base value from the bid.",

    "Offers\n"
    "Only the opponent, only\n"
    "between two tricks, in\n"
    "suit and Grand games\n"
    "(zweimal offen: also\n"
    "before the opening lead),\n"
    "each once: \"raus und\n"
    "gewonnen\": a plain win;\n"
    "\"Stich\": Schneider, not\n"
    "Schwarz.",

    "Accepting\n"
    "Accepted: the game ends,\n"
    "won at that level with\n"
    "all announced (below the\n"
    "bid: overbid). After raus\n"
    "Stich may still come,\n"
    "not the other way round.",

    "Rejected\n"
    "Rejecting: +1 level\n"
    "\"rejected\", then the value\n"
    "x 1.5 (rounded up); two\n"
    "rejections count once.\n"
    "Accepted later, the game\n"
    "keeps that level, the\n"
    "50 % and Contra/Re.",

    "Rejection (rule)\n"
    "plain: nothing else; won\n"
    "with 61 points and all\n"
    "announced.\n"
    "next level: after raus\n"
    "Schneider, after Stich\n"
    "Schwarz must be made, or\n"
    "the game is lost.",

    "Contra, Re\n"
    "After a rejection the\n"
    "opponent may say Contra\n"
    "(x2), then the declarer\n"
    "Re (x4), between tricks;\n"
    "they count after the\n"
    "50 %. Rule Contra/Re:\n"
    "on/off.",

    "Giving up\n"
    "Who has the game at 18\n"
    "may \"Give up\" before\n"
    "declaring, also after\n"
    "the skat: -60.",

    "Giving up above 18\n"
    "Bid higher: only after\n"
    "the skat and only when\n"
    "the chosen game can no\n"
    "longer reach the bid\n"
    "(even with Schneider,\n"
    "Schwarz, open); lost as\n"
    "overbid. Only with the\n"
    "rule Contra/Re off.",

    "Ramsch\n"
    "All pass, rule Ramsch:\n"
    "no dummy; each plays his\n"
    "own 10 cards, forehand\n"
    "leads, only jacks trump.\n"
    "More points loses:\n"
    "-(points + skat); equal:\n"
    "who took the last trick\n"
    "loses.",

    "Ramsch rules\n"
    "Jungfrau (on): if one\n"
    "takes no trick, the minus\n"
    "is doubled.\n"
    "Durchmarsch (on): who\n"
    "takes all 10 tricks\n"
    "scores +120.",

    "Farbenreizen\n"
    "Altenburg bidding (rule\n"
    "Bidding: Farben): bids\n"
    "are game classes: Ask\n"
    "(Frage) Diamonds...Clubs,\n"
    "Tourné, Solo Diamonds,\n"
    "Solo Hearts, Solo Spades,\n"
    "Null, Solo Clubs, Grand\n"
    "Solo, Null ouvert, Grand\n"
    "ouvert.",

    "Farben: games\n"
    "Ask: pick up the skat,\n"
    "name trumps. Tourné: the\n"
    "first skat card shows\n"
    "trumps (jack: Grand too,\n"
    "7: Null too). Solo: suit\n"
    "Hand. The game declared\n"
    "is at least the class\n"
    "bid.",

    "Farben: values\n"
    "Ask 1-4, Tourné 5-8,\n"
    "Solo 9-12 (Diamonds,\n"
    "Hearts, Spades, Clubs);\n"
    "Grand: Tourné 12, Solo\n"
    "16, ouvert 24; Null:\n"
    "Tourné 10, Solo 20,\n"
    "ouvert 40. No Hand level,\n"
    "no overbid, no giving up.",

    "Farben: rank\n"
    "Grand Solo beats Null\n"
    "ouvert only with/without\n"
    "2 matadors or won with\n"
    "Schneider. Open (einmal/\n"
    "zweimal offen): Grand\n"
    "only; Grand ouvert: Hand,\n"
    "open, Schwarz announced.",

    "Keys\n"
    "<> or arrows: choose\n"
    "A: ok, play the card\n"
    "B: back / menu\n"
    "Start: menu (offers,\n"
    "Contra, Re, sheet)\n"
    "Select: hint\n"
    "3 buttons: left/right\n"
    "choose, middle = A,\n"
    "long press = B",
)
