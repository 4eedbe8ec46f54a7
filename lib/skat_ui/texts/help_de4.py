"""Rules help (de), pages 19-23 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
    "Farben: Spiele\n"
    "Frage: Skat aufnehmen,\n"
    "Trumpf nennen. Tourné:\n"
    "erste Skatkarte zeigt\n"
    "Trumpf (Bube: auch Grand,\n"
    "7: auch Null). Solo: Farbe\n"
    "Hand. Angesagt wird\n"
    "mindestens die gereizte\n"
    "Klasse.",

    "Farben: Werte\n"
    "Frage 1-4, Tourné 5-8,\n"
    "Solo 9-12 (Schellen, Rot,\n"
    "Grün, Eichel); Grand:\n"
    "Tourné 12, Solo 16,\n"
    "ouvert 24; Null: Tourné\n"
    "10, Solo 20, ouvert 40.\n"
    "Ohne Hand-Stufe, ohne\n"
    "Überreizen und Aufgabe.",

    "Farben: Rang\n"
    "Grand Solo schlägt Null\n"
    "ouvert nur mit/ohne 2\n"
    "Spitzen oder mit Schneider\n"
    "gewonnen. Offen (einmal/\n"
    "zweimal offen) nur Grand;\n"
    "Grand ouvert: Hand, offen,\n"
    "Schwarz angesagt.",

    "Bockspiele (Regel)\n"
    "aus (Standard), oder nach\n"
    "einem Anlass zählen die\n"
    "nächsten 2, 3, 4 Spiele\n"
    "doppelt: Kopfzeile Bock,\n"
    "Liste x2. Anlässe (je an/\n"
    "aus): verloren, Wert ab\n"
    "120, Kontra, 60:60. Neue\n"
    "Anlässe hängen weitere\n"
    "Bockspiele an (nie x4).",

    "Tasten\n"
    "<> oder Pfeile: wählen\n"
    "A: ok, Karte spielen\n"
    "B: zurück / Menü\n"
    "Start: Menü (Angebot,\n"
    "Kontra, Re, Liste)\n"
    "Select: Tipp\n"
    "3 Tasten: links/rechts\n"
    "wählen, Mitte = A,\n"
    "lang drücken = B",
)
