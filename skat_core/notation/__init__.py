"""Cards, codes and games as text: card notation (``cardtext``), the names of codes
(``names``) and the game record (``record``: docs/records.md). Host tools and
fallbacks; a whole game on the device loads none of it."""
