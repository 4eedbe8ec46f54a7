"""Rules help (en), pages 19-23 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
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

    "Bock games (rule)\n"
    "off (default), or after an\n"
    "event the next 2, 3, 4\n"
    "games score double:\n"
    "header Bock, sheet x2.\n"
    "Events (each on/off): a\n"
    "lost game, value 120 up,\n"
    "Contra, 60:60. New events\n"
    "add Bock games (never x4).",

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
