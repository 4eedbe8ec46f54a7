"""Rules help (de), pages 7-12 of 23 (skat_ui.text.help_page loads one such module at a
time, only on the help screen; docs/rules.md says the same at length). One string per page:
the title, then the lines. Every line fits 160 px: tests/app/test_help_pages.py."""

PAGES = (
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
    "Ein Angebot lohnt nie.\n"
    "Stufe Pflicht: nach Raus\n"
    "muss Schneider, nach Stich\n"
    "Schwarz kommen, sonst ist\n"
    "das Spiel verloren. Das\n"
    "ist der Standard.",
)
