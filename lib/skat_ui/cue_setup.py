"""The cues' hardware as the settings say (skat_ui.cue): the speaker or buzzer and the LEDs'
pins taken while they are on and given back when they go off, and the cues' module loaded
for the app (``App.cue``) or dropped. The app loads this module only to apply the settings -
at the boot and on the settings screen (``App.apply_look``) - and drops it at once:
skat_ui.cue keeps only what runs during play.

Here things are allocated (the wave, the LEDs' bytes, the firmware's objects): never during a
hand.
"""

from skat_core import CUE
from skat_ui import settings as S
from skat_ui.app import drop
from skat_ui.cue import (P_APP, P_OUT, P_SAMPLE, P_POWER, P_DATA, P_BYTES, P_SWITCH,
                         P_LED_PWM, WAVE, DARK, S_SOUND, S_DEAL, S_TRICKS, S_MY_TURN, S_ASKED,
                         S_ENDED, S_COLOUR)

# The tone's half amplitude on a DAC, 8-bit samples around 128: quiet and on (the setting's
# values 1 and 2; a buzzer's loudness is its duty cycle: cue.BUZZ_DUTY).
DAC_LEVEL = (0, 4, 24)


def apply(app):
    """The sound (0 off, 1 quiet, 2 on) and the LEDs (0 off, 1 on) as the app's settings say,
    where the board has them: its ``cue`` = (sound, leds) (lib/skat_boards: a speaker on a
    DAC behind its amplifier ``(pin, enable pin)`` or a buzzer ``(pin,)``; NeoPixels ``(pin,
    count[, power pin])`` or an RGB LED ``(red, green, blue)``; a board module without it
    has neither) - in ``app.cue``, the cues' module, loaded; with both off it goes."""
    has = getattr(app.hw, "cue", None) or (None, None)
    volume = app.settings[S.I_SOUND] if has[0] else 0
    lights = app.settings[S.I_LEDS] if has[1] else 0
    cue = app.cue
    p = cue.parts
    s = cue.seen
    if p[P_APP] is not app:                          # a new app: what the last one took
        free(cue, True, True)                             # goes, nothing seen yet (no cue at
        p[P_APP] = app                               # once when the setting is set)
        g = app.game
        s[S_DEAL] = g.serial & 255
        s[S_TRICKS] = g.n_tricks
        s[S_MY_TURN] = 1
        s[S_ASKED] = 1 | (2 if g.contra and g.declarer == app.human else 0)
        s[S_ENDED] = 0 if app.in_game else 1
    cue.stop()
    s[S_COLOUR] = 255                                # the LEDs dark before they change
    cue.light(DARK)
    spk = app.hw.cue[0] if volume else None
    led = app.hw.cue[1] if lights else None
    free(cue, spk is None, led is None)
    if spk is not None and len(spk) == 2:          # a DAC speaker behind its amplifier
        import audiocore
        first = p[P_OUT] is None
        if first:
            import audioio
            import digitalio
            p[P_POWER] = digitalio.DigitalInOut(spk[1])
            p[P_POWER].switch_to_output(False)
            p[P_OUT] = audioio.AudioOut(spk[0])
        half = WAVE // 2
        lvl = DAC_LEVEL[volume]
        p[P_SAMPLE] = None
        p[P_SAMPLE] = audiocore.RawSample(bytearray([128 + lvl] * half + [128 - lvl] * half),
                                          sample_rate=8000)
        if first:
            # Played once now, the amplifier off: the first play takes the DMA's buffer on
            # the heap (the SAMD51's audio_dma.c), later ones reuse it in place.
            p[P_OUT].play(p[P_SAMPLE], loop=True)
            p[P_OUT].stop()
            p[P_POWER].value = True
    elif spk is not None and p[P_OUT] is None:      # a buzzer
        import pwmio
        p[P_OUT] = pwmio.PWMOut(spk[0], duty_cycle=0, frequency=440, variable_frequency=True)
    if led is not None and type(led[1]) is int and p[P_DATA] is None:      # NeoPixels
        import digitalio
        if len(led) > 2:                             # their power switch
            p[P_SWITCH] = digitalio.DigitalInOut(led[2])
            p[P_SWITCH].switch_to_output(True)
        p[P_DATA] = digitalio.DigitalInOut(led[0])
        p[P_DATA].switch_to_output(False)
        p[P_BYTES] = bytearray(3 * led[1])
    elif led is not None and type(led[1]) is not int and p[P_LED_PWM] is None:   # RGB LED
        import pwmio
        p[P_LED_PWM] = (pwmio.PWMOut(led[0]), pwmio.PWMOut(led[1]), pwmio.PWMOut(led[2]))
    s[S_SOUND] = volume if spk is not None else 0
    s[S_COLOUR] = 255
    cue.light(DARK)
    if not (volume or lights):
        app.cue = None
        drop(CUE)


def free(cue, speaker, pixels):
    """Give the pins back: the speaker's or buzzer's (``speaker``), the LEDs' (``pixels``)."""
    p = cue.parts
    gone = []
    if speaker:
        gone += (p[P_OUT], p[P_POWER])
        p[P_OUT] = p[P_SAMPLE] = p[P_POWER] = None
    if pixels:
        gone += (p[P_DATA], p[P_SWITCH]) + (p[P_LED_PWM] or ())
        p[P_DATA] = p[P_BYTES] = p[P_SWITCH] = p[P_LED_PWM] = None
    for part in gone:
        if part is not None:
            part.deinit()
