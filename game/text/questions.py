"""Common questions: the rules players argue about, answered under the rules in force.

Pure Python (never imports pygame). :func:`common_questions` reads a
:class:`~game.rules.ruleset.RuleSet` and returns one :class:`Question` per
point players argue about (issue 24, part 4), in the current language
(:mod:`game.i18n`): the question, an answer of two or three sentences that
follows the value of every key it depends on, the house-rule setting that
changes it (named as the Rules page names it, :mod:`game.text.rule_controls`,
with its value now), and where cards say it faster a small picture.

Each answer's verdict is also in :attr:`Question.facts` (plain values such as
``{"allowed": True}``, or the points an engine function gives), and the
words are chosen from those facts; ``tests/game/text/test_questions.py``
builds each position with the engine under two rule sets and checks the
facts against what the engine does. Card values come from the engine itself
(:func:`game.rules.melds.meld_card_values`), never from a copy of R19.

:func:`questions_markdown` writes the same questions for ``docs/rules.md``
(its "Common questions" section is this function's output for the
rulebook's rules, in English; ``tools/write_common_questions.py`` rewrites
it and ``tests/test_docs.py`` checks it is current).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.i18n import _, ngettext
from game.rules.cards import parse_card
from game.rules.melds import classify, hand_value, meld_card_values
from game.rules.ruleset import RuleSet
from game.text.cards import short_name
from game.text.rule_controls import CONTROLS


@dataclass(frozen=True)
class Group:
    """Cards of a picture drawn side by side: ``cards`` are record tokens
    (``"7H"``, ``"JK=7H"`` for a tabled joker), ``caption`` a few words under
    them, ``refused`` True when the engine refuses what the group shows
    (drawn with an amber outline and the caption says why)."""

    cards: tuple[str, ...]
    caption: str
    refused: bool = False


@dataclass(frozen=True)
class Question:
    """One common question under one rule set.

    ``key`` names it (stable, for tests); ``question`` and ``answer`` are
    words in the current language, the answer two or three sentences ending
    with the setting sentence; ``settings`` the rule keys whose value changes
    the answer (empty when none does); ``picture`` the groups of cards to
    draw, left to right (may be empty); ``facts`` the verdict the words were
    chosen from, for the tests that check it against the engine.
    """

    key: str
    question: str
    answer: str
    settings: tuple[str, ...] = ()
    picture: tuple[Group, ...] = ()
    facts: dict = field(default_factory=dict, compare=False)


def names(*tokens: str) -> str:
    """Short card names of record tokens, spaced: ``names("4H", "3H")`` -> ``"4♥ 3♥"``."""
    return " ".join(short_name(parse_card(t, tabled=t.startswith("JK="))) for t in tokens)


def setting_sentence(rules: RuleSet, keys: tuple[str, ...]) -> str:
    """The sentence naming the house rule that changes an answer, as the
    Rules page labels it, with its value under ``rules``; "No house rule
    changes this." for no key."""
    if not keys:
        return _("No house rule changes this.")
    parts = []
    for key in keys:
        label, values, _explained = CONTROLS[key]
        now = getattr(rules, key)
        shown = next((_(name) for value, name in values if value == now and type(value) is type(now)), str(now))
        parts.append(_("“{setting}”, now {value}").format(setting=_(label), value=shown))
    return _("House rule that changes this: {settings}.").format(settings="; ".join(parts))


def run_points(tokens: tuple[str, ...], rules: RuleSet) -> list[int]:
    """Each card's points in the run or set ``tokens`` once tabled, from the
    engine (R19): ``run_points(("AH", "2H", "3H"), RuleSet())`` -> ``[1, 2, 3]``.
    ``ValueError`` when the cards are no meld under ``rules``."""
    meld, reason = classify([parse_card(t, tabled=True) for t in tokens], rules.ace_wraps)
    if meld is None:
        raise ValueError(str(reason))
    return meld_card_values(meld, rules.scoring)


def _answer(rules: RuleSet, sentences: list[str], keys: tuple[str, ...]) -> str:
    return " ".join([*sentences, setting_sentence(rules, keys)])


def _low_end(rules: RuleSet) -> Question:
    run, near, far = ("5H", "6H", "7H"), "4H", "3H"
    own_first = rules.layoff_requires_own_meld
    if own_first:
        first = _("Yes, once you have tabled a meld of your own this hand: lay off the {near} first, then "
                  "the {far}; the {far} alone does not fit.")
    else:
        first = _("Yes: lay off the {near} first, then the {far}, so each card touches the run as it goes "
                  "on; the {far} alone does not fit.")
    keys = ("layoff_requires_own_meld",)
    return Question(
        "low_end_layoffs", _("Can I lay off two cards at the low end of someone's run?"),
        _answer(rules, [first.format(near=names(near), far=names(far)),
                        _("Both cards stay in front of you and score for you, not for the run's owner.")], keys),
        keys,
        (Group(run, _("their run")),
         Group((near, far), _("{first} first, then {second}").format(first=names(near), second=names(far)))),
        {"near_first": True, "needs_own_meld": own_first})


def _switched(rules: RuleSet, key: str, qkey: str, question: str, when_on: str, when_off: str,
              more: tuple[str, ...] = (), picture: tuple[Group, ...] = (), facts: dict | None = None) -> Question:
    """A question one on/off rule key decides: ``when_on`` or ``when_off`` by
    its value, then ``more`` and the setting sentence; ``facts`` defaults to
    ``{"on": value}``."""
    on = bool(getattr(rules, key))
    return Question(qkey, question, _answer(rules, [when_on if on else when_off, *more], (key,)), (key,), picture,
                    {"on": on} if facts is None else facts)


def _before_meld(rules: RuleSet) -> Question:
    return _switched(
        rules, "layoff_requires_own_meld", "layoff_before_meld", _("Can I lay off before I have melded?"),
        _("No: in these rules you must table a meld of your own this hand first; after that you may lay off on "
          "any meld on the table."),
        _("Yes: you may lay off on any meld on the table, yours or another player's, before you have tabled a "
          "meld of your own."),
        facts={"allowed": not rules.layoff_requires_own_meld})


def _top_discard(rules: RuleSet) -> Question:
    return _switched(
        rules, "top_discard_must_be_used", "top_discard", _("If I take the top discard, must I use it?"),
        _("Yes: in these rules a single top card you take from the discard pile must be tabled this turn, in a "
          "meld or laid off, and you may only take it if you can."),
        _("No: you may keep a single top card you take from the discard pile, but you can't discard it straight "
          "back this turn."),
        (_("A card taken from deeper in the pile must always be tabled."),),
        facts={"must_table": rules.top_discard_must_be_used})


def _past_target(rules: RuleSet) -> Question:
    keys = ("target",)
    return Question(
        "past_target",
        _("Two players reach {target} in the same hand: who wins? And if they tie?").format(target=rules.target),
        _answer(rules, [_("The higher total wins, whoever went out and whoever reached {target} first.").format(
            target=rules.target), _("If the top totals are exactly equal nobody has won yet: another hand is "
                                    "dealt, until one player is alone at the top.")], keys),
        keys, (), {"target": rules.target, "highest_wins": True, "tie_plays_on": True})


def _who_rummy(rules: RuleSet) -> Question:
    keys = ("rummy_calls",)
    if rules.rummy_calls:
        sentences = [_("Anyone but the player who just discarded, before the next player draws, when a card in "
                       "the discard pile could be tabled with only the cards above it and the melds on the "
                       "table; your own hand doesn't count."),
                     _("The first caller after the discarder in turn order wins, and the players in between "
                       "lose their turn.")]
        picture = (Group(("7S", "7D", "7C"), _("on the table")),
                   Group(("2C", "9D", "7H"), _("just discarded: Rummy!")))
    else:
        sentences = [_("Nobody: Rummy calls are off in these rules, so a playable card on the discard pile "
                       "waits for someone to take it on their turn.")]
        picture = ()
    return Question("who_rummy", _("Who may call Rummy?"), _answer(rules, sentences, keys), keys, picture,
                    {"calls": rules.rummy_calls, "discarder_may_call": False, "own_hand_counts": False})


def _discard_to_go_out(rules: RuleSet) -> Question:
    keys = ("going_out",)
    way = rules.going_out
    if way == "meld_all":
        text = _("No: you go out as soon as you hold no cards, by tabling them all or by tabling all but one "
                 "and discarding it.")
        caption = _("table all three: out")
    elif way == "discard_required":
        text = _("Yes: in these rules you may never table your last card, so the only way out is to "
                 "discard it.")
        caption = _("all your cards: can't be tabled")
    else:
        text = _("Yes: in these rules tabling every card leaves you floating with an empty hand while the "
                 "hand goes on; only discarding your last card goes out.")
        caption = _("table all three: you float")
    return Question("discard_to_go_out", _("Must I be able to discard to go out?"),
                    _answer(rules, [text], keys), keys,
                    (Group(("8S", "8H", "8D"), caption, refused=way == "discard_required"),),
                    {"going_out": way, "tabling_all_goes_out": way == "meld_all",
                     "tabling_all_allowed": way != "discard_required"})


def _last_unplayable(rules: RuleSet) -> Question:
    strict = rules.final_discard_unplayable
    caption = _("this last discard is refused") if strict else _("a last discard that goes out")
    return _switched(
        rules, "final_discard_unplayable", "last_card_unplayable", _("Must my last card be one nobody could play?"),
        _("Yes: in these rules you can't go out by discarding a card that could be laid off on a meld on the "
          "table; play on until your last card fits nowhere."),
        _("No: you may go out by discarding any card, even one that could be laid off on a meld on the table."),
        picture=(Group(("5H", "6H", "7H"), _("on the table")), Group(("8H",), caption, refused=strict)),
        facts={"playable_last_discard_goes_out": not strict})


def _low_ace(rules: RuleSet) -> Question:
    keys = ("scoring",)
    low = run_points(("AH", "2H", "3H"), rules)[0]
    high = run_points(("QS", "KS", "AS"), rules)[-1]
    held = hand_value(parse_card("AD"), rules.scoring)
    sentences = [ngettext("An ace at the low end of a run (A-2-3) scores {count} point on the table.",
                          "An ace at the low end of a run (A-2-3) scores {count} points on the table.",
                          low).format(count=low),
                 _("Anywhere else, high in a run, in a set or left in your hand, it scores {points}.").format(
                     points=high)]
    return Question("low_ace", _("What does a low ace score?"), _answer(rules, sentences, keys), keys,
                    (Group(("AH", "2H", "3H"), _("{card} scores {points}").format(card=names("AH"), points=low)),
                     Group(("QS", "KS", "AS"), _("{card} scores {points}").format(card=names("AS"), points=high))),
                    {"low": low, "high": high, "held": held})


def _set_or_run(rules: RuleSet) -> Question:
    return Question(
        "set_or_run", _("A card fits both a set and a run: where does it go?"),
        _answer(rules, [_("On whichever you choose, and on that one only: cards on the table never move, so it "
                          "stays there for the rest of the hand."),
                        _("It scores the same either way, for you.")], ()),
        (), (Group(("7S", "7D", "7C"), _("a set")), Group(("4H", "5H", "6H"), _("a run")),
             Group(("7H",), _("fits either"))),
        {"choice": True, "same_points": True})


def _deep_take(rules: RuleSet) -> Question:
    keys = ("deep_card_must_start_meld",)
    new_meld = rules.deep_card_must_start_meld
    if new_meld:
        first = _("Yes: take any card of the discard pile with every card above it, if you can start a new "
                  "meld with that deepest card this turn; laying it off doesn't count.")
    else:
        first = _("Yes: take any card of the discard pile with every card above it, if you can table that "
                  "deepest card this turn, in a new meld or laid off.")
    return Question(
        "deep_take", _("Can I take several cards from the pile, and which must I then meld?"),
        _answer(rules, [first, _("The cards above it are yours to keep or discard.")], keys), keys,
        (Group(("9C",), _("stays in the pile")),
         Group(("5H", "KS", "2D"), _("take three: table the {card}").format(card=names("5H")))),
        {"layoff_counts": not new_meld})


def _corner(rules: RuleSet) -> Question:
    keys = ("ace_wraps",)
    if rules.ace_wraps:
        points = run_points(("KS", "AS", "2S"), rules)[1]
        text = _("Yes: in these rules a run may pass from the king through the ace to the 2 (Q-K-A-2-3), up "
                 "to 13 cards, and that ace scores {points}.").format(points=points)
        caption = _("a run in these rules")
    else:
        points = None
        text = _("No: the ace is low (A-2-3) or high (Q-K-A), but a run can't pass from the king to the 2.")
        caption = _("not a run")
    return Question("round_the_corner", _("Can a run go round the corner (K-A-2)?"), _answer(rules, [text], keys),
                    keys, (Group(("KS", "AS", "2S"), caption, refused=not rules.ace_wraps),),
                    {"allowed": rules.ace_wraps, "ace_points": points})


def _move_joker(rules: RuleSet) -> Question:
    keys = ("jokers_per_deck",)
    if rules.jokers_per_deck:
        sentences = [_("No: a tabled joker stays the card named for it until the hand ends; nobody may move "
                       "it or swap the real card in for it."),
                     _("The real card it stands for can't join that meld either.")]
        picture = (Group(("5H", "6H", "JK=7H"), _("a joker as {card}").format(card=names("7H"))),
                   Group(("7H",), _("can't take its place"), refused=True))
    else:
        sentences = [_("There are no jokers in these rules; with them, a tabled joker stays the card named for "
                       "it until the hand ends, and nobody may move it or swap the real card in.")]
        picture = ()
    return Question("move_joker", _("Can a joker on the table be moved or swapped?"),
                    _answer(rules, sentences, keys), keys, picture,
                    {"jokers": rules.jokers_per_deck > 0, "movable": False})


def _two_player_cards(rules: RuleSet) -> Question:
    keys = ("two_player_hand_size",)
    two, more = rules.hand_size(2), rules.hand_size(3)
    text = ngettext("In these rules each of two players is dealt {count} card; with three or more, {more} each.",
                    "In these rules each of two players is dealt {count} cards; with three or more, {more} each.",
                    two).format(count=two, more=more)
    return Question("two_player_cards", _("Two players: 10 cards each or 13?"), _answer(rules, [text], keys),
                    keys, (), {"two": two, "more": more})


QUESTIONS: tuple[Callable[[RuleSet], Question], ...] = (
    _low_end, _before_meld, _top_discard, _past_target, _who_rummy, _discard_to_go_out, _last_unplayable,
    _low_ace, _set_or_run, _deep_take, _corner, _move_joker, _two_player_cards,
)
"""The questions of issue 24 in the order shown, each a function of the rule set."""


def common_questions(rules: RuleSet | None = None) -> list[Question]:
    """Every common question answered under ``rules`` (the rulebook's by
    default), in the current language and the order of :data:`QUESTIONS`."""
    rules = rules or RuleSet()
    return [make(rules) for make in QUESTIONS]


def questions_markdown(rules: RuleSet | None = None) -> str:
    """The questions as Markdown for ``docs/rules.md``: a ``###`` heading per
    question, the answer, and the picture's cards as short names in a line
    ("`5♥ 6♥ 7♥` their run · ..."), a refused group marked "(refused)", and
    the rule keys of the setting as ``rules.md``'s Variants table names them."""
    out = []
    for q in common_questions(rules):
        out += [f"### {q.question}", "", q.answer, ""]
        if q.settings:
            out += ["Rule key: " + ", ".join(f"`{key}`" for key in q.settings) + ".", ""]
        if q.picture:
            groups = [f"`{names(*g.cards)}` {g.caption}" + (" " + _("(refused)") if g.refused else "")
                      for g in q.picture]
            out += ["Cards: " + " · ".join(groups), ""]
    return "\n".join(out).rstrip() + "\n"
