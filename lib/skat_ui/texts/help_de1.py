"""Rules help (de), pages 1-6 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
    "Der Blinde\n"
    "Zu zweit spielt ein\n"
    "Blinder mit: er sitzt in\n"
    "Mittelhand, reizt nicht\n"
    "und bekommt keinen Skat.\n"
    "Seine 10 Karten spielt der\n"
    "Gegenspieler des Allein-\n"
    "spielers; die Stiche des\n"
    "Blinden zählen für ihn.",

    "Blinder offen\n"
    "Beim Reizen sieht keiner\n"
    "seine Karten. Nach der\n"
    "ersten Karte liegt er für\n"
    "beide offen (Regel Blinder\n"
    "auf: 1. Karte; Ansage:\n"
    "gleich nach der Ansage).\n"
    "Sticht der Blinde, spielt\n"
    "der Gegner aus ihm aus.",

    "Reizen\n"
    "Der Geber (Hinterhand)\n"
    "reizt: 18, 20, ... oder\n"
    "passe. Vorhand sagt Ja\n"
    "(hält) oder passe; weiter\n"
    "geht es nur höher. Passe\n"
    "ist endgültig. Passt der\n"
    "Geber gleich, kann Vorhand\n"
    "18 spielen oder passen.",

    "Reizwerte\n"
    "Man reizt Spielwerte:\n"
    "18 20 22 23 24 27 30 33\n"
    "35 36 40 44 45 46 48 50\n"
    "54 55 59 60 63 66 70 72\n"
    "... bis 288.\n"
    "Passen beide, wird neu\n"
    "gegeben (einpassen) oder\n"
    "Ramsch gespielt (Regel\n"
    "Alle passen).",

    "Spielwert\n"
    "Grundwert x Stufen.\n"
    "Karo 9, Herz 10, Pik 11,\n"
    "Kreuz 12, Grand 24.\n"
    "Stufen: Spitzen (mit oder\n"
    "ohne n) + Spiel 1 + Hand\n"
    "+ Schneider (+ angesagt)\n"
    "+ Schwarz (+ angesagt)\n"
    "+ offen (1 oder 2).",

    "Hand, Schneider\n"
    "Hand: ohne Skat (+1).\n"
    "Schneider: 90 Augen, oder\n"
    "der Alleinspieler hat 30\n"
    "oder weniger (+1).\n"
    "Schwarz: eine Seite ohne\n"
    "Stich (+1). Ansagen nur\n"
    "bei Hand: Schneider (+1),\n"
    "Schwarz (+1, mit Schnei-\n"
    "der angesagt).",
)
