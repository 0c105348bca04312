"""The names of the computer levels and styles as the screens show them, and
what New game says of each opponent (marked with ``N_``; translated where
shown)."""

from __future__ import annotations

from game.i18n import N_, _

LEVEL_LABELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                "hoarder": N_("Hoarder"), "early-melder": N_("Early melder"), "pile-taker": N_("Pile-taker"),
                "lay-off-hunter": N_("Lay-off hunter"), "rummy-caller": N_("Rummy caller"),
                "cautious": N_("Cautious"), "random": N_("Random")}
"""Each AI level's and style's name (marked with ``N_``; translated where shown)."""
PLAYS_FOR_YOU = {"easy": N_("Easy plays for you"), "medium": N_("Medium plays for you"),
                 "hard": N_("Hard plays for you")}
"""A computer level playing the person's seat (New game's "Your seat", the table's seat label)."""

OPPONENT_NOTES = {
    "easy": N_("Easy: a fair beginner; tables at once and throws its highest loose card."),
    "medium": N_("Medium: weighs every draw and discards with care; the others are measured against it."),
    "hard": N_("Hard: looks ahead, playing the hidden cards out in many possible deals."),
    "hoarder": N_("Hoarder: holds every meld until it can go out all at once."),
    "early-melder": N_("Early melder: puts every meld and lay-off down the moment it has one."),
    "pile-taker": N_("Pile-taker: digs as deep into the discard pile as the rules let it."),
    "lay-off-hunter": N_("Lay-off hunter: lays off first and keeps cards close to the melds on the table."),
    "rummy-caller": N_("Rummy caller: calls Rummy whenever the rules let it."),
    "cautious": N_("Cautious: never throws a card that could feed a meld while it has another to throw."),
    "random": N_("Random: any legal move, picked at random."),
}
"""What New game says of each opponent (one line)."""

STRENGTH_AGAINST_MEDIUM = {
    "easy": (83, 400), "hard": (290, 400), "hoarder": (0, 400), "early-melder": (126, 400),
    "pile-taker": (131, 400), "lay-off-hunter": (118, 400), "rummy-caller": (120, 400),
    "cautious": (147, 400), "random": (1, 400),
}
"""Measured strength: ``(games won, games played)`` against today's Medium
(with its pile-top and deep-pile charges), two players on duplicate deals
to 500 (``benchmarks/ai_strength.py``, issue 25: seed 3 for Easy and the
styles; seeds 41 and 42, 200 games each, for Hard, since it weighs every
legal option of a turn). Medium, the yardstick, has none."""


def level_names() -> dict[str, str]:
    """Each level's and style's name (:data:`LEVEL_LABELS`) in the language
    in use: the names ``rummy500 host`` gives its computers' seats."""
    return {level: _(label) for level, label in LEVEL_LABELS.items()}


def opponent_note(level: str) -> str:
    """The translated line New game shows for ``level``: what it does and,
    when measured (:data:`STRENGTH_AGAINST_MEDIUM`), how strong it is. An
    unknown level gives its name alone."""
    note = _(OPPONENT_NOTES[level]) if level in OPPONENT_NOTES else level
    if level not in STRENGTH_AGAINST_MEDIUM:
        return note
    won, games = STRENGTH_AGAINST_MEDIUM[level]
    return _("{note} Against Medium: won {won}/{games} ({share}%).").format(
        note=note, won=won, games=games, share=percent_share(won, games))


def percent_share(won: int, games: int) -> str:
    """``won`` of ``games`` (``games`` > 0) as a whole percentage for a
    player to read: rounded half up (290 of 400 is "73", not Python's
    half-to-even "72"), and never "0" for a game won nor "100" for a game
    lost: 1 of 400 is "<1" and 399 of 400 ">99"."""
    share = (200 * won + games) // (2 * games)  # floor(100 * won / games + 1/2), in integers
    if share == 0 and won:
        return "<1"
    if share == 100 and won < games:
        return ">99"
    return str(share)
