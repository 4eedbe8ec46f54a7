"""Display names and messages of the engine's codes (English), kept apart from the code tables.

Strings cost heap on the device, so nothing on the play path imports this module; the UI, the
records and ``codes.error_text`` do. Indexes are the ints of ``codes``, ``errors`` and ``values``.
"""

PHASE_NAMES = ("deal", "bid", "answer", "take", "skat", "discard", "declare", "play", "done",
               "grand_hand", "push", "push_discard")

VERB_NAMES = ("bid", "yes", "pass", "hand", "pickup", "discard", "declare", "concede", "play",
              "offer", "accept", "reject", "contra", "re", "tourne")

OFFER_NAMES = ("", "raus", "stich")

RESULT_KIND_NAMES = ("none", "normal", "ramsch", "passed", "conceded", "given_up")

FARBEN_TOKENS = ("frage-D", "frage-H", "frage-S", "frage-C", "tourne", "solo-D", "solo-H",
                 "solo-S", "null", "solo-C", "grand", "null-ouvert", "grand-ouvert")

FARBEN_NAMES = ("Frage Schellen", "Frage Rot", "Frage Gruen", "Frage Eichel", "Tourne",
                "Solo Schellen", "Solo Rot", "Solo Gruen", "Null", "Solo Eichel", "Grand Solo",
                "Null ouvert", "Grand ouvert")


def parse_farben_class(token):
    """The class index of a Farben bid token (``frage-D`` ... ``grand-ouvert``, any case), or -1."""
    t = token.lower()
    for i in range(len(FARBEN_TOKENS)):
        if FARBEN_TOKENS[i].lower() == t:
            return i
    return -1


ERROR_TEXTS = (
    "ok",
    "no cards have been dealt",
    "no such seat",
    "it is not this seat's turn",
    "that action is not possible in this phase of the game",
    "unknown action",
    "not a valid bid value",
    "a bid must be higher than the current bid",
    "after the dealer passes, Vorhand can only take the game at 18",
    "that card is not in this hand",
    "the two discarded cards must be different",
    "unknown game type",
    "unknown declaration flags",
    "a Null game worth less than the bid cannot be declared",
    "Schneider and Schwarz can only be announced in a Hand game",
    "offen is only possible in suit and Grand games",
    "choose einmal offen or zweimal offen, not both",
    "ouvert is only possible in Null games (suit and Grand games play offen)",
    "Null games have no Schneider or Schwarz announcements",
    "Hand is not possible after picking up the skat",
    "you must follow suit",
    "only the declarer's opponent can make an offer",
    "offers are made only between tricks (zweimal offen: also before the opening lead)",
    "each offer can be made only once",
    "after \"Stich\" a \"raus\" offer is no longer possible",
    "offers are only possible in suit and Grand games",
    "an offer is waiting for the declarer's answer",
    "there is no offer to answer",
    "only the declarer can do that",
    "Contra and Re are switched off (house rule contra_re)",
    "Contra is possible only after the declarer rejected an offer",
    "Contra has already been said",
    "Re is possible only after Contra",
    "Re has already been said",
    "giving up without naming a game (Spielaufgabe) is only possible at a bid of 18",
    "the overbid concession is not available with Contra and Re (house rule contra_re = on)",
    "the overbid concession is only possible after picking up the skat",
    "the overbid concession names a suit game or Grand",
    "giving up is not part of Farbenreizen",
    "the game must be at least as high as the bid",
    "this game cannot be declared after this skat choice",
    "Tourne exists only in Farbenreizen",
    "offer must be raus or stich",
    "Contra and Re are said between tricks",
    "the game is over",
    "at a bid of 18 give up with a plain concede (Spielaufgabe)",
    "only the declarer's opponent can say Contra",
    "the overbid concession is only possible when the named game can no longer reach the bid",
    "in Farbenreizen only Grand and Null are played open",
    "not part of Skat zu dritt (offers, offen levels, giving up and Tourne are Skat-en-deux's)",
    "a suit or Grand ouvert is a Hand game",
    "Kontra only before the defender's first card, Re only before the declarer's second",
    "with kontra = after_18 only a defender who bid or held at least 18 may say Kontra",
    "Kontra and Re are switched off (house rule kontra)",
    "jacks may not be pushed on in Schieberamsch",
    "before the pushing only a Grand Hand may be declared",
)


