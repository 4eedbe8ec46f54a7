"""English texts of the settings screen only (skat_ui.text loads them there, drops them after)."""

T = {
    'strength': 'Bot strength',
    'series_len': 'Series length',
    'language': 'Language',
    'card_style': 'Card style',
    'style0': '4 colours',
    'style1': '2 colours',
    'lang_name': 'English',
    'rules_next_series': 'from the next series',
}
RULE_LABEL = {
    'all_pass': 'All pass',
    'bidding': 'Bidding',
    'dummy_reveal': 'Dummy shown',
    'contra_re': 'Contra/Re',
    'ramsch_jungfrau': 'Jungfrau',
    'ramsch_durchmarsch': 'Durchmarsch',
    'list_scoring': 'Scoring',
    'rejection': 'Rejection',
    'bock': 'Bock games',
    'bock_lost': 'Bock: lost',
    'bock_120': 'Bock: 120 up',
    'bock_contra': 'Bock: Contra',
    'bock_tie': 'Bock: 60:60',
}
RULE_VALUE = {
    'einpassen': 'throw in',
    'ramsch': 'Ramsch',
    'zahlen': 'numbers',
    'farben': 'Farben',
    'after_opening_lead': '1st card',
    'after_declaration': 'declared',
    'on': 'on',
    'off': 'off',
    'plain': 'plain',
    'seeger_fabian': 'Seeger',
    'next_level': 'next level',
    '2': '2 per event',
    '3': '3 per event',
    '4': '4 per event',
}
STRENGTH_NAMES = ('Beginner', 'Medium', 'Strong')
