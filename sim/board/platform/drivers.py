"""Where keys and time come from during a run (see sim.board.platform.session).

- ``HeadlessDriver``: a key script (sim.board.keys) and a virtual clock. ``time.sleep`` is the
  app's "I am waiting for the player" signal: the next scripted key is delivered only when
  the app sleeps with its key queues empty; when the script is used up and the app sleeps
  again, ``ScriptDone`` ends the run. The virtual clock advances by the slept time, by
  ``KEY_MS`` per key and by 1 ms per clock reading (so a loop that waits for the clock always
  ends).
- ``WindowDriver`` / ``TerminalDriver``: the real clock; keyboard events are read whenever
  the app polls its key queue or sleeps. Every key stroke is a press: a second stroke of a
  key that is still down (two quick presses, the terminal's auto-repeat, the window's key
  repeat of a held arrow) releases it and presses it again, so the app sees two presses;
  only the arrows repeat while held in the window (``REPEAT_DELAY_MS``/``REPEAT_MS``).
- ``Recorder``: the keys played interactively as a key script (``--record``).
"""

import time

KEY_MS = 50          # virtual time between the press and the release of a short press
LONG_MS = 1000       # ... of a long press (the app's threshold is 800 ms)
READ_COST_NS = 1_000_000  # every clock reading advances the virtual clock by 1 ms
STUCK_SLEEPS = 20000  # idle sleeps with unread keys before a headless run gives up

class ScriptDone(SystemExit):
    """The key script is used up and the app waits for the next key."""


class Quit(SystemExit):
    """The player closed the window or pressed Esc."""


class SimStuck(RuntimeError):
    """The app keeps sleeping without reading the keys the script delivered."""


class VirtualClock:
    def __init__(self):
        self.ns = 0

    def advance(self, seconds):
        if seconds > 0:
            self.ns += int(seconds * 1_000_000_000)

    def read_ns(self):
        self.ns += READ_COST_NS
        return self.ns

    def now(self):
        return self.ns / 1_000_000_000

    def ms(self):
        return self.ns // 1_000_000


class RealClock:
    def __init__(self):
        self._t0 = time.monotonic()

    def now(self):
        return time.monotonic() - self._t0

    def ms(self):
        return int(self.now() * 1000)


class _Driver:
    """Input and idling; subclasses decide where keys come from."""

    def __init__(self, session):
        self.session = session
        self.hub = None
        self.display = None
        self.scheduled = []   # (due seconds, key, down)

    def deliver_due(self):
        now = self.session.clock.now()
        if not self.scheduled:
            return
        keep = []
        for due, key, down in self.scheduled:
            if due <= now:
                self.hub.set_key(key, down)
            else:
                keep.append((due, key, down))
        self.scheduled = keep

    def tick_display(self):
        if self.display is not None:
            self.display.tick(self.session.clock.now())

    def poll(self):
        pass

    def sleep(self, seconds):
        raise NotImplementedError

    def close(self):
        pass


class HeadlessDriver(_Driver):
    def __init__(self, session, actions):
        _Driver.__init__(self, session)
        self.actions = list(actions)
        self.next = 0
        self.waits = 0
        self.sleeps = 0
        self.stuck = 0

    def poll(self):
        self.deliver_due()

    def sleep(self, seconds):
        clock = self.session.clock
        clock.advance(seconds)
        self.sleeps += 1
        self.tick_display()
        self.deliver_due()
        if self.scheduled:
            return  # a long press is being held
        if not self.hub.queues_empty():
            self.stuck += 1
            if self.stuck > STUCK_SLEEPS:
                raise SimStuck("the app slept %d times without reading its keys" % self.stuck)
            return
        self.stuck = 0
        if self.waits:
            self.waits -= 1
            return
        while True:
            if self.next >= len(self.actions):
                raise ScriptDone(0)
            kind, arg = self.actions[self.next]
            self.next += 1
            if kind == "wait":
                if arg == 0:
                    continue
                self.waits = arg - 1
                return
            break
        self.hub.set_key(arg, True)
        if kind == "long":
            self.scheduled.append((clock.now() + LONG_MS / 1000, arg, False))
        elif self.session.entry["keys"][arg][0] == "joy":
            # A joystick is read by polling its position: keep it deflected until the app
            # has looked (it polls before it sleeps again).
            self.scheduled.append((clock.now() + KEY_MS / 1000, arg, False))
        else:
            clock.advance(KEY_MS / 1000)
            self.hub.set_key(arg, False)


REPEAT_DELAY_MS = 400   # window: a held arrow repeats after this long ...
REPEAT_MS = 90          # ... every this long (pygame.key.set_repeat)
JOY_GAP = 0.04          # a joystick is polled: it is seen back in the middle before it moves again


class _InteractiveDriver(_Driver):
    POLL_EVERY = 0.005

    def __init__(self, session):
        _Driver.__init__(self, session)
        self._next_poll = 0.0
        self.keymap = session.entry["keymap"]
        keys = session.entry["keys"]
        # The physical keys behind the desktop's arrow keys (the d-pad, L/R, X/Y): they repeat.
        self.arrows = set(self.keymap[n] for n in ("up", "down", "left", "right")
                          if n in self.keymap)
        self.joystick = set(k for k in keys if keys[k][0] == "joy")

    def stroke_again(self, key, hold=None):
        """A stroke of ``key`` while it is still down: release it now and press it again
        (a polled joystick key after ``JOY_GAP``, so the app sees it centred in between); with
        ``hold`` the new press is released after that many seconds."""
        now = self.session.clock.now()
        self.scheduled = [s for s in self.scheduled if s[1] != key]
        self.hub.set_key(key, False)
        at = now
        if key in self.joystick:
            at = now + JOY_GAP
            self.scheduled.append((at, key, True))
        else:
            self.hub.set_key(key, True)
        if hold is not None:
            self.scheduled.append((at + hold, key, False))

    def poll(self):
        now = self.session.clock.now()
        if now >= self._next_poll:
            self._next_poll = now + self.POLL_EVERY
            self.pump()
            self.deliver_due()
            self.tick_display()

    def sleep(self, seconds):
        end = time.monotonic() + max(seconds, 0)
        while True:
            self.pump()
            self.deliver_due()
            self.tick_display()
            left = end - time.monotonic()
            if left <= 0:
                return
            self.session.real_sleep(min(left, 0.01))

    def pump(self):
        raise NotImplementedError

    def cue_changed(self, what):
        """The app changed the tone or the LEDs (hw.Hub.on_cue): the display shows it."""
        shown = getattr(self.display, "cue_changed", None)
        if shown is not None:
            shown(self.hub)

    def screenshot(self):
        """Save the screen at native size as screenshot-NN.png in the simulator's folder
        (``$SKAT_SIM_HOME``, default ~/.skat-en-deux, where the nvm files are)."""
        import os  # pylint: disable=import-outside-toplevel
        folder = os.environ.get("SKAT_SIM_HOME") or os.path.join(os.path.expanduser("~"),
                                                                  ".skat-en-deux")
        os.makedirs(folder, exist_ok=True)
        n = 1
        while os.path.exists(os.path.join(folder, "screenshot-%02d.png" % n)):
            n += 1
        path = os.path.join(folder, "screenshot-%02d.png" % n)
        # Written under a temporary name and renamed when whole (sim/cli.py): a full disk
        # leaves no broken screenshot-NN.png behind.
        from sim import cli  # pylint: disable=import-outside-toplevel
        if hasattr(self.display, "png_bytes"):
            cli.write_file(path, self.display.png_bytes())
        else:
            import pygame  # pylint: disable=import-outside-toplevel
            with cli.atomic_file(path, "wb") as f:
                pygame.image.save(self.display._pygame_screen, f, "png")  # pylint: disable=protected-access
        return path

    def try_screenshot(self):
        """``screenshot()``, or the one line saying why it could not be saved (a folder
        that cannot be written, a full disk): the game goes on either way."""
        try:
            return "saved " + self.screenshot()
        except (OSError, RuntimeError) as e:     # pygame.error is a RuntimeError
            return "screenshot not saved: %s" % (getattr(e, "strerror", None) or e)


class WindowDriver(_InteractiveDriver):
    def __init__(self, session):
        _InteractiveDriver.__init__(self, session)
        import pygame  # pylint: disable=import-outside-toplevel
        self.pygame = pygame
        # Held keys send KEYDOWN again: an arrow's repeat is a new press (``pump``).
        pygame.key.set_repeat(REPEAT_DELAY_MS, REPEAT_MS)

    def pump(self):
        pygame = self.pygame
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
                raise Quit(0)
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                              pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED):
                if self.display is not None:
                    self.display.present()
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key).lower()
                if name == "escape" and event.type == pygame.KEYDOWN:
                    raise Quit(0)
                if name == "f12" and event.type == pygame.KEYDOWN and self.display is not None:
                    print(self.try_screenshot())
                key = self.keymap.get(name)
                if key is None:
                    continue
                down = event.type == pygame.KEYDOWN
                if down and key in self.hub.pressed:
                    if key in self.arrows:
                        self.stroke_again(key)   # key repeat of a held arrow: one more press
                    continue                     # other keys: held is held (long press)
                self.hub.set_key(key, down)


class TerminalDriver(_InteractiveDriver):
    SHORT = 0.12

    def __init__(self, session, keyboard):
        _InteractiveDriver.__init__(self, session)
        self.keyboard = keyboard
        self._next_size_check = 0.0
        self.long_held = set()     # keys whose current hold is a long press (Shift)

    def pump(self):
        now = self.session.clock.now()
        if now >= self._next_size_check and self.display is not None:
            # A resized terminal is redrawn at once (the frame is kept), not at the next
            # refresh, which may be a while when the app waits for a key.
            self._next_size_check = now + 0.5
            self.display.redraw_if_resized()
        for name in self.keyboard.read():
            if name in ("escape", "q"):
                raise Quit(0)
            if name == "p" and self.display is not None:
                self.display.status = self.try_screenshot()
                self.display._draw()  # pylint: disable=protected-access
                continue
            long_press = name != name.lower()
            key = self.keymap.get(name.lower())
            if key is None:
                continue
            hold = 1.0 if long_press else self.SHORT
            pending = [s for s in self.scheduled if s[1] == key]
            if pending and (long_press or key in self.long_held):
                # A long press held on by the auto-repeat of Shift+key: keep holding it.
                self.scheduled = [s for s in self.scheduled if s[1] != key]
                self.scheduled.append((max(pending[-1][0], now + hold), key, False))
                continue
            if long_press:
                self.long_held.add(key)
            else:
                self.long_held.discard(key)
            if pending or key in self.hub.pressed:
                # Still down from the last stroke (two quick presses, or the terminal's
                # auto-repeat of a held key): every stroke is a press of its own.
                self.stroke_again(key, hold)
                continue
            self.hub.set_key(key, True)
            self.scheduled.append((now + hold, key, False))


class Recorder:
    """Turns the keys played interactively into a key script (sim/board/keys.py) that replays the
    session headless: a key held 0.8 s or more becomes LONG:<key>."""

    LONG = 0.8

    def __init__(self, clock):
        self.clock = clock
        self.down_at = {}
        self.tokens = []

    def __call__(self, name, down):
        now = self.clock.now()
        if down:
            self.down_at[name] = now
        elif name in self.down_at:
            held = now - self.down_at.pop(name)
            self.tokens.append(("LONG:" + name) if held >= self.LONG else name)

    def text(self, header):
        lines = ["# " + h for h in header]
        for i in range(0, len(self.tokens), 12):
            lines.append(" ".join(self.tokens[i:i + 12]))
        return "\n".join(lines) + "\n"
