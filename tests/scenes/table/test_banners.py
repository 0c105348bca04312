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
