"""The table's banners speak to the person in the second person ("You go out!")
and name the other seats ("Ana goes out!"), whatever name the person chose
(the table's ``log_names``: issue 21, item 12)."""

from types import SimpleNamespace

from game.rules.events import Floated, HandEnded
from scenes.table.animation import TableAnimation
from game.text.events import YOU, log_names


def _banner(event, names):
    table = SimpleNamespace(factor=1.0, log_names=names, clock=0.0, hold=0.0)
    animation = TableAnimation(table)
    animation.banner_for(event)
    return animation.banner[0]


def test_going_out_banner_agrees_with_the_seat():
    names = [YOU, "Ana", "Bo"]
    out = lambda seat: HandEnded(hand=0, reason="went_out", went_out=seat, scores=(0, 0, 0), totals=(0, 0, 0))
    assert _banner(out(0), names) == "You go out!"
    assert _banner(out(1), names) == "Ana goes out!"


def test_float_banner_agrees_with_the_seat():
    names = [YOU, "Ana"]
    assert _banner(Floated(seat=0), names) == "You float"
    assert _banner(Floated(seat=1), names) == "Ana floats"


def test_the_person_is_you_in_the_banners_whatever_their_name():
    names = log_names(["Ana", "Bo"], 0)  # the person chose the name "Ana"
    assert _banner(Floated(seat=0), names) == "You float"
    assert _banner(Floated(seat=1), names) == "Bo floats"


def test_a_going_out_banner_does_not_outlive_its_hand(tmp_path):
    """The results panel waits for the going-out banner to run its time:
    the table's clock stands still under the panel, so a banner raised as
    the hand ended came back over the next deal for the rest of its time
    (seen in the demo at speed fast)."""
    from game.play.table_session import Seat, TableSession
    from scenes.core.app import App
    from scenes.core.options import Options
    from scenes.screens.results import HandResults
    from scenes.table.scene import TableScene

    app = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="fast"))
    try:
        session = TableSession([Seat("Ana", "easy"), Seat("Ben", "easy")], seed=2, use_workers=False)
        table = app.push(TableScene(app), session=session, demo=True)
        went_out = None
        panel_over_banner = False
        for _ in range(60 * 600):
            app.step(1 / 60)
            banner = table.animation.banner
            if banner is not None and "goes out" in banner[0] and table.shown.ended is not None:
                went_out = banner
                panel_over_banner |= isinstance(app.top, HandResults)
            if went_out and table.shown.hand_index == 1 and not isinstance(app.top, HandResults):
                break
        assert went_out is not None, "the first hand of seed 2 no longer ends by going out: pick another seed"
        assert not panel_over_banner  # the banner had its time in sight before the results came
        assert table.shown.hand_index == 1 and table.shown.ended is None
        assert table.animation.banner is None or "goes out" not in table.animation.banner[0]
    finally:
        app.close()
