"""The bot's world store keeps two bits a card (skat_core/bot/worlds.py): the holder of
every card in every world reads back as written, and the store is 528 bytes."""

from skat_core.bot import worlds as W
from skat_core.bot.know import OUT
from skat_core.layout import two_bits


def test_every_holder_of_every_card_reads_back_in_every_world():
    owner = bytearray(W.STORE_BYTES)
    for w in range(W.MAX_WORLDS):
        W._clear(owner, w)
        for c in range(32):
            W._put(owner, w, c, (c * 7 + w) % 4)
    for w in range(W.MAX_WORLDS):
        for c in range(32):
            assert two_bits(owner, w * 32 + c) == (c * 7 + w) % 4


def test_the_pile_over_a_seat_is_the_pile_a_skat_pair_in_a_world_of_pairs():
    owner = bytearray(W.STORE_BYTES)
    W._clear(owner, 5)
    for c in (3, 9, 17):
        W._put(owner, 5, c, 2)
    W._put(owner, 5, 9, OUT)
    assert [two_bits(owner, 5 * 32 + c) for c in (3, 9, 17)] == [2, OUT, 2]


def test_clearing_a_world_leaves_its_neighbours():
    owner = bytearray(b"\xff" * W.STORE_BYTES)
    W._clear(owner, 1)
    assert all(two_bits(owner, 32 + c) == 0 for c in range(32))
    assert all(two_bits(owner, w * 32 + c) == 3 for w in (0, 2) for c in range(32))


def test_the_store_is_two_bits_a_card_and_the_devices_kept_block_is_its_size():
    from skat_core.bot import bot as B
    assert W.STORE_BYTES == W.MAX_WORLDS * W.WORLD_BYTES == W.MAX_WORLDS * 32 // 4
    assert B._WORLD_STORE == W.STORE_BYTES
