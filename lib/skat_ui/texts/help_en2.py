"""Rules help (en), pages 7-12 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
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
    "An offer can never pay.\n"
    "next level: after raus\n"
    "Schneider, after Stich\n"
    "Schwarz must be made, or\n"
    "the game is lost. This is\n"
    "the standard.",
)
