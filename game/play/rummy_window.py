"""The person's Rummy window (R18) on an injected clock, without pygame.

After another seat's discard the person at the table gets a few seconds to
call Rummy. The referee (:class:`game.play.referee.Referee`) opens the window when
it applies the discard; the table starts its clock once the discard has been
shown and ticks it every frame (any monotonic seconds: the table's clock, or
a fake one in tests)::

    window = PersonRummyWindow(seconds=2.0)
    window.expect()            # another seat discarded: a window will open
    window.start(now)          # the discard is on show: the clock runs
    window.tick(now, hand)     # every frame; closes it when time is up or the next player drew
    window.close()             # the person called, drew, or played

While it is open (:attr:`PersonRummyWindow.open`) a computer's Rummy call waits
if the person comes before it in turn order, and is applied at once if it
comes first (R18; decided by the referee).
"""

from __future__ import annotations

from game.rules.hand import HandState
from game.rules.phase import Phase


class PersonRummyWindow:
    """The person's Rummy window: ``seconds`` long once started; ``deadline``
    (clock seconds) while running, ``pending`` between the discard and its
    being shown. Never raises."""

    def __init__(self, seconds: float = 2.0):
        self.seconds = float(seconds)
        self.deadline: float | None = None
        self.pending = False

    @property
    def open(self) -> bool:
        """True from :meth:`expect` (or :meth:`start`) until :meth:`close`."""
        return self.deadline is not None or self.pending

    def expect(self) -> None:
        """Another seat has discarded: the window is open, its clock not yet running."""
        self.pending = True

    def start(self, now: float) -> None:
        """Start the clock at ``now``: the window closes ``seconds`` later."""
        self.pending = False
        self.deadline = now + self.seconds

    def close(self) -> None:
        """Close the window (a call, a draw, a move, or time is up)."""
        self.deadline = None
        self.pending = False

    def left(self, now: float) -> float:
        """Seconds left on the clock (0 when it is not running)."""
        return max(0.0, self.deadline - now) if self.deadline is not None else 0.0

    @staticmethod
    def possible(hand: HandState | None, seat: int) -> bool:
        """True when ``hand`` is right after a discard by another seat than
        ``seat``, before the next draw, with Rummy calls on (R18)."""
        return (hand is not None and hand.ended is None and hand.window is not None and hand.window != seat
                and hand.phase == Phase.DRAW and hand.rules.rummy_calls)

    def tick(self, now: float, hand: HandState | None, held: bool = False) -> bool:
        """Advance to ``now``: close a running window once the next player has
        drawn (R18) or, unless ``held`` (the pointer rests on the Rummy
        button), once time is up. Returns True when it closed."""
        if self.deadline is None:
            return False
        if hand is None or hand.ended is not None or hand.window is None or hand.phase != Phase.DRAW:
            self.close()
            return True
        if now >= self.deadline and not held:
            self.close()
            return True
        return False
