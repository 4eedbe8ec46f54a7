"""Rules help (en), pages 1-6 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

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
)
