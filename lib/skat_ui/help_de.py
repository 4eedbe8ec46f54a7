"""Rules help pages (de), loaded only while the help screen is shown (docs/rules.md says the
same at length). One string per page: the title, then the lines, separated by newlines (one
object per page on the heap, the screen splits the page it shows). Every line fits 160 px
(26 letters, an umlaut counted as two: tests/test_help_pages.py)."""

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

    "Offen, ouvert\n"
    "Farb- und Grandspiel:\n"
    "einmal offen (+1): Karten\n"
    "offen nach dem 1. Stich;\n"
    "zweimal offen (+2): offen\n"
    "vor der ersten Karte.\n"
    "Null 23, Hand 35, ouvert\n"
    "46, ouvert Hand 59 (offen\n"
    "vor der ersten Karte).",

    "Gewinn, Verlust\n"
    "Gewonnen: 61 Augen und\n"
    "alles Angesagte: + Wert.\n"
    "Verloren: - 2 x Wert.\n"
    "Null: gewonnen ohne Stich.\n"
    "Wert unter dem Gebot:\n"
    "überreizt, verloren mit\n"
    "dem kleinsten Vielfachen\n"
    "des Grundwerts ab Gebot.",

    "Angebote\n"
    "Nur der Gegenspieler, nur\n"
    "zwischen zwei Stichen, in\n"
    "Farb- und Grandspielen\n"
    "(zweimal offen: auch vor\n"
    "der 1. Karte), je einmal:\n"
    "\"Raus und gewonnen\": ein\n"
    "einfacher Sieg; \"Stich\":\n"
    "Schneider, nicht Schwarz.",

    "Angebot annehmen\n"
    "Angenommen: das Spiel ist\n"
    "gewonnen auf dieser Stufe\n"
    "mit allem Angesagten\n"
    "(unter dem Gebot: über-\n"
    "reizt). Nach Raus darf\n"
    "noch Stich kommen, nicht\n"
    "umgekehrt.",

    "Abgelehnt\n"
    "Ablehnen: +1 Stufe\n"
    "\"abgelehnt\", dann der Wert\n"
    "x 1,5 (aufgerundet); bei\n"
    "zwei Ablehnungen nur\n"
    "einmal. Wird danach doch\n"
    "angenommen, bleiben Stufe,\n"
    "50 % und Kontra/Re.",

    "Ablehnung (Regel)\n"
    "einfach: sonst nichts;\n"
    "gewonnen mit 61 Augen und\n"
    "allem Angesagten.\n"
    "Stufe Pflicht: nach Raus\n"
    "muss Schneider, nach Stich\n"
    "Schwarz kommen, sonst ist\n"
    "das Spiel verloren.",

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
