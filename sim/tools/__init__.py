"""Host tools around the bot and the solver: ``solve``, ``match``, ``bench``, ``oracle``,
``train_bidding``, ``calibrate`` and ``previous`` (the bot of an earlier commit)."""
