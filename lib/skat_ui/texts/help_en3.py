"""Rules help (en), pages 13-18 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
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
)
