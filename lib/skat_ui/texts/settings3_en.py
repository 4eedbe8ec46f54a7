"""English texts of the settings screen for Skat zu dritt (skat_ui.three.SETTINGS_TEXTS:
loaded with the settings screen's where the install holds Skat zu dritt, dropped with them)."""

# Its own house rules (skat_core.three.rules.SETTING_KEYS) and their values where the words
# differ from en-deux's (the settings screen's RULE_VALUE has the others).
LABEL = {
    'all_pass': '3p all pass',
    'kontra': '3p Kontra',
    'bock': '3p Bock',
}
VALUE = {
    'schieberamsch': 'Schieben',
    'after_18': 'from 18',
    '1': '1 round',
    '2': '2 rounds',
    '3': '3 rounds',
}
