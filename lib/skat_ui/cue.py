"""The cues: a short tone from the board's speaker or buzzer and a colour on its NeoPixels or
RGB LED at the moments a player at a real table notices without looking (issue 30, items 3
and 4). Loaded only while the sound or the LEDs are on and the board has them
(``skat_ui.app.App.apply_look``, which holds this module as ``App.cue``); off, its code
takes no heap. The pins are taken and given back by skat_ui.cue_setup, which comes only for
that (at the boot and on the settings screen) and goes again: this module keeps only what
runs during play.

The tones: your turn; a trick taken by your side or by theirs; an offer or a Kontra to answer;
the deal won or lost (the result screen calls ``ended``); a refused key (an action the engine
refused: ``App.act`` calls ``error``). The LEDs: dark, and at your turn green - amber in a
Bock game, red when Kontra was said.

Nothing here is allocated while a hand is played: a tone is one cycle of a square wave, made
when the setting is set (skat_ui.cue_setup) and played in a loop at the note's pitch (a DAC's
sample rate or a buzzer's PWM frequency) until the note's steps are over; the LEDs' bytes are
written in place. ``step`` runs once per main-loop step (``App.step``): it counts the notes'
steps (an idle step sleeps 1/50 s: a note of 2 steps sounds about 40 ms) and watches the game
for the moments above.

A board has one speaker and one set of LEDs: the module is their one owner, its state two
module-level tables - ``parts``, the hardware, and ``seen``, the setting, the tune and what
the game showed - read through the indices below (every name the app's modules spell is an
interned string on the board for good: docs/memory.md, "names"; the bundle writes each
public index's number where it is used, and a name used only inside one module costs none).
"""

from skat_core.cards import const

# The tunes, one after the other: (pitch index, steps) pairs, each tune ended by a pair of
# no steps. A cue is its tune's place.
PITCH = (0, 196, 523, 659, 784, 1047, 1319, 1568)      # in Hz; 0: a rest
TUNES = (b"\x07\x02\x00\x00"                # 0 your turn: G6
         b"\x05\x02\x07\x03\x00\x00"        # 4 a trick yours: C6 G6, up
         b"\x04\x02\x02\x03\x00\x00"        # 10 theirs: G5 C5, down
         b"\x06\x02\x00\x02\x06\x02\x00\x00"   # 16 to answer: E6, E6
         b"\x05\x04\x06\x04\x07\x08\x00\x00"   # 24 won: C6 E6 G6
         b"\x04\x05\x03\x05\x02\x0a\x00\x00"   # 32 lost: G5 E5 C5
         b"\x01\x04\x00\x00")               # 40 refused: G3
_TURN = const(0)
_MINE = const(4)         # a trick taken by your side
_THEIRS = const(10)      # ... by theirs
_ASK = const(16)         # an offer or a Kontra to answer
_WON = const(24)         # (the result screen says which: ``ended``)
_LOST = const(32)
_REFUSED = const(40)
WAVE = const(16)         # samples in one cycle of the DAC's square wave (its rate: WAVE x Hz)
# The buzzer's duty cycle (of 65535), quiet and on (the setting's values 1 and 2; a DAC's
# loudness is its wave's: skat_ui.cue_setup).
BUZZ_DUTY = (0, 1500, 32768)
# The LEDs' colours, red, green and blue of 255 each: dim, a cue beside the screen, not a
# lamp. A colour is its place.
COLOURS = b"\x00\x00\x00\x00\x18\x00\x18\x0a\x00\x1c\x00\x00"
DARK = const(0)
_GREEN = const(3)
_AMBER = const(6)
_RED = const(9)
# ``parts``: the app and the hardware taken for the settings (skat_ui.cue_setup).
P_APP = const(0)
P_OUT = const(1)         # the DAC's AudioOut or the buzzer's PWMOut
P_SAMPLE = const(2)      # the DAC's RawSample (None: a buzzer, or no sound)
P_POWER = const(3)       # the speaker's amplifier (its enable pin)
P_DATA = const(4)        # the NeoPixels' data pin, their bytes and their power switch
P_BYTES = const(5)
P_SWITCH = const(6)
P_LED_PWM = const(7)     # the RGB LED's three PWMOuts
# ``seen``: the setting, the tune and what the game showed at the last step.
S_SOUND = const(0)       # the sound: 0 off, 1 quiet, 2 on
_NOTE = const(1)         # the place of the tune's next note
_STEPS = const(2)        # the steps its note still sounds (0: no tune)
S_DEAL = const(3)        # the deal (Game.serial, its low byte)
S_TRICKS = const(4)      # the tricks completed
S_MY_TURN = const(5)     # 1: it was your turn
S_ASKED = const(6)       # 1: an offer to answer, 2: a Kontra said against you
S_ENDED = const(7)       # 1: its end was cued (``ended``)
S_COLOUR = const(8)      # the LEDs' colour (a place in COLOURS), 255 not written yet

parts = [None] * 8
seen = bytearray(9)


def light(colour):
    """The LEDs in ``colour`` (a place in COLOURS), written only when it changes."""
    if colour == seen[S_COLOUR]:
        return
    seen[S_COLOUR] = colour
    c = COLOURS
    b = parts[P_BYTES]
    if b is not None:
        for i in range(0, len(b), 3):                 # NeoPixels take green, red, blue
            b[i] = c[colour + 1]
            b[i + 1] = c[colour]
            b[i + 2] = c[colour + 2]
        import neopixel_write
        neopixel_write.neopixel_write(parts[P_DATA], b)
    elif parts[P_LED_PWM] is not None:
        for i in range(3):
            parts[P_LED_PWM][i].duty_cycle = c[colour + i] * 257


def error():
    """The engine refused the player's action (``App.act``)."""
    _play(_REFUSED)


def ended(won):
    """The deal's end as the result screen shows it to the player (skat_ui.screens.result):
    ``won`` or lost, once a deal."""
    if not seen[S_ENDED]:
        seen[S_ENDED] = 1
        _play(_WON if won else _LOST)


def _play(cue):
    """Start the tune of ``cue`` (a tune playing gives way)."""
    if seen[S_SOUND]:
        seen[_NOTE] = cue
        _next()


def stop():
    """Silence, and no tune playing."""
    seen[_STEPS] = 0
    out = parts[P_OUT]
    if parts[P_SAMPLE] is not None:
        out.stop()
    elif out is not None:
        out.duty_cycle = 0


def _next():
    """The tune's next note, or silence after its last."""
    s = seen
    i = s[_NOTE]
    steps = TUNES[i + 1]
    if not steps:
        stop()
        return
    hz = PITCH[TUNES[i]]
    s[_STEPS] = steps
    s[_NOTE] = i + 2
    out = parts[P_OUT]
    wave = parts[P_SAMPLE]
    if wave is not None:
        if hz:                                        # (a play stops the note before)
            wave.sample_rate = WAVE * hz
            out.play(wave, loop=True)
        else:
            out.stop()
    else:
        if hz:
            out.frequency = hz
        out.duty_cycle = BUZZ_DUTY[s[S_SOUND]] if hz else 0


def step():
    """One main-loop step: the tune's next note when its steps are over; then, while no
    screen module is being loaded, the moments the game reached since the last step."""
    s = seen
    if s[_STEPS]:
        s[_STEPS] -= 1
        if not s[_STEPS]:
            _next()
    app = parts[P_APP]
    if app.pending:
        return
    g = app.game
    h = app.human
    if g.serial & 255 != s[S_DEAL]:                   # a new deal
        s[S_DEAL] = g.serial & 255
        s[S_TRICKS] = s[S_MY_TURN] = s[S_ASKED] = s[S_ENDED] = 0
    cue = -1
    mine = 0
    if app.in_game and h >= 0:                       # (at four: not while you deal)
        n = g.n_tricks
        if n > s[S_TRICKS]:
            s[S_TRICKS] = n
            w = g.actor(g.trick_winners[n - 1])
            d = g.declarer
            cue = _MINE if w == h or (not g.ramsch and d >= 0
                                      and (w == d) == (h == d)) else _THEIRS
        mine = 1 if g.player_to_act() == h else 0
        asked = (1 if mine and g.offer_pending else 0) | (2 if g.contra
                                                          and g.declarer == h else 0)
        if cue < 0 and asked & ~s[S_ASKED]:
            cue = _ASK
        s[S_ASKED] = asked | (s[S_ASKED] & 2)
        if cue < 0 and mine and not s[S_MY_TURN]:
            cue = _TURN
    s[S_MY_TURN] = mine
    if cue >= 0:
        _play(cue)
    light(DARK if not mine else _RED if g.contra else _AMBER if g.bock else _GREEN)
