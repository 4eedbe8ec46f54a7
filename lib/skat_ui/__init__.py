"""Skat-en-deux on a handheld: app state machine, screens, card drawing, texts, persistence.

Board-free: the board module (``skat_boards``) hands over display, logical keys and nvm.
"""
