"""German texts of the settings screen only (skat_ui.text loads them there, drops them after)."""

T = {
    'strength': 'Bot-Stärke',
    'series_len': 'Listenlänge',
    'language': 'Sprache',
    'card_style': 'Kartenbild',
    'style0': '4 Farben',
    'style1': '2 Farben',
    'lang_name': 'Deutsch',
    'rules_next_series': 'gilt ab neuer Liste',
}
RULE_LABEL = {
    'all_pass': 'Alle passen',
    'bidding': 'Reizen',
    'dummy_reveal': 'Blinder auf',
    'contra_re': 'Kontra/Re',
    'ramsch_jungfrau': 'Jungfrau',
    'ramsch_durchmarsch': 'Durchmarsch',
    'list_scoring': 'Liste',
    'rejection': 'Ablehnung',
    'bock': 'Bockspiele',
    'bock_lost': 'Bock: verloren',
    'bock_120': 'Bock: ab 120',
    'bock_contra': 'Bock: Kontra',
    'bock_tie': 'Bock: 60:60',
}
RULE_VALUE = {
    'einpassen': 'einpassen',
    'ramsch': 'Ramsch',
    'zahlen': 'Zahlen',
    'farben': 'Farben',
    'after_opening_lead': '1. Karte',
    'after_declaration': 'Ansage',
    'on': 'an',
    'off': 'aus',
    'plain': 'einfach',
    'seeger_fabian': 'Seeger',
    'next_level': 'Stufe Pflicht',
    '2': '2 je Anlass',
    '3': '3 je Anlass',
    '4': '4 je Anlass',
}
STRENGTH_NAMES = ('Anfänger', 'Mittel', 'Stark')
