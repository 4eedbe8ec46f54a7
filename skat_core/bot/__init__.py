"""The bot (docs/bot.md): ``bot.Bot`` answers a View with an action. Its card play and
offers (``base``, ``know``, ``worlds``, ``load``, ``pick``, ``play``, ``offer``, ``rules``) and
its bidding, skat and declaration in ``prelude``."""
