"""Frame time of the table: an 8-player hand in mid-play at 1920x1080.

    python benchmarks/frames.py [--players 8] [--size 1920x1080] [--frames 600] [--steps 70]
                                [--hands 3] [--save table.png] [--clock wall|cpu]

Renders frames of the real table scene with the dummy video driver (no
screen; the same drawing code) and prints the frame time p50 and p99 in
milliseconds, first with the table idle (mouse moving over the discard pile),
then for the frame that shows the next step of the hand (a real next
action: the layout, the still picture drawn again where it changed, the
cards that moved starting to slide) and the frame where they land, while a
Hard AI is thinking in its worker process (the thinking shimmer is drawn and
the worker is polled every frame), on your turn (your hand drawn every frame)
and during a game played by Easy AIs in their workers. For the new steps
it also counts the frames that loaded a font or smooth-scaled an image (a
first-time cost of a millisecond or so each, and a figure that the
clock's noise does not blur). Budget: p99 <= 6.9 ms (144 Hz). ``--frames`` frames are timed for
each (three times as many for the played game); the new steps are those
of the first ``--steps`` actions of ``--hands`` hands (seeds ``--seed`` on),
so that the p99 is not the second-worst of a few dozen frames.
``--save`` writes the mid-hand picture as a PNG. ``--clock cpu`` times
each frame by the window thread's CPU time instead of the wall clock, for a
machine busy with other work (the budget is for wall time on a quiet one).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.cli import whole_number as whole, window_size  # noqa: E402
from game.ai import make_ai  # noqa: E402
from game.play.all_computer import ai_step, play_into_hand  # noqa: E402
from game.play.table_session import Seat, TableSession  # noqa: E402
from scenes.core.app import App  # noqa: E402
from scenes.core.options import Options  # noqa: E402
from game.rules.view import view_for  # noqa: E402
from scenes.table.layout import model_for  # noqa: E402
from scenes.table.scene import TableScene  # noqa: E402
from game.play.seats import PersonPlayer  # noqa: E402


def mid_hand_session(players: int, seed: int, steps: int, levels: str = "medium",
                     use_workers: bool = False) -> TableSession:
    """A session whose first hand has had up to ``steps`` actions of Medium
    AIs (stopping before the hand would end): melds, lay-offs and a pile are out."""
    names = ["You", "Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"]
    seats = [Seat(names[i], levels) for i in range(players)]
    session = TableSession(seats, seed=seed, use_workers=use_workers)
    play_into_hand(session.game, {i: make_ai("medium", seed + i) for i in range(players)}, steps)
    return session


def seen(game, seat: int = 0):
    """The model the table shows seat ``seat`` of ``game`` (its view: :meth:`TableScene.seen_model`)."""
    h = game.hand
    return model_for(view_for(game, seat), h.ended, h.went_out, len(h.actions))


def hand_steps(players: int, seed: int, steps: int, levels: str = "medium") -> list[tuple[list, object]]:
    """The steps :func:`mid_hand_session` plays into its hand, as the table
    queues them: ``(events, model)`` per step, the deal first (no events)."""
    session = mid_hand_session(players, seed, 0, levels)
    game = session.game
    ais = {i: make_ai("medium", seed + i) for i in range(players)}
    shown = [([], seen(game))]
    while len(shown) <= steps:
        probe = game.clone()
        ai_step(probe, ais)
        if probe.hand.ended is not None:
            break
        shown.append((ai_step(game, ais), seen(game)))
    session.close()
    return shown


clock = time.perf_counter
"""The clock a frame is timed by: wall time, or with ``--clock cpu`` the
window thread's own CPU time (a fair figure on a busy machine, where the
wall clock also counts the time other programs held the processor)."""


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


class Makings:
    """Counts what a frame makes anew, a figure the clock's noise does not
    blur: fonts loaded (``pygame.font.Font``) and images smooth-scaled
    (``pygame.transform.smoothscale``, card art at a new size), by wrapping
    both while installed (:meth:`install`)."""

    def __init__(self) -> None:
        self.fonts = self.scales = 0

    def install(self) -> None:
        real_font, real_scale = pygame.font.Font, pygame.transform.smoothscale

        def font(*a, **k):
            self.fonts += 1
            return real_font(*a, **k)

        def smoothscale(*a, **k):
            self.scales += 1
            return real_scale(*a, **k)
        pygame.font.Font, pygame.transform.smoothscale = font, smoothscale
        self.uninstall = lambda: setattr(pygame.font, "Font", real_font) or setattr(
            pygame.transform, "smoothscale", real_scale)

    def total(self) -> int:
        return self.fonts + self.scales


def measure(app: App, table: TableScene, frames: int, pile_y: int) -> list[float]:
    times = []
    pile = table.layout_.pile_rect
    for i in range(frames):
        x = pile.x + (i * 7) % max(1, pile.width)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, pile_y), rel=(7, 0), buttons=(0, 0, 0)))
        start = clock()
        app.step(1 / 144)
        times.append((clock() - start) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--size", type=window_size, default=(1920, 1080), metavar="WxH")
    p.add_argument("--frames", type=int, default=600, help="frames timed for each figure")
    p.add_argument("--seed", type=whole(0), default=5)
    p.add_argument("--steps", type=int, default=70, help="Medium AI actions played into the hand")
    p.add_argument("--hands", type=int, default=3, help="hands whose steps are timed (one seed each)")
    p.add_argument("--save", metavar="PNG")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="time frames by the wall clock (the budget's) or the window thread's CPU time")
    args = p.parse_args(argv)
    global clock
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    w, h = args.size
    import tempfile
    with tempfile.TemporaryDirectory() as cfg:
        app = App(Options(config_dir=cfg, size=(w, h), speed="normal"))
        session = mid_hand_session(args.players, args.seed, args.steps)
        table = TableScene(app)
        app.push(table, session=session)
        table.hold = 1e9  # idle: no AI moves, just the table being drawn
        for _ in range(80):  # past the image warm-up after the first layout
            app.step(1 / 144)
        if args.save:
            pygame.image.save(app.screen, args.save)
        idle = measure(app, table, args.frames, table.layout_.pile_rect.centery)
        print(f"idle table, {args.players} players, {w}x{h}: frame p50 {statistics.median(idle):.2f} ms, "
              f"p99 {percentile(idle, 0.99):.2f} ms")
        # a move: the frame that shows the next step of the hand (a real next
        # action: its layout, the still picture drawn again where it changed,
        # the log, and the moved cards starting to slide), then the frame where
        # they have landed and join the still picture
        starting, landing = [], []
        makings = Makings()
        makings.install()
        making_frames = made = 0
        for hand in range(args.hands):
            for i, (events, model) in enumerate(hand_steps(args.players, args.seed + hand, args.steps)):
                table.animation.queue(events, model, "move")
                before = makings.total()
                start = clock()
                app.step(1 / 144)
                took = (clock() - start) * 1000
                if i and makings.total() > before:
                    making_frames += 1
                    made += makings.total() - before
                table.animation.finish()  # the slide itself is an ordinary frame (measured above and below)
                start = clock()
                app.step(1 / 144)
                if i:  # a hand's first only takes the table to where its steps start (a new deal)
                    starting.append(took)
                    landing.append((clock() - start) * 1000)
        print(f"frame with a new step (its layout, the changed parts of the still picture, the log): "
              f"p50 {statistics.median(starting):.2f} ms, p99 {percentile(starting, 0.99):.2f} ms, "
              f"max {max(starting):.2f} ms ({len(starting)} steps of {args.hands} hands)")
        makings.uninstall()
        print(f"frames with a new step that loaded a font or smooth-scaled an image: {making_frames} of "
              f"{len(starting)} ({made} fonts and images)")
        print(f"frame where the step's cards land: p50 {statistics.median(landing):.2f} ms, "
              f"p99 {percentile(landing, 0.99):.2f} ms, max {max(landing):.2f} ms")
        table.drawing.invalidate()
        table.shown = seen(session.game)  # back to the mid-hand picture for the figures below
        table.layout_ = table.lay_out(table.shown)
        # the same table while a Hard AI thinks in its worker process
        from game.play.ai_worker import AIWorker
        from game.rules.view import view_for
        worker = AIWorker("hard", seed=1, time_cap_s=30)
        game = session.game
        seat = game.current
        session.thinking_seat = lambda: seat  # the table shows the shimmer on that seat
        worker.start()
        while not worker.ready:
            time.sleep(0.01)
        thinking = []
        rounds = 0
        while len(thinking) < args.frames and rounds < 200:
            worker.submit(view_for(game, seat))
            while worker.pending and len(thinking) < args.frames:
                thinking.extend(measure(app, table, 1, table.layout_.pile_rect.centery))
                worker.poll()
            rounds += 1
        worker.close()
        session.thinking_seat = TableSession.thinking_seat.__get__(session)
        print(f"Hard AI thinking: frame p50 {statistics.median(thinking):.2f} ms, "
              f"p99 {percentile(thinking, 0.99):.2f} ms ({len(thinking)} frames, {rounds} decisions)")
        app.pop()
        # your turn: your hand is drawn every frame (it lifts and drags); the pointer moves over it
        mine = mid_hand_session(args.players, args.seed, args.steps)
        mine.seats[0] = Seat("You", "human")
        mine.players[0] = PersonPlayer(0)  # the bottom seat is a person's from here
        yours = TableScene(app)
        app.push(yours, session=mine)
        yours.hold = 1e9
        hand = yours.layout_.hand_rect
        yours_times = []
        for i in range(args.frames):
            x = hand.x + (i * 11) % max(1, hand.width)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, hand.centery), rel=(11, 0),
                                                 buttons=(0, 0, 0)))
            start = clock()
            app.step(1 / 144)
            yours_times.append((clock() - start) * 1000)
        print(f"your turn (hand drawn each frame, pointer over it): frame p50 {statistics.median(yours_times):.2f} ms, "
              f"p99 {percentile(yours_times, 0.99):.2f} ms")
        app.pop()
        # a game being played: Easy AIs in their worker processes at normal
        # speed, 144 frames per simulated second (moves, slides, flips, deals)
        playing_session = mid_hand_session(args.players, args.seed + 1, 0, levels="easy", use_workers=True)
        # start the worker processes first (a table starts them on the first
        # question), so the frames measure a game being played, not processes starting
        workers = [p.worker for p in playing_session.referee.computers.values()]
        for w in workers:
            w.start()
        while not all(w.ready for w in workers):
            time.sleep(0.02)
        app.push(TableScene(app), session=playing_session)
        playing = []
        for _ in range(args.frames * 3):
            start = clock()
            app.step(1 / 144)
            playing.append((clock() - start) * 1000)
            time.sleep(max(0.0, 1 / 144 - (time.perf_counter() - start)))
        moves = len(playing_session.game.hand.actions)
        print(f"playing (Easy AIs in workers, normal speed, {moves} moves in {len(playing)} frames): "
              f"frame p50 {statistics.median(playing):.2f} ms, p99 {percentile(playing, 0.99):.2f} ms")
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
