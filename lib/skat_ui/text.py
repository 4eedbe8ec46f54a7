"""All words on screen, German (default) and English. ``tr(key)`` in the current language.

Engine errors are translated by code (``ERR``); the engine's English text is the fallback.
"""

LANG = [0]           # 0 de, 1 en (a list so every importer sees the change)

_T = {
    "title": ("Skat zu zweit", "Skat for two"),
    "new": ("Neue Liste", "New series"),
    "continue": ("Weiterspielen", "Continue"),
    "settings": ("Einstellungen", "Settings"),
    "help": ("Regeln", "Rules"),
    "sheet": ("Spielliste", "Score sheet"),
    "you": ("Du", "You"),
    "bot": ("Bot", "Bot"),
    "dummy": ("Blinder", "Dummy"),
    "pass": ("Passe", "Pass"),
    "yes": ("Ja", "Yes"),
    "bid": ("Reizen", "Bid"),
    "hold": ("Halten", "Hold"),
    "take18": ("18 spielen", "Play 18"),
    "bot_bids": ("Bot reizt", "Bot bids"),
    "bot_says": ("Bot", "Bot"),
    "your_bid": ("Dein Gebot", "Your bid"),
    "hand_game": ("Hand spielen", "Play Hand"),
    "pickup": ("Skat aufnehmen", "Pick up skat"),
    "tourne": ("Tourné", "Tourné"),
    "give_up": ("Spiel aufgeben", "Give up"),
    "discard": ("2 Karten drücken", "Discard 2 cards"),
    "mark": ("A: wählen", "A: mark"),
    "bid_short": ("gereizt", "bid"),
    "pts_short": ("Aug", "Pts"),
    "tricks_short": ("St", "Tr"),
    "bot_passes": ("Bot passt", "Bot passes"),
    "bot_holds": ("Bot hält", "Bot holds"),
    "bot_hand": ("Bot spielt Hand", "Bot plays Hand"),
    "bot_pickup": ("Bot nimmt den Skat", "Bot picks up"),
    "speak_now": ("Start/B: Angebot, Kontra", "Start/B: offer, Contra"),
    "skat_unknown": ("(Skat zählt erst am Ende)", "(skat counts at the end)"),
    "game": ("Spiel", "Game"),
    "declare": ("Ansagen", "Declare"),
    "schneider_ann": ("Schneider angesagt", "Schneider announced"),
    "schwarz_ann": ("Schwarz angesagt", "Schwarz announced"),
    "offen": ("offen", "open"),
    "offen0": ("verdeckt", "closed"),
    "offen1": ("einmal offen", "open after trick 1"),
    "offen2": ("zweimal offen", "open from start"),
    "ouvert": ("ouvert", "ouvert"),
    "hand": ("Hand", "Hand"),
    "with": ("mit", "with"),
    "without": ("ohne", "without"),
    "spiel": ("Spiel", "game"),
    "schneider": ("Schneider", "Schneider"),
    "schwarz": ("Schwarz", "Schwarz"),
    "announced": ("angesagt", "announced"),
    "abgelehnt": ("abgelehnt", "rejected"),
    "too_low": ("reicht nicht für", "below bid"),
    "trick": ("Stich", "Trick"),
    "turn": ("am Zug", "to play"),
    "your_turn": ("Du bist dran", "Your turn"),
    "dummy_turn": ("Blinder: Du spielst", "Dummy: you play"),
    "thinking": ("Bot denkt", "Bot thinks"),
    "menu": ("Menü", "Menu"),
    "hint": ("Tipp", "Hint"),
    "offer_raus": ("Raus (gewonnen)", "Raus (you win)"),
    "offer_stich": ("Stich (Schneider)", "Stich (Schneider)"),
    "accept": ("Annehmen", "Accept"),
    "reject": ("Ablehnen", "Reject"),
    "contra": ("Kontra", "Contra"),
    "re": ("Re", "Re"),
    "back": ("Zurück", "Back"),
    "to_title": ("Hauptmenü", "Main menu"),
    "bot_offers": ("Bot bietet", "Bot offers"),
    "bot_contra": ("Bot sagt Kontra", "Bot says Contra"),
    "bot_re": ("Bot sagt Re", "Bot says Re"),
    "bot_rejects": ("Bot lehnt ab", "Bot rejects"),
    "won": ("gewonnen", "won"),
    "lost": ("verloren", "lost"),
    "overbid": ("überreizt", "overbid"),
    "points": ("Augen", "points"),
    "skat": ("Skat", "Skat"),
    "score": ("Wertung", "Score"),
    "passed_in": ("Eingepasst", "Thrown in"),
    "ramsch": ("Ramsch", "Ramsch"),
    "loser": ("verliert", "loses"),
    "given_up": ("Spielaufgabe", "Game given up"),
    "conceded": ("aufgegeben", "conceded"),
    "next_game": ("A: weiter", "A: next"),
    "series_over": ("Liste beendet", "Series over"),
    "winner": ("Sieger", "Winner"),
    "draw": ("Unentschieden", "Draw"),
    "total": ("Summe", "Total"),
    "declarer": ("Alleinspieler", "Declarer"),
    "save_bad": ("Speicher defekt/fremd:", "Save corrupt/foreign:"),
    "save_bad2": ("ignoriert, neu begonnen", "ignored, starting fresh"),
    "resumed": ("Spiel fortgesetzt", "Game resumed"),
    "strength": ("Bot-Stärke", "Bot strength"),
    "series_len": ("Listenlänge", "Series length"),
    "language": ("Sprache", "Language"),
    "card_style": ("Kartenbild", "Card style"),
    "style0": ("4 Farben", "4 colours"),
    "style1": ("2 Farben", "2 colours"),
    "lang_name": ("Deutsch", "English"),
    "on": ("an", "on"),
    "off": ("aus", "off"),
    "rules_next_series": ("gilt ab neuer Liste", "from the next series"),
    "declarer_cards": ("Alleinsp.", "Declarer"),
    "vh": ("Vorhand", "Forehand"),
    "hh": ("Hinterhand", "Dealer"),
    "last_trick": ("letzter Stich", "last trick"),
    "game_no": ("Spiel", "Game"),
}

# Option names of the house rules (rules.md §10) as they appear in settings.
RULE_LABEL = {
    "all_pass": ("Alle passen", "All pass"),
    "bidding": ("Reizen", "Bidding"),
    "dummy_reveal": ("Blinder auf", "Dummy shown"),
    "contra_re": ("Kontra/Re", "Contra/Re"),
    "ramsch_jungfrau": ("Jungfrau", "Jungfrau"),
    "ramsch_durchmarsch": ("Durchmarsch", "Durchmarsch"),
    "list_scoring": ("Liste", "Scoring"),
}
RULE_VALUE = {
    "einpassen": ("einpassen", "throw in"),
    "ramsch": ("Ramsch", "Ramsch"),
    "zahlen": ("Zahlen", "numbers"),
    "farben": ("Farben", "Farben"),
    "after_opening_lead": ("1. Karte", "1st card"),
    "after_declaration": ("Ansage", "declared"),
    "on": ("an", "on"),
    "off": ("aus", "off"),
    "plain": ("einfach", "plain"),
    "seeger_fabian": ("Seeger", "Seeger"),
}

GAME_NAMES = (("Kreuz", "Clubs"), ("Pik", "Spades"), ("Herz", "Hearts"), ("Karo", "Diamonds"),
              ("Grand", "Grand"), ("Null", "Null"), ("Ramsch", "Ramsch"))
FARBEN_NAMES_DE = ("Frage Schellen", "Frage Rot", "Frage Grün", "Frage Eichel", "Tourné",
                   "Solo Schellen", "Solo Rot", "Solo Grün", "Null", "Solo Eichel",
                   "Grand Solo", "Null ouvert", "Grand ouvert")
FARBEN_NAMES_EN = ("Ask Diamonds", "Ask Hearts", "Ask Spades", "Ask Clubs", "Tourné",
                   "Solo Diamonds", "Solo Hearts", "Solo Spades", "Null", "Solo Clubs",
                   "Grand Solo", "Null ouvert", "Grand ouvert")

# Engine error codes (skat_core.codes) in German; English comes from the engine.
ERR_DE = {
    3: "Du bist nicht dran",
    4: "Jetzt nicht möglich",
    6: "Kein gültiger Reizwert",
    7: "Gebot muss höher sein",
    9: "Karte nicht auf der Hand",
    10: "Zwei verschiedene Karten",
    13: "Null unter dem Reizwert",
    14: "Ansage nur im Handspiel",
    20: "Farbe bedienen!",
    22: "Nur zwischen Stichen",
    23: "Nur einmal möglich",
    29: "Kontra/Re ist aus",
    39: "Spiel unter dem Reizwert",
}

HELP_PAGES = (
    (("Skat zu zweit", "Skat for two"),
     ("Der Blinde sitzt in Mittel-", "The dummy sits in middle"),
     ("hand; seine 10 Karten", "hand; its 10 cards are"),
     ("spielt der Gegenspieler.", "played by the opponent."),
     ("Nach der 1. Karte liegt er", "After the opening lead"),
     ("offen für beide.", "both see them.")),
    (("Reizen", "Bidding"),
     ("Geber (Hinterhand) sagt an,", "The dealer bids, forehand"),
     ("Vorhand hält oder passt.", "holds or passes."),
     ("18 20 22 23 24 27 30 ...", "18 20 22 23 24 27 30 ..."),
     ("offen: +1 nach Stich 1,", "open: +1 after trick 1,"),
     ("+2 vor der 1. Karte.", "+2 before the first lead.")),
    (("Wert", "Value"),
     ("Karo 9 Herz 10 Pik 11", "Diamonds 9 Hearts 10"),
     ("Kreuz 12 Grand 24", "Spades 11 Clubs 12 Grand 24"),
     ("x (Spitzen + Spiel + Hand", "x (matadors + game + hand"),
     ("+ Schneider + Schwarz", "+ Schneider + Schwarz"),
     ("+ offen). Null 23/35/46/59", "+ open). Null 23/35/46/59")),
    (("Tasten", "Keys"),
     ("<> wählen, A: ok, B: zurück", "<> choose, A: ok, B: back"),
     ("Start: Menü (Angebote,", "Start: menu (offers,"),
     ("Kontra, Re), Select: Tipp", "Contra, Re), Select: hint"),
     ("3 Tasten: lang drücken", "3 buttons: long press"),
     ("= zurück / Menü", "= back / menu")),
)


def tr(key):
    return _T[key][LANG[0]]


def pick(pair):
    return pair[LANG[0]]


def game_name(gt):
    return GAME_NAMES[gt][LANG[0]]


def farben_name(cls):
    return (FARBEN_NAMES_EN if LANG[0] else FARBEN_NAMES_DE)[cls]


def error(code):
    if not LANG[0] and code in ERR_DE:
        return ERR_DE[code]
    from skat_core.codes import error_text
    return error_text(code)
