"""The solver's transposition table keys a trick start by two words, ``h0 | h1`` and
``h1 | h2`` (skat_core/solver/table.py): the hands are disjoint, so the two words name the
position exactly - no two positions share an entry, whichever slot they hash to."""

import random

from skat_core.solver import table as T


def _one_slot():
    """A one-slot table: every position falls into the same slot, only the key tells them
    apart."""
    return T.Table(1)


def test_a_stored_trick_start_is_found_again_with_its_bounds_and_move():
    t = _one_slot()
    T.store(t, 0b0011, 0b0100, 0b1000, 1, 20, 1, True, 7)
    i = T.probe(t, 0b0011, 0b0100, 0b1000, 1)
    assert i >= 0 and t.lo[i] == 20 and t.hi[i] == 255 and t.move[i] == 7


def test_same_first_word_other_hands_is_another_position_h0_1_h1_2_vs_h0_3_h1_0():
    # h0 | h1 is 3 for both; h1 | h2 (6 against 4) tells them apart.
    t = _one_slot()
    T.store(t, 0b001, 0b010, 0b100, 0, 31, 1, True, 2)
    assert T.probe(t, 0b011, 0b000, 0b100, 0) == -1
    assert T.probe(t, 0b001, 0b010, 0b100, 0) >= 0


def test_same_second_word_other_hands_is_another_position_h1_2_h2_4_vs_h1_0_h2_6():
    t = _one_slot()
    T.store(t, 0b001, 0b010, 0b100, 0, 31, 1, True, 2)
    assert T.probe(t, 0b001, 0b000, 0b110, 0) == -1


def test_the_leader_is_part_of_the_key():
    t = _one_slot()
    T.store(t, 0b001, 0b010, 0b100, 0, 31, 1, True, 2)
    assert T.probe(t, 0b001, 0b010, 0b100, 2) == -1


def test_no_two_disjoint_deals_of_30_cards_share_a_key():
    # 2,000 random trick starts (each live card in one hand or played): distinct triples
    # give distinct (h0 | h1, h1 | h2) pairs, and the pair gives the triple back.
    rnd = random.Random(26)
    seen = {}
    for _ in range(2000):
        h = [0, 0, 0]
        for c in range(30):
            s = rnd.randrange(4)
            if s < 3:
                h[s] |= 1 << c
        key = (h[0] | h[1], h[1] | h[2])
        assert key[0] < 2 ** 30 and key[1] < 2 ** 30     # small ints on the device
        h1 = key[0] & key[1]
        assert (key[0] ^ h1, h1, key[1] ^ h1) == tuple(h)
        assert seen.setdefault(key, tuple(h)) == tuple(h)


def test_a_table_takes_two_key_lists_it_is_given():
    keys = ([0] * 8, [0] * 8)
    t = T.Table(8, keys)
    assert t.k0 is keys[0] and t.k1 is keys[1]
