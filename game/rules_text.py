"""The rules in force, in plain words for the rules screen and the new-game screen.

Pure Python (never imports pygame). Everything here reads a
:class:`~game.rules.RuleSet` and writes text that follows the actual value of
every key, using the rulebook's terms (stock, discard pile, meld, set, run,
lay off, go out, float, Rummy call, hand, deal); each paragraph ends with the
ids of the rules it explains, e.g. ``(R8, R9)``, as in ``rules.md``.

* :func:`describe_rules` -> ``list[tuple[str, str]]``: (heading, paragraph)
  sections in reading order for a newcomer.
* :data:`PROFILE_NAMES` / :data:`PROFILE_SUMMARIES`: display name and one
  sentence per key of :data:`game.rules.PROFILES`.
* :func:`rule_changes` -> ``list[str]``: one short line per key that differs
  from ``RuleSet()``.
"""

from __future__ import annotations

from .rules import RuleSet

_NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four"}


def _word(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _plural(n: int, noun: str) -> str:
    return f"{_word(n)} {noun}" + ("" if n == 1 else "s")


def _ids(*ids: str) -> str:
    return "(" + ", ".join(ids) + ")"


def describe_rules(rules: RuleSet, players: int | None = None) -> list[tuple[str, str]]:
    """The rules in force as ``[(heading, paragraph), ...]``, in reading order.

    Sections: The aim (R21), Players and cards (R1, R2, R4), The deal (R3-R6),
    Your turn (R7-R10), Melds (R11-R13, R15), Laying off (R14), Going out (R16),
    Empty stock (R17), Rummy! (R18), Scoring (R19, R20). With ``players``
    given (2-8) the deck, joker, pack and hand counts are exact
    (``rules.deck_count`` / ``pack_size`` / ``hand_size``); without it the
    text explains how they depend on the number of players.
    """
    return [
        ("The aim", _aim(rules)),
        ("Players and cards", _players_and_cards(rules, players)),
        ("The deal", _deal()),
        ("Your turn", _turn(rules)),
        ("Melds", _melds(rules)),
        ("Laying off", _layoff(rules)),
        ("Going out", _going_out(rules)),
        ("Empty stock", _empty_stock(rules)),
        ("Rummy!", _rummy(rules)),
        ("Scoring", _scoring(rules)),
    ]


def _aim(rules: RuleSet) -> str:
    return (f"Score points by laying cards on the table in melds; cards still in your hand "
            f"count against you. Hands are played until someone's total reaches "
            f"{rules.target} points, then the highest total wins the game (if the top "
            f"totals are tied, another hand is played). {_ids('R21')}")


def _players_and_cards(rules: RuleSet, players: int | None) -> str:
    jokers = rules.jokers_per_deck
    parts = ["2 to 8 players sit in a circle, and play always passes to the left."]
    if players is not None:
        decks = rules.deck_count(players)
        deck_text = "one 52-card deck" if decks == 1 else f"{_word(decks)} 52-card decks"
        total_jokers = decks * jokers
        joker_text = " with no jokers" if total_jokers == 0 else " plus " + _plural(total_jokers, "joker")
        parts.append(f"With {players} players the pack is {deck_text}{joker_text}: "
                     f"{rules.pack_size(players)} cards.")
        parts.append(f"Each player is dealt {rules.hand_size(players)} cards.")
    else:
        if rules.decks == "auto":
            parts.append("The pack is one 52-card deck for 2 to 5 players and two decks "
                         "for 6 to 8 players.")
        elif rules.decks == 1:
            parts.append("The pack is always one 52-card deck, whatever the number of players.")
        else:
            parts.append("The pack is always two 52-card decks, whatever the number of players.")
        if jokers == 0:
            parts.append("There are no jokers.")
        else:
            parts.append(f"Each deck adds {_plural(jokers, 'joker')}.")
        parts.append(f"Each player is dealt {rules.two_player_hand_size} cards when two play, "
                     f"7 cards with three or more.")
    return " ".join(parts) + f" {_ids('R1', 'R2', 'R4')}"


def _deal() -> str:
    return ("The first dealer is picked at random; after each hand the deal passes to the "
            "left. Cards are dealt one at a time, starting left of the dealer. The next card "
            "is turned face up to start the discard pile and the rest form the face-down "
            "stock. The discard pile is spread out so everyone can see every card in it. "
            f"The player left of the dealer plays first. {_ids('R3', 'R4', 'R5', 'R6')}")


def _turn(rules: RuleSet) -> str:
    parts = ["Start by drawing: take the top card of the stock, the top card of the discard "
             "pile, or a card deeper in the discard pile together with every card above it.",
             "If you take deeper, you must table the deepest card you took this turn (in a new "
             "meld or by laying it off), and you may only take it if you can."]
    if rules.top_discard_must_be_used:
        parts.append("The same goes for the top card taken alone: you must table it this turn.")
    else:
        parts.append("The top card taken alone need not be used, but you can't discard it "
                     "straight back.")
    if rules.deep_card_must_start_meld:
        parts.append("The card you must table has to start a new meld: laying it off "
                     "doesn't count.")
    parts.append("Then table any melds and lay-offs you like, and end your turn by "
                 "discarding one card.")
    return " ".join(parts) + f" {_ids('R7', 'R8', 'R9', 'R10')}"


def _melds(rules: RuleSet) -> str:
    parts = ["A meld is a set or a run of at least 3 cards.",
             "A set is 3 or 4 cards of one rank, all of different suits (7♠ 7♥ 7♦).",
             "A run is 3 or more cards of one suit in sequence (4♥ 5♥ 6♥)."]
    if rules.ace_wraps:
        parts.append("Aces go round the corner: a run may pass from the king through the ace "
                     "to the 2 (Q-K-A-2-3), up to 13 cards with no rank twice.")
    else:
        parts.append("The ace is low (A-2-3) or high (Q-K-A), but never round the corner: "
                     "K-A-2 is not a run.")
    ids = ["R11", "R12", "R13"]
    if rules.jokers_per_deck:
        parts.append("Jokers are wild: when you table one you name the exact card it stands "
                     "for, and it stays that card for the rest of the hand. A meld needs at "
                     "least one real card, and a joker is never swapped back out.")
        ids.append("R15")
    else:
        parts.append("There are no jokers in this game, so every card is what it says.")
    return " ".join(parts) + f" {_ids(*ids)}"


def _layoff(rules: RuleSet) -> str:
    parts = ["You may lay off cards on any meld on the table, yours or another player's, as "
             "long as it stays a legal meld. A card you lay off stays in front of you and "
             "scores for you. Cards on the table never move again."]
    if rules.layoff_requires_own_meld:
        parts.append("You may only lay off once you have tabled a meld of your own this hand.")
    else:
        parts.append("You don't need a meld of your own to lay off.")
    return " ".join(parts) + f" {_ids('R14')}"


def _going_out(rules: RuleSet) -> str:
    if rules.going_out == "meld_all":
        parts = ["The hand ends at once when a player has no cards left: they go out by "
                 "tabling all their cards, or all but one and discarding it."]
    elif rules.going_out == "discard_required":
        parts = ["You may never table your last card: you go out only by discarding it, "
                 "and the hand ends at once."]
    else:
        parts = ["If you table every card you don't go out: you float with an empty hand. "
                 "On your next turn you draw as usual; if you still hold cards after your "
                 "plays you must discard, and if you table everything again you float again. "
                 "Only discarding your last card goes out and ends the hand."]
    if rules.final_discard_unplayable:
        parts.append("You can't go out by discarding a card that could be laid off on a "
                     "meld on the table.")
    return " ".join(parts) + f" {_ids('R7', 'R16')}"


def _empty_stock(rules: RuleSet) -> str:
    if rules.empty_stock == "reshuffle":
        text = ("When the stock runs out, you may still take from the discard pile, or draw "
                "from the stock: all discards but the top card are shuffled and turned over "
                "as a new stock first. The hand ends only if the pile holds just one card "
                "and you don't take it.")
        limit = rules.reshuffle_limit
        if limit is not None:
            times = "once" if limit == 1 else f"{_word(limit)} times"
            text += (f" The pile may be turned over only {times} in a hand; after that an "
                     "empty stock ends the hand unless you take from the discard pile.")
    else:
        text = ("When your turn starts with an empty stock, you may still take from the "
                "discard pile; if you don't, the hand ends there and then.")
    return f"{text} {_ids('R17')}"


def _rummy(rules: RuleSet) -> str:
    if not rules.rummy_calls:
        return ("Rummy calls are off in this game: a playable card left on the discard pile "
                f"just waits for someone to take it on their turn. {_ids('R18')}")
    return ("After a discard that doesn't end the hand, and before the next player draws, "
            "any other player may call \"Rummy!\" if a card in the discard pile could be "
            "tabled using only the cards from it to the top and the melds on the table "
            "(say, the discard fits a meld). The caller takes that card and every card above "
            "it, must table the deepest one, and plays the rest of a turn; players between "
            "the discarder and the caller miss their turn, and play continues to the "
            "caller's left. If several call, the first in turn order after the discarder "
            f"wins. {_ids('R18')}")


def _scoring(rules: RuleSet) -> str:
    if rules.scoring == "fives":
        values = ("Cards score 5 for every 2 to 9, 10 for a 10, J, Q or K, and 15 for an ace; "
                  "an ace at the low end of a run (A-2-3) scores 5.")
    else:
        values = ("Cards score face value for 2 to 9, 10 for a 10, J, Q or K, and 15 for an "
                  "ace; an ace at the low end of a run (A-2-3) scores 1.")
    parts = [values]
    if rules.ace_wraps:
        parts.append("An ace in a run that goes round the corner scores 15.")
    if rules.jokers_per_deck:
        parts.append("A joker scores 15, in hand or on the table, whatever card it stands for.")
    parts.append("When the hand ends you score every card you tabled (melds and lay-offs) "
                 "minus every card left in your hand; totals may go below zero.")
    return " ".join(parts) + f" {_ids('R19', 'R20')}"


PROFILE_NAMES: dict[str, str] = {
    "standard": "Standard",
    "no_jokers": "No jokers",
    "strict_table": "Strict table",
    "float": "Float",
    "round_the_corner": "Round the corner",
    "fives": "Fives",
}
"""Short display name for each key of :data:`game.rules.PROFILES` (same keys)."""

PROFILE_SUMMARIES: dict[str, str] = {
    "standard": "The rulebook as written: two jokers a deck, aces high or low, Rummy calls on.",
    "no_jokers": "Standard rules played without any jokers.",
    "strict_table": ("You must go out by discarding a card that can't be played, must use a "
                     "top discard you take, and must meld before laying off."),
    "float": "Tabling every card leaves you floating: only a final discard goes out.",
    "round_the_corner": ("Aces go round the corner (K-A-2) and the discard pile is reshuffled "
                         "when the stock runs out."),
    "fives": "Cards from 2 to 9 and low aces score 5 points each instead of face value.",
}
"""One sentence per key of :data:`game.rules.PROFILES`: how it differs from standard."""


def _change_line(key: str, value: object) -> str:
    if key == "target":
        return f"Target {value} points"
    if key == "decks":
        return "Always one deck" if value == 1 else "Always two decks"
    if key == "jokers_per_deck":
        if value == 0:
            return "No jokers"
        return f"{_plural(int(value), 'joker').capitalize()} per deck"
    if key == "two_player_hand_size":
        return f"{value} cards each with two players"
    if key == "scoring":
        return "5-10-15 scoring: 2 to 9 score 5"
    if key == "going_out":
        return ("Go out only by discarding" if value == "discard_required"
                else "Tabling every card floats")
    if key == "final_discard_unplayable":
        return "Last discard must be unplayable"
    if key == "top_discard_must_be_used":
        return "A top discard taken must be tabled"
    if key == "deep_card_must_start_meld":
        return "A deep card taken must start a meld"
    if key == "layoff_requires_own_meld":
        return "Meld before you lay off"
    if key == "ace_wraps":
        return "Aces go round the corner (K-A-2)"
    if key == "empty_stock":
        return "Empty stock: reshuffle the discards"
    if key == "reshuffle_limit":
        return ("Discards turned over at most once a hand" if value == 1
                else f"Discards turned over at most {_word(int(value))} times a hand")
    if key == "rummy_calls":
        return "No Rummy calls"
    return f"{key}: {value}"


def rule_changes(rules: RuleSet) -> list[str]:
    """One short line per key whose value differs from ``RuleSet()``, in the
    order of ``rules.md`` (e.g. "No jokers", "Aces go round the corner (K-A-2)",
    "Target 300 points"); ``[]`` for the default rules. A ``reshuffle_limit``
    is left out unless ``empty_stock = reshuffle``: it means nothing otherwise (R17)."""
    default = RuleSet().to_dict()
    return [_change_line(key, value) for key, value in rules.to_dict().items()
            if value != default[key]
            and not (key == "reshuffle_limit" and rules.empty_stock != "reshuffle")]

