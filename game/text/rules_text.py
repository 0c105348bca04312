"""The rules in force, in plain words for the rules screen and the new-game screen.

Pure Python (never imports pygame). Everything here reads a
:class:`~game.rules.ruleset.RuleSet` and writes text that follows the actual value of
every key, using the rulebook's terms (stock, discard pile, meld, set, run,
lay off, go out, float, Rummy call, hand, deal); each paragraph ends with the
ids of the rules it explains, e.g. ``(R8, R9)``, as in ``rules.md``.

* :func:`describe_rules` -> ``list[tuple[str, str]]``: (heading, paragraph)
  sections in reading order for a newcomer.
* :data:`PROFILE_NAMES` / :data:`PROFILE_SUMMARIES`: display name and one
  sentence per key of :data:`game.rules.ruleset.PROFILES`.
* :func:`rule_changes` -> ``list[str]``: one short line per key that differs
  from ``RuleSet()``.
"""

from __future__ import annotations

from game.i18n import N_, _, current_language, ngettext
from game.rules.ruleset import RuleSet

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _word(n: int) -> str:
    """``n`` for a ``{count}`` placeholder: a word in English ("two"), the
    digits in the other languages (a number word's form depends on its noun
    there, so the translations write the digits)."""
    if current_language() == "en":
        return _NUMBER_WORDS.get(n, str(n))
    return str(n)


def _ids(*ids: str) -> str:
    return "(" + ", ".join(ids) + ")"


def describe_rules(rules: RuleSet, players: int | None = None) -> list[tuple[str, str]]:
    """The rules in force as ``[(heading, paragraph), ...]``, in reading order,
    in the current language (:mod:`game.i18n`).

    Sections: The aim (R21), Players and cards (R1, R2, R4), The deal (R3-R6),
    Your turn (R7-R10), Melds (R11-R13, R15), Laying off (R14), Going out (R16),
    Empty stock (R17), Rummy! (R18), Scoring (R19, R20). With ``players``
    given (2-8) the deck, joker, pack and hand counts are exact
    (``rules.deck_count`` / ``pack_size`` / ``hand_size``); without it the
    text explains how they depend on the number of players.
    """
    return [
        (_("The aim"), _aim(rules)),
        (_("Players and cards"), _players_and_cards(rules, players)),
        (_("The deal"), _deal()),
        (_("Your turn"), _turn(rules)),
        (_("Melds"), _melds(rules)),
        (_("Laying off"), _layoff(rules)),
        (_("Going out"), _going_out(rules)),
        (_("Empty stock"), _empty_stock(rules)),
        (_("Rummy!"), _rummy(rules)),
        (_("Scoring"), _scoring(rules)),
    ]


def _aim(rules: RuleSet) -> str:
    return _("Score points by laying cards on the table in melds; cards still in your hand "
             "count against you. Hands are played until someone's total reaches "
             "{target} points, then the highest total wins the game (if the top "
             "totals are tied, another hand is played).").format(target=rules.target) \
        + f" {_ids('R21')}"


def _pack_sentence(players: int, decks: int, jokers: int, size: int) -> str:
    if decks == 1 and jokers == 0:
        text = _("With {players} players the pack is one 52-card deck with no jokers: "
                 "{size} cards.")
    elif decks == 1:
        # TRANSLATORS: {count} and {decks} are number words in English ("two"), digits in other languages
        text = ngettext("With {players} players the pack is one 52-card deck plus {count} joker: "
                        "{size} cards.",
                        "With {players} players the pack is one 52-card deck plus {count} jokers: "
                        "{size} cards.", jokers)
    elif jokers == 0:
        text = _("With {players} players the pack is {decks} 52-card decks with no jokers: "
                 "{size} cards.")
    else:
        text = ngettext("With {players} players the pack is {decks} 52-card decks plus {count} "
                        "joker: {size} cards.",
                        "With {players} players the pack is {decks} 52-card decks plus {count} "
                        "jokers: {size} cards.", jokers)
    return text.format(players=players, decks=_word(decks), count=_word(jokers), size=size)


def _players_and_cards(rules: RuleSet, players: int | None) -> str:
    jokers = rules.jokers_per_deck
    parts = [_("2 to 8 players sit in a circle, and play always passes to the left.")]
    if players is not None:
        decks = rules.deck_count(players)
        parts.append(_pack_sentence(players, decks, decks * jokers, rules.pack_size(players)))
        dealt = rules.hand_size(players)
        parts.append(ngettext("Each player is dealt {count} card.", "Each player is dealt {count} cards.",
                              dealt).format(count=dealt))
    else:
        if rules.decks == "auto":
            parts.append(_("The pack is one 52-card deck for 2 to 5 players and two decks "
                           "for 6 to 8 players."))
        elif rules.decks == 1:
            parts.append(_("The pack is always one 52-card deck, whatever the number of players."))
        else:
            parts.append(_("The pack is always two 52-card decks, whatever the number of players."))
        if jokers == 0:
            parts.append(_("There are no jokers."))
        else:
            parts.append(ngettext("Each deck adds {count} joker.", "Each deck adds {count} jokers.",
                                  jokers).format(count=_word(jokers)))
        dealt = rules.two_player_hand_size
        parts.append(ngettext("Each player is dealt {count} card when two play, 7 cards with three or more.",
                              "Each player is dealt {count} cards when two play, 7 cards with three or more.",
                              dealt).format(count=dealt))
    return " ".join(parts) + f" {_ids('R1', 'R2', 'R4')}"


def _deal() -> str:
    return _("The first dealer is picked at random; after each hand the deal passes to the "
             "left. Cards are dealt one at a time, starting left of the dealer. The next card "
             "is turned face up to start the discard pile and the rest form the face-down "
             "stock. The discard pile is spread out so everyone can see every card in it. "
             "The player left of the dealer plays first.") + f" {_ids('R3', 'R4', 'R5', 'R6')}"


def _turn(rules: RuleSet) -> str:
    parts = [_("Start by drawing: take the top card of the stock, the top card of the discard "
               "pile, or a card deeper in the discard pile together with every card above it."),
             _("If you take deeper, you must table the deepest card you took this turn (in a new "
               "meld or by laying it off), and you may only take it if you can.")]
    if rules.top_discard_must_be_used:
        parts.append(_("The same goes for the top card taken alone: you must table it this turn."))
    else:
        parts.append(_("The top card taken alone need not be used, but you can't discard it "
                       "straight back."))
    if rules.deep_card_must_start_meld:
        parts.append(_("The card you must table has to start a new meld: laying it off "
                       "doesn't count."))
    parts.append(_("Then table any melds and lay-offs you like, and end your turn by "
                   "discarding one card."))
    return " ".join(parts) + f" {_ids('R7', 'R8', 'R9', 'R10')}"


def _melds(rules: RuleSet) -> str:
    parts = [_("A meld is a set or a run of at least 3 cards."),
             _("A set is 3 or 4 cards of one rank, all of different suits (7♠ 7♥ 7♦)."),
             _("A run is 3 or more cards of one suit in sequence (4♥ 5♥ 6♥).")]
    if rules.ace_wraps:
        parts.append(_("Aces go round the corner: a run may pass from the king through the ace "
                       "to the 2 (Q-K-A-2-3), up to 13 cards with no rank twice."))
    else:
        parts.append(_("The ace is low (A-2-3) or high (Q-K-A), but never round the corner: "
                       "K-A-2 is not a run."))
    ids = ["R11", "R12", "R13"]
    if rules.jokers_per_deck:
        parts.append(_("Jokers are wild: when you table one you name the exact card it stands "
                       "for, and it stays that card for the rest of the hand. A meld needs at "
                       "least one real card, and a joker is never swapped back out."))
        ids.append("R15")
    else:
        parts.append(_("There are no jokers in this game, so every card is what it says."))
    return " ".join(parts) + f" {_ids(*ids)}"


def _layoff(rules: RuleSet) -> str:
    parts = [_("You may lay off cards on any meld on the table, yours or another player's, as "
               "long as it stays a legal meld. A card you lay off stays in front of you and "
               "scores for you. Cards on the table never move again.")]
    if rules.layoff_requires_own_meld:
        parts.append(_("You may only lay off once you have tabled a meld of your own this hand."))
    else:
        parts.append(_("You don't need a meld of your own to lay off."))
    return " ".join(parts) + f" {_ids('R14')}"


def _going_out(rules: RuleSet) -> str:
    if rules.going_out == "meld_all":
        parts = [_("The hand ends at once when a player has no cards left: they go out by "
                   "tabling all their cards, or all but one and discarding it.")]
    elif rules.going_out == "discard_required":
        parts = [_("You may never table your last card: you go out only by discarding it, "
                   "and the hand ends at once.")]
    else:
        parts = [_("If you table every card you don't go out: you float with an empty hand. "
                   "On your next turn you draw as usual; if you still hold cards after your "
                   "plays you must discard, and if you table everything again you float again. "
                   "Only discarding your last card goes out and ends the hand.")]
    if rules.final_discard_unplayable:
        parts.append(_("You can't go out by discarding a card that could be laid off on a "
                       "meld on the table."))
    return " ".join(parts) + f" {_ids('R7', 'R16')}"


def _empty_stock(rules: RuleSet) -> str:
    if rules.empty_stock == "reshuffle":
        text = _("When the stock runs out, you may still take from the discard pile, or draw "
                 "from the stock: all discards but the top card are shuffled and turned over "
                 "as a new stock first. The hand ends only if the pile holds just one card "
                 "and you don't take it.")
        limit = rules.reshuffle_limit
        if limit is not None:
            if limit == 1:
                more = _("The pile may be turned over only once in a hand; after that an "
                         "empty stock ends the hand unless you take from the discard pile.")
            else:
                more = ngettext("The pile may be turned over only {count} time in a hand; after "
                                "that an empty stock ends the hand unless you take from the "
                                "discard pile.",
                                "The pile may be turned over only {count} times in a hand; after "
                                "that an empty stock ends the hand unless you take from the "
                                "discard pile.", limit).format(count=_word(limit))
            text += " " + more
    else:
        text = _("When your turn starts with an empty stock, you may still take from the "
                 "discard pile; if you don't, the hand ends there and then.")
    return f"{text} {_ids('R17')}"


def _rummy(rules: RuleSet) -> str:
    if not rules.rummy_calls:
        return _("Rummy calls are off in this game: a playable card left on the discard pile "
                 "just waits for someone to take it on their turn.") + f" {_ids('R18')}"
    return _("After a discard that doesn't end the hand, and before the next player draws, "
             "any other player may call \"Rummy!\" if a card in the discard pile could be "
             "tabled using only the cards from it to the top and the melds on the table "
             "(say, the discard fits a meld). The caller takes that card and every card above "
             "it, must table the deepest one, and plays the rest of a turn; players between "
             "the discarder and the caller miss their turn, and play continues to the "
             "caller's left. If several call, the first in turn order after the discarder "
             "wins.") + f" {_ids('R18')}"


def _scoring(rules: RuleSet) -> str:
    if rules.scoring == "fives":
        values = _("Cards score 5 for every 2 to 9, 10 for a 10, J, Q or K, and 15 for an ace; "
                   "an ace at the low end of a run (A-2-3) scores 5.")
    else:
        values = _("Cards score face value for 2 to 9, 10 for a 10, J, Q or K, and 15 for an "
                   "ace; an ace at the low end of a run (A-2-3) scores 1.")
    parts = [values]
    if rules.ace_wraps:
        parts.append(_("An ace in a run that goes round the corner scores 15."))
    if rules.jokers_per_deck:
        parts.append(_("A joker scores 15, in hand or on the table, whatever card it stands for."))
    parts.append(_("When the hand ends you score every card you tabled (melds and lay-offs) "
                   "minus every card left in your hand; totals may go below zero."))
    return " ".join(parts) + f" {_ids('R19', 'R20')}"


PROFILE_NAMES: dict[str, str] = {
    "standard": N_("Standard"),
    "no_jokers": N_("No jokers"),
    "strict_table": N_("Strict table"),
    "float": N_("Float"),
    "round_the_corner": N_("Round the corner"),
    "fives": N_("Fives"),
}
"""Short display name (English, marked with ``N_``) for each key of
:data:`game.rules.ruleset.PROFILES` (same keys); show it with :func:`profile_name`."""

PROFILE_SUMMARIES: dict[str, str] = {
    "standard": N_("The rulebook as written: two jokers a deck, aces high or low, Rummy calls on."),
    "no_jokers": N_("Standard rules played without any jokers."),
    "strict_table": N_("You must go out by discarding a card that can't be played, must use a "
                       "top discard you take, and must meld before laying off."),
    "float": N_("Tabling every card leaves you floating: only a final discard goes out."),
    "round_the_corner": N_("Aces go round the corner (K-A-2) and the discard pile is reshuffled "
                           "when the stock runs out."),
    "fives": N_("Cards from 2 to 9 and low aces score 5 points each instead of face value."),
}
"""One sentence (English, marked with ``N_``) per key of
:data:`game.rules.ruleset.PROFILES`: how it differs from standard; show it with
:func:`profile_summary`."""


def profile_name(key: str) -> str:
    """A built-in profile's name in the current language; any other name
    (a saved profile's) unchanged."""
    return _(PROFILE_NAMES[key]) if key in PROFILE_NAMES else key


def profile_summary(key: str) -> str:
    """A built-in profile's one-sentence summary in the current language.
    Raises ``KeyError`` for a key not in :data:`PROFILE_SUMMARIES`."""
    return _(PROFILE_SUMMARIES[key])


def _change_line(key: str, value: object) -> str:
    if key == "target":
        return ngettext("Target {count} point", "Target {count} points", int(value)).format(count=value)
    if key == "decks":
        return _("Always one deck") if value == 1 else _("Always two decks")
    if key == "jokers_per_deck":
        if value == 0:
            return _("No jokers")
        n = int(value)
        text = ngettext("{count} joker per deck", "{count} jokers per deck", n).format(count=_word(n))
        return text[:1].upper() + text[1:]
    if key == "two_player_hand_size":
        return ngettext("{count} card each with two players", "{count} cards each with two players",
                        int(value)).format(count=value)
    if key == "scoring":
        return _("5-10-15 scoring: 2 to 9 score 5")
    if key == "going_out":
        return (_("Go out only by discarding") if value == "discard_required"
                else _("Tabling every card floats"))
    if key == "final_discard_unplayable":
        return _("Last discard must be unplayable")
    if key == "top_discard_must_be_used":
        return _("A top discard taken must be tabled")
    if key == "deep_card_must_start_meld":
        return _("A deep card taken must start a meld")
    if key == "layoff_requires_own_meld":
        return _("Meld before you lay off")
    if key == "ace_wraps":
        return _("Aces go round the corner (K-A-2)")
    if key == "empty_stock":
        return _("Empty stock: reshuffle the discards")
    if key == "reshuffle_limit":
        if value == 1:
            return _("Discards turned over at most once a hand")
        n = int(value)
        return ngettext("Discards turned over at most {count} time a hand",
                        "Discards turned over at most {count} times a hand", n).format(count=_word(n))
    if key == "rummy_calls":
        return _("No Rummy calls")
    return f"{key}: {value}"


def rule_change_items(rules: RuleSet) -> list[tuple[str, str]]:
    """``[(key, line), ...]``: :func:`rule_changes` with each line's rule key."""
    default = RuleSet().to_dict()
    return [(key, _change_line(key, value)) for key, value in rules.to_dict().items()
            if value != default[key]
            and not (key == "reshuffle_limit" and rules.empty_stock != "reshuffle")]


def rule_changes(rules: RuleSet) -> list[str]:
    """One short line per key whose value differs from ``RuleSet()``, in the
    order of ``rules.md`` and the current language (e.g. "No jokers", "Aces go
    round the corner (K-A-2)", "Target 300 points"); ``[]`` for the default
    rules. A ``reshuffle_limit`` is left out unless ``empty_stock = reshuffle``:
    it means nothing otherwise (R17)."""
    return [line for _key, line in rule_change_items(rules)]
