"""The save format (lib/skat_ui/storage: save.py, persist.py, restore.py): two alternating checksummed
slots in microcontroller.nvm; a power cut at any byte of a write leaves the previous save;
corrupt, truncated or foreign data is detected and ignored, never a crash."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from skat_ui import settings as S  # noqa: E402
from skat_ui.storage import save, persist, restore  # noqa: E402
from skat_core.engine.series import Series  # noqa: E402
from skat_ui.storage.persist import Entries, MOST  # noqa: E402


class CutNVM:
    """An nvm (like microcontroller.nvm: fixed size, slice assignment keeps the length) whose
    next slice assignment writes only its first ``cut`` bytes, as a power cut would."""

    def __init__(self, data):
        self.data = bytearray(data)
        self.cut = None
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        assert isinstance(i, slice), "one slice assignment per save"
        assert len(value) == i.stop - i.start, "nvm slices keep their length"
        self.writes += 1
        if self.cut is not None:
            self.data[i.start:i.start + self.cut] = value[:self.cut]
            return
        self.data[i] = value


def old_payload(p, version):
    """Payload ``p`` (``persist.encode``; for versions 1-4 of settings laid out as before
    Skat zu dritt's rules: ``before_three``; en-deux's list) as versions 1-7 wrote it: under
    version number ``version``, without the cues' settings (version 7) and before it also
    without the light settings (the settings' last bytes), before version 6 without the next
    series' seed, and before version 4 without the table byte (persist.py)."""
    assert p[0] == persist.PAYLOAD == 8 and p[1] == 2
    k, light = p[2], S.N_SETTINGS - (S.I_SOUND if version == 7 else S.I_LIGHT)
    p = bytearray(p[:2]) + bytearray([k - light]) + p[3:3 + k - light] + p[3 + k:]
    i = 2 + 1 + p[2]
    i += 1 + p[i]                       # the series' field: length, seed, next seed, n
    if version < 6:
        p = bytearray(p[:i + 5]) + bytearray(p[i + 9:])
    return bytearray([version]) + p[1 if version >= 4 else 2:]


def before_three(st):
    """Settings bytes as versions 1-4 laid them out: without Skat zu dritt's own house rules
    (settings.I_THREE: after the series length)."""
    return bytearray(st[:S.I_THREE] + st[S.I_STRENGTH:])


def erased(size=4096):
    return CutNVM(b"\xff" * size)


def payload(n_actions=20, seed=12345):
    ser = Series(12, seed, Entries(MOST))
    ser.entries.append((1, 0, 2, 0, 20, 20, 0))
    ser.entries.append((3, 255, 255, 0, 0, 0, 0))
    acts = [(2, 0, 18 + i, 0) for i in range(n_actions)]
    deal = bytes(range(32))
    st = S.defaults()
    return persist.encode(st, st[:S.N_RULES], ser, (0, deal, acts))


def test_erased_flash_is_empty_not_corrupt():
    st = save.Store(erased())
    assert st.load() is None
    assert st.status == save.ST_EMPTY
    st = save.Store(CutNVM(b"\x00" * 4096))
    assert st.load() is None and st.status == save.ST_EMPTY


def test_save_then_load_round_trip():
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    p = payload()
    assert st.save(p)
    assert nvm.writes == 1
    st2 = save.Store(nvm)
    assert st2.load() == p
    assert st2.status == save.ST_OK


def test_saves_alternate_slots_and_the_newest_wins():
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    for i in range(5):
        st.save(payload(i))
        assert save.Store(nvm).load() == payload(i)
    # Both slots hold a valid save now: the two latest.
    half = len(nvm) // 2
    assert nvm.data[0:2] == b"SK" and nvm.data[half:half + 2] == b"SK"


def test_sequence_number_wraps_around():
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    st.seq = 0xFFFE
    st.save(payload(1))
    st.save(payload(2))      # seq 0x0000 after 0xFFFF
    assert st.seq == 0
    assert save.Store(nvm).load() == payload(2)


def test_payload_too_big_for_a_slot_is_refused_and_nothing_written():
    nvm = erased(256)
    st = save.Store(nvm)
    st.load()
    assert not st.save(b"x" * 200)
    assert nvm.writes == 0


@pytest.mark.parametrize("start_saves", [1, 2])
def test_power_cut_at_every_byte_of_a_write_keeps_the_previous_save(start_saves):
    """Cut the power after k bytes of the next save, for every k: the load gives the
    previous save until the very last byte is written, then the new one."""
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    old = new = None
    for i in range(start_saves):
        old = payload(10 + i)
        st.save(old)
    new = payload(30)
    total = save.HEADER + len(new) + 2
    base = nvm.data[:]
    for k in range(total + 1):
        nvm.data[:] = base
        nvm.cut = k
        s = save.Store(nvm)
        s.load()
        s.save(new)
        nvm.cut = None
        got = save.Store(nvm)
        data = got.load()
        assert got.status == save.ST_OK
        assert data == (new if k == total else old), k


def test_every_single_byte_corruption_is_detected():
    nvm = erased(1024)
    st = save.Store(nvm)
    st.load()
    p = payload(5)
    st.save(p)
    good = nvm.data[:]
    n = save.HEADER + len(p) + 2
    for i in range(n):
        for flip in (0x01, 0x80):
            nvm.data[:] = good
            nvm.data[i] ^= flip
            s = save.Store(nvm)
            assert s.load() is None, i
            assert s.status == save.ST_BAD, i


def test_corrupt_newest_slot_falls_back_to_the_older_valid_one():
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    st.save(payload(1))
    st.save(payload(2))
    nvm.data[len(nvm) // 2 + 20] ^= 0xFF       # the second save went to slot 1
    s = save.Store(nvm)
    assert s.load() == payload(1)
    assert s.status == save.ST_OK


def test_foreign_data_is_reported_bad_never_raises():
    import random
    rnd = random.Random(7)
    for _ in range(200):
        nvm = CutNVM(bytes(rnd.randrange(256) for _ in range(512)))
        s = save.Store(nvm)
        assert s.load() is None
        assert s.status == save.ST_BAD
    # Text of another program, e.g. a settings file someone stored in nvm.
    nvm = CutNVM((b"CIRCUITPY_WIFI_SSID = 'home'\n" * 40)[:1024])
    s = save.Store(nvm)
    assert s.load() is None and s.status == save.ST_BAD


def test_valid_slot_with_foreign_magic_length_is_rejected():
    nvm = erased(512)
    nvm.data[0:7] = b"SK\x01\x00\x00\xff\xff"   # claims 65535 payload bytes
    s = save.Store(nvm)
    assert s.load() is None and s.status == save.ST_BAD


def test_persist_round_trip():
    p = payload(7)
    sets, rules, ser, game = restore.decode(p)
    assert list(sets) == list(S.defaults())
    assert ser[0] == 12 and ser[1] == 12345 and len(ser[2]) == 2
    assert ser[2][0] == (1, 0, 2, 0, 20, 20, 0)
    seat, deal, acts = game
    assert seat == 0 and list(deal) == list(range(32))
    assert acts == [(2, 0, 18 + i, 0) for i in range(7)]


def test_persist_negative_scores_and_big_bids_survive():
    ser = Series(12, 2 ** 30 - 1, Entries(MOST))
    ser.entries.append((1, 1, 4, 0, 864, -1728, 0))
    st = S.defaults()
    p = persist.encode(st, st[:S.N_RULES], ser, (2, bytes(range(31, -1, -1)), [(2, 0, 288, 0)]))
    _, _, (length, seed, entries, table, _), (seat, deal, acts) = restore.decode(p)
    assert table == 2                                     # Skat-en-deux's list
    assert seed == 2 ** 30 - 1
    assert entries[0][5] == -1728
    assert acts[0] == (2, 0, 288, 0) and seat == 2


def test_a_save_of_the_old_default_rejection_plain_keeps_it_the_new_settings_say_next_level():
    """Issue 18 made rejection = next_level the standard table; the values keep their order
    (saves store indexes), so a save written under the old default (byte 0: plain), settings
    and running series alike, still plays plain; fresh settings are next_level."""
    from skat_core.rules import KEYS
    r = KEYS.index("rejection")                           # rejection's index
    assert S.defaults()[r] == 1 and S.rules_of(S.defaults()).next_level
    st = S.defaults()
    st[r] = 0                                             # what every save before issue 18 held
    p = persist.encode(st, st[:S.N_RULES], Series(12, 5, Entries(MOST)), None)
    sets, rules, _, _ = restore.decode(p)
    assert sets[r] == 0 and rules[r] == 0
    assert not S.rules_of(sets).next_level and not S.rules_of(rules).next_level


def test_persist_every_truncation_raises_value_error():
    p = payload(4)
    for n in range(len(p)):
        with pytest.raises(ValueError):
            restore.decode(p[:n])


def test_persist_rejects_a_deal_with_a_card_twice():
    st = S.defaults()
    deal = bytes([0] * 2 + list(range(2, 32)))
    p = persist.encode(st, st[:S.N_RULES], Series(12, 1, Entries(MOST)), (0, deal, []))
    with pytest.raises(ValueError):
        restore.decode(p)


# A power cut in the very first save (blank store): the slot holds the start of the save and
# erased flash after it. That is "nothing saved yet", not a corrupt or foreign save.
@pytest.mark.parametrize("blank", (0xFF, 0x00))
def test_power_cut_at_every_byte_of_the_first_save_is_no_save_not_corrupt(blank):
    new = payload(30)
    total = save.HEADER + len(new) + 2
    for k in range(1, total):
        nvm = CutNVM(bytes([blank]) * 4096)
        st = save.Store(nvm)
        st.load()
        nvm.cut = k
        st.save(new)
        nvm.cut = None
        got = save.Store(nvm)
        assert got.load() is None, k
        assert got.status == save.ST_BAD and got.lone == 0, k     # the slot layer cannot tell
        assert restore.status(got) == save.ST_EMPTY, k
    # The whole first save is a save.
    nvm = CutNVM(bytes([blank]) * 4096)
    st = save.Store(nvm)
    st.load()
    st.save(new)
    got = save.Store(nvm)
    assert got.load() == new and restore.status(got) == save.ST_OK


def test_a_torn_slot_is_corrupt_beside_a_corrupt_slot_or_when_it_is_not_a_first_save():
    new = payload(30)
    nvm = erased()
    st = save.Store(nvm)
    st.load()
    nvm.cut = 50
    st.save(new)
    nvm.cut = None
    half = len(nvm) // 2
    nvm.data[half:half + 8] = b"garbage!"                 # the other slot is not blank
    got = save.Store(nvm)
    assert got.load() is None and restore.status(got) == save.ST_BAD
    nvm.data[half:] = b"\xff" * half
    nvm.data[3] = 2                                         # sequence 2: not a first save
    got = save.Store(nvm)
    assert got.load() is None and restore.status(got) == save.ST_BAD


def test_a_whole_first_save_with_a_damaged_length_is_corrupt_not_torn():
    """A longer length field makes the whole save look cut short; its checksum, taken with
    the length its bytes show, still matches: corrupt (tests/app/test_app_save's every-byte
    corruption covers the other fields). Seven actions: a length byte with five bits clear."""
    p = payload(7)
    longer = 0
    for flip in (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80):
        nvm = erased(1024)
        st = save.Store(nvm)
        st.load()
        st.save(p)
        if nvm.data[5] ^ flip < nvm.data[5]:
            continue                                        # a shorter length: plainly corrupt
        longer += 1
        nvm.data[5] ^= flip
        got = save.Store(nvm)
        assert got.load() is None and restore.status(got) == save.ST_BAD, flip
    assert longer >= 3


def encode_entries(entries, length=12, game=None, rules=None, version=None):
    ser = Series(length, 77, Entries(MOST))
    ser.entries.extend(entries)
    st = S.defaults()
    p = bytearray(persist.encode(st, rules if rules is not None else st[:S.N_RULES], ser, game))
    if version is not None:
        p[0] = version
    return bytes(p)


GOOD_ENTRY = (1, 0, 2, 0, 20, 20, 0)


@pytest.mark.parametrize("entry, field", [
    ((1, 0, 9, 0, 20, 20, 0), "type of game"),        # no such game type (the score sheet's crash)
    ((1, 0, 6, 0, 20, 20, 0), "type of game"),        # a declared game is not Ramsch
    ((2, 255, 2, 0, 20, -20, 0), "type of game"),     # Ramsch is game type 6
    ((3, 255, 0, 0, 0, 0, 0), "type of game"),        # thrown in: no game type
    ((4, 0, 5, 0, 30, -60, 0), "type of game"),       # the overbid concession names suit or Grand
    ((5, 1, 4, 0, 30, 0, -60), "type of game"),       # Spielaufgabe names no game
    ((0, 0, 2, 0, 20, 20, 0), "kind of game"),
    ((6, 0, 2, 0, 20, 20, 0), "kind of game"),
    ((1, 2, 2, 0, 20, 20, 0), "declarer"),
    ((1, 255, 2, 0, 20, 20, 0), "declarer"),
    ((2, 0, 6, 0, 20, -20, 0), "declarer"),        # nobody declares a Ramsch
    ((1, 0, 2, 64, 20, 20, 0), "flags"),
])
def test_checksum_valid_save_with_a_bad_series_entry_is_refused(entry, field):
    p = encode_entries([GOOD_ENTRY, entry])
    restore.decode(encode_entries([GOOD_ENTRY, GOOD_ENTRY]))           # the good one loads
    with pytest.raises(ValueError) as e:
        restore.decode(p)
    assert str(e.value) == field


def test_every_entry_the_series_writes_loads_back():
    """The checks accept what Series.add writes for every kind (engine results)."""
    entries = [(1, 0, 5, 33, 59, -118, 0), (2, 255, 6, 0, 55, -55, 0), (3, 255, 255, 0, 0, 0, 0),
               (4, 1, 4, 0, 72, 0, -144), (5, 0, 255, 0, 30, -60, 0), (1, 1, 0, 63, 1152, 0, 1152)]
    _, _, (_, _, got, _, _), _ = restore.decode(encode_entries(entries))
    assert got == entries


@pytest.mark.parametrize("case, field", [
    ("length 5", "series length"),                   # not a series length of the settings
    ("length 2, settings 12", "series length"),
    ("13 games of 12", "series games"),
    ("game in the wrong seat", "seat"),
    ("game after the last game", "seat"),
    ("game without a series", "seat"),
    ("settings value", "settings"),
    ("rule value", "rules"),
    ("a later version", "payload version"),
    ("three's rule value", "rules"),
    ("table 5", "players at the table"),
])
def test_checksum_valid_save_with_a_bad_field_is_refused(case, field):
    deal = bytes(range(32))
    st = S.defaults()
    if case == "length 5":
        p = encode_entries([], length=5)
    elif case == "length 2, settings 12":
        p = encode_entries([], length=2)
    elif case == "13 games of 12":
        p = encode_entries([GOOD_ENTRY] * 13)
    elif case == "game in the wrong seat":
        p = encode_entries([GOOD_ENTRY], game=(0, deal, []))      # game 2: you deal (seat 2)
    elif case == "game after the last game":
        p = encode_entries([GOOD_ENTRY] * 12, game=(0, deal, []))
    elif case == "game without a series":
        p = encode_entries([], length=0, game=(0, deal, []))
    elif case == "settings value":
        bad = bytearray(st)
        bad[S.I_LANG] = 2
        p = persist.encode(bad, st[:S.N_RULES], Series(12, 1, Entries(MOST)), None)
    elif case == "rule value":
        bad = bytearray(st[:S.N_RULES])
        bad[S.I_SERIES - 1] = 2                          # bock_tie has two values
        p = persist.encode(st, bad, Series(12, 1, Entries(MOST)), None)
    elif case == "table 5":
        p = bytearray(encode_entries([]))
        p[1] = 5                                         # 2, 3 or 4 players at the table
    elif case == "three's rule value":
        bad = bytearray(st[:S.N_RULES])
        bad[S.I_THREE + 1] = 3                           # Kontra: off, on, after_18
        p = persist.encode(st, bad, Series(12, 1, Entries(MOST)), None)
    else:
        p = encode_entries([], version=persist.PAYLOAD + 1)
    with pytest.raises(ValueError) as e:
        restore.decode(p)
    assert str(e.value) == field


BOCK = S.I_SERIES - 5          # the five Bockrunden keys, the last rule keys (since version 3)


def test_payload_version_1_without_the_rejection_rule_loads():
    """Saves written before the house rule `rejection` (payload version 1: 7 rule bytes):
    the settings get its default (next_level since issue 18; plain before), the running series
    keeps next_level (the behaviour it started with); Bockrunden are off (version 3's keys);
    the other bytes keep their meaning."""
    st = S.defaults()
    st[S.I_LANG] = 1
    st[S.I_SERIES] = 0
    r = BOCK - 1                                          # rejection's index
    old = before_three(st)
    old_sets = bytes(old[:r] + old[S.I_SERIES:])
    old_rules = bytes(old[:r] + old[S.I_SERIES:S.I_THREE])
    p = old_payload(persist.encode(old_sets, old_rules, Series(2, 9, Entries(MOST)),
                                   (0, bytes(range(32)), [])), 1)
    sets, rules, ser, game = restore.decode(bytes(p))
    assert list(sets) == list(st) and sets[r] == 1 and sets[S.I_LANG] == 1
    assert list(rules) == list(st[:r]) + [1, 0, 0, 0, 0, 0, 0] + [0, 0, 0]   # three's: defaults
    assert S.rules_of(rules).next_level
    assert S.rules_of(rules).bock == "off"
    assert ser[0] == 2 and game[0] == 0
    for v in (2, 3, 4, 5):                                # later versions, the old byte count
        with pytest.raises(ValueError):
            restore.decode(bytes([v]) + bytes(p[1:]))


def test_the_next_series_seed_is_saved_and_before_version_6_drawn_from_the_series_seed():
    """Version 6 keeps the next series' seed (a list taken up from the shelf may be older
    than the newest: storage/shelf.py); versions 1-5 draw it from the series' seed, or,
    without a series, it is the seed saved."""
    from skat_core.engine.series import next_seed
    from skat_core.rng import Rng
    st = S.defaults()
    p = persist.encode(st, st[:S.N_RULES], Series(12, 4242, Entries(MOST)), None, nxt=777)
    assert restore.decode(p)[2][1] == 4242 and restore.decode(p)[2][4] == 777
    assert restore.decode(bytes(old_payload(p, 5)))[2][4] == next_seed(4242, Rng(1))
    p = persist.encode(st, st[:S.N_RULES], Series(0, 4242, Entries(MOST)), None, nxt=777)
    assert restore.decode(p)[2][4] == 777
    assert restore.decode(bytes(old_payload(p, 5)))[2][4] == 4242


def test_payload_version_6_without_the_light_settings_loads_with_their_defaults():
    """Version 7 added the screen's brightness and idle times (the settings' last bytes): a
    version 6 save loads with their defaults and every other byte as saved; with the old byte
    count under version 7 it is refused."""
    st = S.defaults()
    st[S.I_LANG] = 1
    st[S.I_LIGHT], st[S.I_DIM], st[S.I_DARK] = 0, 0, 3
    p = persist.encode(st, st[:S.N_RULES], Series(12, 4242, Entries(MOST)), None, nxt=777)
    sets = restore.decode(p)[0]
    assert list(sets) == list(st)
    old = old_payload(p, 6)
    sets, rules, ser, game = restore.decode(bytes(old))
    assert list(sets[:S.I_LIGHT]) == list(st[:S.I_LIGHT]) and sets[S.I_LANG] == 1
    assert list(sets[S.I_LIGHT:S.I_SOUND]) == list(S.defaults()[S.I_LIGHT:S.I_SOUND]) == [3, 2, 2]
    assert list(sets[S.I_SOUND:]) == list(S.defaults()[S.I_SOUND:])
    assert list(rules) == list(st[:S.N_RULES]) and ser[1] == 4242 and ser[4] == 777
    with pytest.raises(ValueError):
        restore.decode(bytes([7]) + bytes(old[1:]))


def test_payload_version_7_without_the_cues_settings_loads_with_their_defaults():
    """Version 8 added the sound and the LEDs' cue (the settings' last bytes): a version 7
    save loads with their defaults (both off) and every other byte as saved -
    the light settings too; with the old byte count under version 8 it is refused."""
    st = S.defaults()
    st[S.I_LANG] = 1
    st[S.I_LIGHT], st[S.I_DIM], st[S.I_DARK] = 0, 0, 3
    st[S.I_SOUND], st[S.I_LEDS] = 2, 1
    p = persist.encode(st, st[:S.N_RULES], Series(12, 4242, Entries(MOST)), None, nxt=777)
    assert list(restore.decode(p)[0]) == list(st)
    old = old_payload(p, 7)
    sets, rules, ser, game = restore.decode(bytes(old))
    assert list(sets[:S.I_SOUND]) == list(st[:S.I_SOUND]) and sets[S.I_LIGHT] == 0
    assert list(sets[S.I_SOUND:]) == list(S.defaults()[S.I_SOUND:]) == [0, 0]
    assert list(rules) == list(st[:S.N_RULES]) and ser[1] == 4242 and ser[4] == 777
    with pytest.raises(ValueError):
        restore.decode(bytes([8]) + bytes(old[1:]))


def test_payload_version_2_without_bockrunden_loads_with_bock_off():
    """Saves written before Bockrunden (payload version 2: the 8 rule keys up to
    `rejection`): the settings and the running series read Bockrunden off, every other
    byte as it was, the series' games and the game in progress as saved."""
    st = S.defaults()
    st[S.I_LANG] = 1
    st[S.I_SERIES] = 0
    st[BOCK - 1] = 1                                      # rejection next_level stays
    old = before_three(st)
    old_sets = bytes(old[:BOCK] + old[S.I_SERIES:])
    old_rules = bytes(old[:BOCK] + old[S.I_SERIES:S.I_THREE])
    ser = Series(2, 9, Entries(MOST))
    ser.entries.append(GOOD_ENTRY)
    p = old_payload(persist.encode(old_sets, old_rules, ser, (2, bytes(range(32)), [])), 2)
    sets, rules, (length, seed, entries, table, _), game = restore.decode(bytes(p))
    assert table == 2
    assert list(sets) == list(st) and list(rules) == list(st[:S.N_RULES])
    r = S.rules_of(rules)
    assert r.bock == "off" and r.next_level and sets[S.I_LANG] == 1
    assert (length, seed, entries) == (2, 9, [GOOD_ENTRY]) and game[0] == 2
    for v in (3, 4, 5):                                   # later versions, the old byte count
        with pytest.raises(ValueError):
            restore.decode(bytes([v]) + bytes(p[1:]))


def test_bock_marks_in_a_series_entry_load_only_when_the_series_has_bockrunden():
    """An entry's flags 64 (a Bock game) and 128 (it started Bock games): skat_core/engine/series.py."""
    st = S.defaults()
    rules = bytearray(st[:S.N_RULES])
    rules[BOCK] = 1                                       # bock: 2 games per trigger
    entries = [(1, 0, 2, 128, 20, -40, 0), (1, 1, 0, 64 | 2, 48, 0, 96)]
    _, _, (_, _, got, _, _), _ = restore.decode(encode_entries(entries, rules=rules))
    assert got == entries
    with pytest.raises(ValueError) as e:
        restore.decode(encode_entries(entries))           # the standard table: no Bock
    assert str(e.value) == "flags"


# ---- a checksum-valid newest save with bad contents: the one before it is resumed ---------
# (issue 19 item 4). Crafted nvm images booted in the simulator: the older slot holds a good
# save, the newest one a save whose checksum matches but whose contents no app writes.

def _game_payload(seed, deal=bytes(range(32)), acts=(), strength=None, lang=0):
    st = S.defaults()
    st[S.I_LANG] = lang
    if strength is not None:
        st[S.I_STRENGTH] = strength
    ser = Series(12, seed, Entries(MOST))
    ser.entries.append(GOOD_ENTRY)
    ser.entries.append((3, 255, 255, 0, 0, 0, 0))      # game 3 is dealt by the bot: you VH
    return persist.encode(st, st[:S.N_RULES], ser, (0, deal, list(acts)))


CARD_TWICE = bytes([0, 0] + list(range(2, 32)))         # card 0 dealt twice, card 1 never
REFUSED = [(0, 8, 5, 0)]                                 # VH plays a card while HH must bid


def _image(path, *payloads, size=8192):
    """An nvm file holding ``payloads`` saved in turn (the last is the newest)."""
    data = bytearray(b"\xff" * size)
    st = save.Store(data)
    st.load()
    for p in payloads:
        assert st.save(p)
    with open(path, "wb") as f:
        f.write(data)
    return bytes(data)


def _boot(path, keys=""):
    from sim.board.play import run_headless
    return run_headless("pybadge", keys, nvm_path=str(path), seed=5, frames="last")


@pytest.mark.parametrize("damage", ["card twice", "record refused"])
def test_a_damaged_newest_save_resumes_the_one_before_it_and_says_so_once(tmp_path, damage):
    older = _game_payload(1111, lang=1)
    newest = (_game_payload(2222, deal=CARD_TWICE) if damage == "card twice"
              else _game_payload(2222, acts=REFUSED, strength=0))
    if damage == "card twice":
        with pytest.raises(ValueError, match="deal"):
            restore.decode(newest)
    else:
        restore.decode(newest)           # decodes; the engine refuses its record at boot
    path = tmp_path / "nvm.bin"
    image = _image(path, older, newest)
    half = len(image) // 2
    r = _boot(path)
    app = r.app
    assert app.screen.name == "notice"
    assert app.boot_message == ["Newest save damaged:", "the one before resumed"]
    assert app.in_game and app.series.seed == 1111 and app.settings[S.I_LANG] == 1
    assert app.bot.strength == "device", "nothing of the damaged save stays (its bot level)"
    assert r.nvm[:half] == image[:half], "the older save is not overwritten"
    store = save.Store(bytearray(r.nvm))
    assert store.load() is not None and store.slot == 1 and store.seq == 3, \
        "a clean save replaced the damaged newest one"
    again = _boot(path)
    assert again.app.boot_message is None, "said once"
    assert again.app.in_game and again.app.series.seed == 1111
    assert again.app.screen.name != "notice"


def test_a_damaged_newest_save_beside_a_damaged_older_one_is_a_corrupt_save(tmp_path):
    path = tmp_path / "nvm.bin"
    _image(path, _game_payload(1111, deal=CARD_TWICE), _game_payload(2222, deal=CARD_TWICE))
    r = _boot(path)
    assert r.app.screen.name == "notice" and not r.app.in_game and r.app.series is None
    assert r.app.boot_message == ["Speicher defekt/fremd:", "ignoriert, neu begonnen"]
    assert _boot(path).app.boot_message is None


def test_a_damaged_newest_save_beside_an_erased_slot_is_a_corrupt_save(tmp_path):
    path = tmp_path / "nvm.bin"
    data = bytearray(b"\xff" * 8192)
    st = save.Store(data)
    st.load()
    st.slot = 0                          # the only save goes to slot 1: slot 0 stays erased
    assert st.save(_game_payload(2222, deal=CARD_TWICE))
    path.write_bytes(bytes(data))
    r = _boot(path)
    assert r.app.boot_message == ["Speicher defekt/fremd:", "ignoriert, neu begonnen"]
    assert not r.app.in_game
