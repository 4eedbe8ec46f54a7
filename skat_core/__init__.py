"""skat_core: the Skat-en-deux game (cards, rules, engine, views, records) - portable, board-free."""
