"""English texts of Skat zu dritt and zu viert, where the install holds it (skat_ui.three.TEXTS):
its own house rules' words on the settings screen (``LABEL``, ``VALUE``, beside the screen's
own) and its rules help's pages after en-deux's (``PAGES``: one string per page, the title,
then the lines; every line fits 160 px: tests/app/test_help_pages.py; docs/rules.md, "Skat
zu dritt", says the same at length). Loaded only on those two screens, dropped with them."""

# Its own house rules (skat_core.three.rules.SETTING_KEYS) and their values where the words
# differ from en-deux's (the settings screen's RULE_VALUE has the others).
LABEL = {
    'all_pass': '3p all pass',
    'kontra': '3p Kontra',
    'bock': '3p Bock',
}
VALUE = {
    'schieberamsch': 'Schieben',
    'after_18': 'from 18',
    '1': '1 round',
    '2': '2 rounds',
    '3': '3 rounds',
}

PAGES = (
    "Three: the deal\n"
    "Three players, ten cards\n"
    "each, two in the skat.\n"
    "Forehand sits left of\n"
    "the dealer, then middle\n"
    "hand, rear hand. With\n"
    "four the dealer sits out\n"
    "and watches; the game\n"
    "counts in the list.",

    "Three: bidding\n"
    "Middle hand bids to\n"
    "forehand (18, 20, ...),\n"
    "who says Yes or passes.\n"
    "Then rear hand bids to\n"
    "the one left. The last\n"
    "one left declares. All\n"
    "pass: thrown in, Ramsch\n"
    "or Schieben (setting).",

    "Three: the game\n"
    "The declarer takes the\n"
    "skat and puts two cards\n"
    "away, or plays Hand.\n"
    "Schneider and Schwarz\n"
    "are announced in Hand\n"
    "only. The other two play\n"
    "together against him;\n"
    "each sees his own cards.",

    "Three: Kontra, Re\n"
    "Setting 3p Kontra: off;\n"
    "on: each defender before\n"
    "his first card; from 18:\n"
    "only one who bid or held\n"
    "a bid. Re: the declarer\n"
    "before his second card.\n"
    "Each doubles the score.\n"
    "In the play menu: Start.",

    "Three: Ramsch\n"
    "Most card points lose\n"
    "them (with the skat).\n"
    "Jungfrau: doubled;\n"
    "Durchmarsch: +120.\n"
    "Schieben: Grand Hand\n"
    "first, then each takes\n"
    "the skat and puts two\n"
    "back, or pushes: x2.",

    "Three: the list\n"
    "Won: + value; lost:\n"
    "minus twice the value.\n"
    "Seeger: +50 won, -50\n"
    "lost, and +40 to each\n"
    "other player (four: +30).\n"
    "3p Bock: rounds; a round:\n"
    "each player deals once.\n"
    "Select: the bot's hint.",
)
