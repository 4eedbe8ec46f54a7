"""German texts of Skat zu dritt and zu viert, where the install holds it (skat_ui.three.TEXTS):
its own house rules' words on the settings screen (``LABEL``, ``VALUE``, beside the screen's
own) and its rules help's pages after en-deux's (``PAGES``: one string per page, the title,
then the lines; every line fits 160 px: tests/app/test_help_pages.py; docs/rules.md, "Skat
zu dritt", says the same at length). Loaded only on those two screens, dropped with them."""

# Its own house rules (skat_core.three.rules.SETTING_KEYS) and their values where the words
# differ from en-deux's (the settings screen's RULE_VALUE has the others).
LABEL = {
    'all_pass': '3er passen',
    'kontra': '3er Kontra',
    'bock': '3er Bock',
}
VALUE = {
    'schieberamsch': 'Schieben',
    'after_18': 'ab 18',
    '1': '1 Runde',
    '2': '2 Runden',
    '3': '3 Runden',
}

PAGES = (
    "Zu dritt: Geben\n"
    "Drei Spieler, je zehn\n"
    "Karten, zwei im Skat.\n"
    "Vorhand sitzt links vom\n"
    "Geber, dann Mittelhand,\n"
    "Hinterhand. Zu viert\n"
    "setzt der Geber aus und\n"
    "schaut zu; das Spiel\n"
    "zählt in der Liste.",

    "Zu dritt: Reizen\n"
    "Mittelhand sagt Vorhand\n"
    "Werte (18, 20, ...);\n"
    "Vorhand sagt Ja oder\n"
    "passt. Dann reizt Hinter-\n"
    "hand den, der blieb.\n"
    "Wer übrig bleibt, spielt.\n"
    "Passen alle: eingepasst,\n"
    "Ramsch oder Schieben.",

    "Zu dritt: Spiel\n"
    "Der Alleinspieler nimmt\n"
    "den Skat und drückt zwei\n"
    "Karten, oder spielt Hand.\n"
    "Schneider und Schwarz\n"
    "ansagen nur bei Hand.\n"
    "Die zwei anderen spielen\n"
    "zusammen gegen ihn; jeder\n"
    "sieht nur seine Karten.",

    "Zu dritt: Kontra/Re\n"
    "Einstellung 3er Kontra:\n"
    "aus; an: jeder Gegen-\n"
    "spieler vor seiner ersten\n"
    "Karte; ab 18: nur wer\n"
    "gereizt oder gehalten\n"
    "hat. Re: der Allein-\n"
    "spieler vor seiner\n"
    "zweiten. Je mal zwei.",

    "Zu dritt: Ramsch\n"
    "Wer die meisten Augen\n"
    "hat, verliert sie (mit\n"
    "dem Skat). Jungfrau: mal\n"
    "zwei; Durchmarsch: +120.\n"
    "Schieben: erst Grand\n"
    "Hand, dann nimmt jeder\n"
    "den Skat und drückt zwei\n"
    "oder schiebt: mal zwei.",

    "Zu dritt: Liste\n"
    "Gewonnen + Wert, verloren\n"
    "doppelt minus. Seeger:\n"
    "+50 gewonnen, -50 ver-\n"
    "loren, dann +40 für jeden\n"
    "anderen (zu viert +30).\n"
    "3er Bock: Runden, eine\n"
    "Runde: jeder gibt einmal.\n"
    "Select: Tipp des Bots.",
)
