"""The bot before the first card: the bidding table (``bidtable``), hand evaluation
(``hand``, ``hand_eval``), the choices (``choice``, ``decl``, ``declare``, ``discard``)."""
