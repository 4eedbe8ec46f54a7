"""Rules help (de), pages 13-18 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
    "Kontra, Re\n"
    "Nach einer Ablehnung darf\n"
    "der Gegenspieler Kontra\n"
    "sagen (x2), danach der\n"
    "Alleinspieler Re (x4),\n"
    "zwischen den Stichen; es\n"
    "zählt nach den 50 %.\n"
    "Regel Kontra/Re: an/aus.",

    "Spielaufgabe\n"
    "Wer das Spiel bei 18 hat,\n"
    "darf vor der Ansage\n"
    "\"Spiel aufgeben\", auch\n"
    "nach dem Skat: -60.",

    "Aufgabe über 18\n"
    "Höher gereizt: nur nach\n"
    "dem Skat und nur, wenn das\n"
    "gewählte Spiel das Gebot\n"
    "nicht mehr erreichen kann\n"
    "(auch mit Schneider,\n"
    "Schwarz, offen); verloren\n"
    "wie überreizt. Nur mit\n"
    "Regel Kontra/Re aus.",

    "Ramsch\n"
    "Alle passen, Regel Ramsch:\n"
    "ohne Blinden spielt jeder\n"
    "seine 10 Karten, Vorhand\n"
    "beginnt, nur Buben Trumpf.\n"
    "Mehr Augen verliert:\n"
    "-(Augen + Skat); bei\n"
    "Gleichstand verliert, wer\n"
    "den letzten Stich hat.",

    "Ramsch-Regeln\n"
    "Jungfrau (an): hat einer\n"
    "keinen Stich, zählt das\n"
    "Minus doppelt.\n"
    "Durchmarsch (an): wer alle\n"
    "10 Stiche hat, bekommt\n"
    "+120.",

    "Farbenreizen\n"
    "Altenburger Reizen (Regel\n"
    "Reizen: Farben): gereizt\n"
    "werden Spielklassen:\n"
    "Frage Schellen...Eichel,\n"
    "Tourné, Solo Schellen,\n"
    "Solo Rot, Solo Grün,\n"
    "Null, Solo Eichel, Grand\n"
    "Solo, Null ouvert, Grand\n"
    "ouvert.",
)
