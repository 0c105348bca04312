"""Write the ``h_*.json`` AI puzzles of tests/ai_puzzles/ (issue 11, kinds 1-6).

    python tools/make_hard_puzzles.py [--check] [--seeds 0,1,2] [--only NAME]

Each puzzle below is a small position: the seats' hands, the discard pile
(bottom first), the top of the stock (the cards the turns shown draw, in
order) and how many more stock cards to add, the actions that lead to the
position, the rules that differ from the defaults, and the ``puzzle`` key of
``ai-puzzles.md`` (the judged seat is 0). The extra stock cards are the pack's
unused cards in an order fixed by the puzzle's name, so the files come out
the same on every run. ``--check`` then plays every puzzle with every level
it names on every seed through ``rummy500 analyse``'s code and prints what
failed (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.services.analyse import analyse, load_position, passes  # noqa: E402
from game.rules.cards import build_pack, parse_card, tokens  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402

OUT = ROOT / "tests" / "ai_puzzles"
ALL = ["easy", "medium", "hard"]
NO_EASY = ["medium", "hard"]


def puzzle(name: str, hands: list[str], discard: str, stock: str, *, fill: int = 12, dealer: int | None = None,
           actions: list[tuple] = (), rules: dict | None = None, note: str, expert: str, pass_if: dict,
           levels: list[str]) -> dict:
    """One puzzle record. ``hands``, ``discard`` and ``stock`` are space-separated
    tokens; ``actions`` are ``(seat, key, value)`` or ``(seat, "layoff", card,
    meld)``; ``dealer`` defaults to the last seat (seat 0 plays first)."""
    players = len(hands)
    rules = dict(rules or {})
    ruleset = RuleSet.from_dict(rules)
    pack = Counter(build_pack(ruleset.deck_count(players), ruleset.jokers_per_deck))
    used = Counter(parse_card(t) for part in [*hands, discard, stock] for t in part.split() if t[0] != "?")
    over = used - pack
    if over:
        raise ValueError(f"{name}: more copies than the pack holds: {tokens(over.elements())}")
    rest = sorted((pack - used).elements())
    random.Random(name).shuffle(rest)
    dealt = []
    for h in hands:  # "?N": N cards of the rest
        if h.startswith("?"):
            n = int(h[1:])
            h, rest = " ".join(tokens(rest[:n])), rest[n:]
        dealt.append(h)
    hands = dealt
    record_actions = []
    for a in actions:
        if a[1] == "layoff":
            record_actions.append({"p": a[0], "layoff": a[2], "onto": a[3]})
        elif a[1] == "meld":
            record_actions.append({"p": a[0], "meld": a[2].split()})
        else:
            record_actions.append({"p": a[0], a[1]: a[2]})
    data = {
        "format": "rummy500/1",
        "note": note,
        "players": ["Hero"] + [f"Opp{i}" for i in range(1, players)],
        "hands": [{
            "dealer": players - 1 if dealer is None else dealer,
            "deal": {"hands": [h.split() for h in hands], "discard": discard.split(),
                     "stock": stock.split() + tokens(rest[:fill])},
            "actions": record_actions,
        }],
        "puzzle": {"seat": 0, "expert": expert, "pass_if": pass_if, "levels": levels},
    }
    if rules:
        data["rules"] = rules
    return {"name": name, "record": data}


def opponent_meld_turn(seat: int, meld: str, junk: str) -> list[tuple]:
    """``seat`` draws ``junk`` from the stock, tables ``meld`` and throws the junk back."""
    return [(seat, "draw", "stock"), (seat, "meld", meld), (seat, "discard", junk)]


def quiet_turn(seat: int, junk: str) -> list[tuple]:
    """``seat`` draws ``junk`` from the stock and discards it."""
    return [(seat, "draw", "stock"), (seat, "discard", junk)]


def draw(seat: int = 0) -> list[tuple]:
    """``seat`` draws from the stock (the puzzle starts in its play phase)."""
    return [(seat, "draw", "stock")]


OPP7 = "?7"
"""An opponent hand of seven cards the puzzle does not use (drawn from the rest of the pack)."""


def kind1() -> list[dict]:
    """Jokers are laid off."""
    return [
        puzzle("h_k1_joker_layoff_run_2p", ["JK 3D 5S 8H", "7C 8C 9C KS"], "TH", "QD 2H", dealer=0,
               actions=opponent_meld_turn(1, "7C 8C 9C", "QD") + draw(),
               note="Opponent holds 1 card; 7C 8C 9C on the table. Hand JK 3D 5S 8H, draws 2H.",
               expert="lay the joker off on the club run (+15, not -15 in hand)",
               pass_if={"lays_off": "JK"}, levels=ALL),
        puzzle("h_k1_joker_layoff_set_3p", ["JK 4S 6D KC", "9C 9D 9H TS", "5C 7H QS JD"], "2H", "3C 8D 3H",
               dealer=0, actions=opponent_meld_turn(1, "9C 9D 9H", "3C") + quiet_turn(2, "8D") + draw(),
               note="Three players; the next opponent holds 1 card; 9C 9D 9H on the table. Hand JK 4S 6D KC, draws 3H.",
               expert="lay the joker off on the nines", pass_if={"lays_off": "JK"}, levels=ALL),
        puzzle("h_k1_joker_goes_out_4p", ["JK", "4S 5S 6S 9D 3C", "2H 7D QC TC", "3D 8C JH KS"], "5D",
               "AD 6H 8S KH", dealer=0,
               actions=opponent_meld_turn(1, "4S 5S 6S", "AD") + quiet_turn(2, "6H") + quiet_turn(3, "8S") + draw(),
               note="Four players; hand JK only, draws KH; 4S 5S 6S on the table.",
               expert="lay the joker off, discard the KH: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k1_two_jokers_go_out_2p", ["JK JK", "TC JC QC 4H 6S 9H"], "3S", "5H 9D", dealer=0,
               actions=opponent_meld_turn(1, "TC JC QC", "5H") + draw(),
               note="Hand two jokers, draws 9D; TC JC QC on the table; the opponent holds 3 cards.",
               expert="lay both jokers off on the club run, discard the 9D: out",
               pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k1_joker_layoff_fives_6p",
               ["JK 2H 7S", "QS QH QD 5C", "3C 9S", "4D 8D", "6C TD", "JS 2D"], "KC",
               "AH 5S 8H 9C 3H 4C", dealer=0, rules={"scoring": "fives"},
               actions=opponent_meld_turn(1, "QS QH QD", "AH") + quiet_turn(2, "5S") + quiet_turn(3, "8H")
               + quiet_turn(4, "9C") + quiet_turn(5, "3H") + draw(),
               note="Six players, two decks, 5-10-15 scoring; QS QH QD on the table; the tabler holds 1 card.",
               expert="lay the joker off on the queens", pass_if={"lays_off": "JK"}, levels=ALL),
        puzzle("h_k1_joker_needs_own_meld_2p", ["JK 4H 5H 6H 9C", "TS JS QS 2D"], "8C", "7D KD", dealer=0,
               rules={"layoff_requires_own_meld": True},
               actions=opponent_meld_turn(1, "TS JS QS", "7D") + draw(),
               note="Lay-offs need a meld of one's own; the opponent holds 1 card. Hand JK 4H 5H 6H 9C, draws KD.",
               expert="table 4H 5H 6H (the joker with it or laid off after it)",
               pass_if={"melds_with": ["4H", "5H", "6H"]}, levels=ALL),
        puzzle("h_k1_joker_kept_without_own_meld_2p", ["JK 9C KD 3H", "TS JS QS 2D 5C"], "8C", "7D 6H", dealer=0,
               rules={"layoff_requires_own_meld": True},
               actions=opponent_meld_turn(1, "TS JS QS", "7D") + draw(),
               note="Lay-offs need a meld of one's own and the hand has none: the joker cannot be laid off.",
               expert="keep the joker, discard a loose card", pass_if={"keeps": ["JK"]}, levels=ALL),
    ]


def kind2() -> list[dict]:
    """Going out with the right split of cards among melds."""
    return [
        puzzle("h_k2_run_and_set_split_2p", ["8D 9D TD TC TH TS", OPP7], "3C", "JD", actions=draw(),
               note="Hand 8D 9D TD TC TH TS, draws JD. The four tens strand 8D 9D JD.",
               expert="meld 8D 9D TD JD and TC TH TS: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k2_split_discard_required_3p", ["8D 9D TD TC TH TS 2C", "3S 7H KC QH 5D", "4C 6S AH JH 9S"],
               "3C", "JD", actions=draw(), rules={"going_out": "discard_required"},
               note="The last card must be discarded. Hand 8D 9D TD TC TH TS 2C, draws JD.",
               expert="meld 8D 9D TD JD and TC TH TS, discard the 2C: out", pass_if={"went_out": True},
               levels=ALL),
        puzzle("h_k2_small_melds_go_out_2p", ["2C 3C 4C 2D 3D 4D", OPP7], "KH", "9H", fill=25, actions=draw(),
               note="Two small melds (9 points each), a long stock, an opponent with 7 cards: holding back "
                    "a small meld would keep the hand from going out.",
               expert="meld both, discard the 9H: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k2_meld_and_layoff_out_4p", ["4H 5H 6H 8C", "9C TC JC 3S 7D", "2S QD 5C", "KC 6D 2H"],
               "AS", "4D 9S 3D KS", dealer=0,
               actions=opponent_meld_turn(1, "9C TC JC", "4D") + quiet_turn(2, "9S") + quiet_turn(3, "3D") + draw(),
               note="Four players; 9C TC JC on the table. Hand 4H 5H 6H 8C, draws KS.",
               expert="meld 4H 5H 6H, lay the 8C off, discard the KS: out", pass_if={"went_out": True},
               levels=ALL),
        puzzle("h_k2_joker_split_2p", ["JK 5S 6S 7D 7C", OPP7], "KH", "7H", actions=draw(),
               note="Hand JK 5S 6S 7D 7C, draws 7H. The joker with the sevens strands 5S 6S.",
               expert="meld 5S 6S with the joker and 7C 7D 7H: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k2_low_run_and_set_3p", ["AC 2C 3C 3D 3H", "9S KD 6H 8D", "QC 5S JD 7S"], "TH", "3S",
               actions=draw(), note="Three players. Hand AC 2C 3C 3D 3H, draws 3S. The four threes strand AC 2C.",
               expert="meld AC 2C 3C and 3D 3H 3S: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k2_fives_split_5p", ["6D 7D 8D 8C 8H", "2S KH", "4C JS", "TC 9H", "5H QS"], "AS", "8S",
               actions=draw(), rules={"scoring": "fives"},
               note="Five players, 5-10-15 scoring. Hand 6D 7D 8D 8C 8H, draws 8S. The four eights strand 6D 7D.",
               expert="meld 6D 7D 8D and 8C 8H 8S: out", pass_if={"went_out": True}, levels=ALL),
    ]


def kind3() -> list[dict]:
    """Rummy calls weighed like any other take."""
    return [
        puzzle("h_k3_refuse_deep_junk_no_jokers_2p", ["2C 6D 8S 5H", "7H 8H 9H 4D"], "9C 2D AS KC 3D QH JS",
               "KD 5S QD", fill=0, dealer=0, rules={"jokers_per_deck": 0},
               actions=opponent_meld_turn(1, "7H 8H 9H", "4D"),
               note="No jokers; stock 3; the opponent holds 1 card. The only call is 7 deep (2D 3D 4D) and "
                    "brings AS KC QH JS (45 points).",
               expert="no Rummy call, draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=ALL),
        puzzle("h_k3_refuse_deep_junk_3p", ["2C 6D 8S 5H", "7H 8H 9H QS", "4D"], "9C 2D AS KC 3D QH JS",
               "TC KD 5S QD", fill=0, dealer=0,
               actions=opponent_meld_turn(1, "7H 8H 9H", "TC") + [(2, "draw", "stock"), (2, "discard", "4D")],
               note="Three players; stock 2; the next opponent holds 1 card. After the 4D the only call is "
                    "deep (2D 3D 4D under AS KC QH JS TC).",
               expert="no Rummy call, draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=ALL),
        puzzle("h_k3_call_goes_out_3p", ["JD 9S", "7D 8D 9D TD 5C", "2S 4H 6C KC"], "3H", "QS QH", dealer=0,
               actions=[(1, "draw", "stock"), (1, "meld", "7D 8D 9D"), (1, "discard", "TD")],
               note="Three players; 7D 8D 9D on the table, the TD just discarded; seat 2 is next. Hand JD 9S.",
               expert="call Rummy on the TD, lay it and the JD off, discard the 9S: out",
               pass_if={"went_out": True}, levels=NO_EASY),
        puzzle("h_k3_call_goes_out_4p", ["JD 9S", "7D 8D 9D TD 5C", "2S 4H 6C KC", "3C 5S QC 8H"], "3H",
               "QS QH", dealer=0, actions=[(1, "draw", "stock"), (1, "meld", "7D 8D 9D"), (1, "discard", "TD")],
               note="Four players; 7D 8D 9D on the table, the TD just discarded; seats 2 and 3 come first. Hand JD 9S.",
               expert="call Rummy on the TD, lay it and the JD off, discard the 9S: out",
               pass_if={"went_out": True}, levels=NO_EASY),
        puzzle("h_k3_call_pile_set_goes_out_3p", ["KH", "5S 9C 2D", "JC 4H 8S"], "7D 5C 5D", "6H", dealer=0,
               actions=[(1, "draw", "stock"), (1, "discard", "5S")],
               note="Three players; the top three pile cards are 5C 5D 5S, a set; seat 2 is next. Hand KH.",
               expert="call Rummy three deep, meld the fives, discard the KH: out",
               pass_if={"went_out": True}, levels=NO_EASY),
        puzzle("h_k3_refuse_deep_junk_4p", ["2C 6D 8S 5H", "7H 8H 9H QS", "TC 3S", "4D"], "9C 2D AS KC 3D QH JS",
               "KD 5S QD 6C JC", fill=0, dealer=0,
               actions=[(1, "draw", "stock"), (1, "meld", "7H 8H 9H"), (1, "discard", "QS"),
                        (2, "draw", "stock"), (2, "discard", "TC"), (3, "draw", "stock"), (3, "discard", "4D")],
               note="Four players; stock 3; one opponent holds 1 card. The only call is 7 deep.",
               expert="no Rummy call, draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=ALL),
    ]


def kind4() -> list[dict]:
    """Discards that would feed an opponent are held."""
    return [
        puzzle("h_k4_keep_card_opponent_took_2p", ["7C 2D 3H JC", "5D 6D 7D 9C KS"], "4S 7S", "QH KD", dealer=0,
               actions=[(1, "take", 1), (1, "meld", "5D 6D 7D"), (1, "discard", "KS")] + draw(),
               note="The opponent took the 7S and holds it with one more card. Hand 7C 2D 3H JC, draws KD.",
               expert="keep the 7C", pass_if={"keeps": ["7C"]}, levels=NO_EASY),
        puzzle("h_k4_keep_layoff_card_needs_own_meld_2p", ["KS 2C 9D 4H", "TS JS QS 6C"], "8H", "5D 3C",
               dealer=0, rules={"layoff_requires_own_meld": True},
               actions=opponent_meld_turn(1, "TS JS QS", "5D") + draw(),
               note="Lay-offs need one's own meld (the hand has none); TS JS QS on the table, the opponent "
                    "holds 1 card: a discarded KS would let it lay off and go out.",
               expert="keep the KS", pass_if={"keeps": ["KS"]}, levels=NO_EASY),
        puzzle("h_k4_lay_off_instead_of_feeding_2p", ["KS 2C 9D 4H", "TS JS QS 6C"], "8H", "5D 3C", dealer=0,
               actions=opponent_meld_turn(1, "TS JS QS", "5D") + draw(),
               note="Same position without the own-meld rule: the KS can be laid off.",
               expert="lay the KS off", pass_if={"lays_off": "KS"}, levels=ALL),
        puzzle("h_k4_keep_card_fitting_set_3p", ["8S 2C 9D 4H", "6C", "8C 8D 8H QS"], "TH", "5D 3S", dealer=1,
               rules={"layoff_requires_own_meld": True},
               actions=opponent_meld_turn(2, "8C 8D 8H", "5D") + draw(),
               note="Lay-offs need one's own meld (the hand has none); 8C 8D 8H on the table; an opponent "
                    "holds 1 card.",
               expert="keep the 8S", pass_if={"keeps": ["8S"]}, levels=ALL),
        puzzle("h_k4_keep_joker_2p", ["JK 2C 9D KH", OPP7], "5S", "6H", actions=draw(),
               note="Nothing melds and the table is empty. Hand JK 2C 9D KH, draws 6H.",
               expert="keep the joker", pass_if={"keeps": ["JK"]}, levels=ALL),
        puzzle("h_k4_keep_the_pair_2p", ["KC KD 9S 4H", "TD 2S 8H JC 2D AC 5C"], "3S", "2H", fill=25,
               actions=draw(),
               note="Early in the hand; hand KC KD 9S 4H, draws 2H: the kings are a pair, the 9S the highest "
                    "loose card.",
               expert="keep the kings, discard a loose card", pass_if={"keeps": ["KC", "KD"]}, levels=ALL),
        puzzle("h_k4_keep_card_opponent_took_5p", ["6D 9S QC 3C", "TS 5H", "4C JH", "2H 7C KD", "AD 8S"],
               "2D 6H", "JS 4S 5C 9D 3D QD 7S", dealer=2,
               actions=[(3, "take", 1), (3, "discard", "KD")] + quiet_turn(4, "JS") + quiet_turn(0, "4S")
               + quiet_turn(1, "5C") + quiet_turn(2, "9D") + [(3, "draw", "stock"), (3, "discard", "2H"),
                                                               (4, "draw", "stock"), (4, "discard", "AD")] + draw(),
               note="Five players; seat 3 took the 6H and still holds it. Hand 6D 9S QC 3C.",
               expert="keep the 6D", pass_if={"keeps": ["6D"]}, levels=NO_EASY),
    ]


def kind5() -> list[dict]:
    """An empty stock with a meld in hand."""
    return [
        puzzle("h_k5_take_and_table_set_3p", ["KC KD KH 4S 6D", "QS 2C 5H", "9D JH 3C"], "8C", "TS", fill=0,
               dealer=0, actions=quiet_turn(1, "TS") + [(2, "take", 1), (2, "discard", "9D")],
               note="Three players; the stock is empty; top discard 9D. Ending leaves 40 points in hand.",
               expert="take the 9D, table the kings", pass_if={"melds_with": ["KC", "KD", "KH"]}, levels=NO_EASY),
        puzzle("h_k5_take_and_table_run_fives_2p", ["5H 6H 7H 9C 2D", "2S 4C 8D"], "JS", "KC", fill=0, dealer=0,
               rules={"scoring": "fives"}, actions=quiet_turn(1, "KC"),
               note="5-10-15 scoring; the stock is empty; top discard KC. Hand 5H 6H 7H 9C 2D.",
               expert="take the KC, table 5H 6H 7H", pass_if={"melds_with": ["5H", "6H", "7H"]}, levels=NO_EASY),
        puzzle("h_k5_reshuffle_table_meld_2p", ["KC KD KH 4S 6D", "QS 2C 5H 9D"], "8C 3H", "TS", fill=0,
               dealer=0, rules={"empty_stock": "reshuffle"}, actions=quiet_turn(1, "TS"),
               note="Under reshuffle the empty stock is turned over; hand KC KD KH 4S 6D.",
               expert="draw (or take) and table the kings", pass_if={"melds_with": ["KC", "KD", "KH"]},
               levels=NO_EASY),
        puzzle("h_k5_take_to_make_second_meld_4p", ["QC QD QH 7S 8S 2D", "4C 5D", "6H JC", "3C TH"], "AH",
               "KS 9D 9S", fill=0, dealer=0,
               actions=quiet_turn(1, "KS") + quiet_turn(2, "9D") + [(3, "draw", "stock"), (3, "discard", "9S")],
               note="Four players; the stock is empty; top discard 9S. Hand QC QD QH 7S 8S 2D.",
               expert="take the 9S, meld 7S 8S 9S and the queens", pass_if={"melds_with": ["7S", "8S", "9S"]},
               levels=NO_EASY),
        puzzle("h_k5_joker_meld_empty_stock_2p", ["JK 5C 6C KD", "2S 4H 8D"], "JS", "3H", fill=0, dealer=0,
               actions=quiet_turn(1, "3H"),
               note="The stock is empty; top discard 3H. Hand JK 5C 6C KD: ending leaves 36 points in hand.",
               expert="take the 3H, meld 5C 6C with the joker", pass_if={"melds_with": ["5C", "6C", "JK"]},
               levels=NO_EASY),
        puzzle("h_k5_take_and_go_out_3p", ["9H 9S 9D", "2S 4H 8D", "KC 3D 6S 9C"], "JS", "TD", fill=0, dealer=1,
               actions=[(2, "draw", "stock"), (2, "discard", "9C")],
               note="Three players; the stock is empty; top discard 9C. Hand 9H 9S 9D.",
               expert="take the 9C, meld the four nines: out", pass_if={"went_out": True}, levels=NO_EASY),
        puzzle("h_k5_discard_required_empty_stock_2p", ["KC KD KH 6D", "2S 4H 8D"], "JS", "QS", fill=0,
               dealer=0, rules={"going_out": "discard_required"}, actions=quiet_turn(1, "QS"),
               note="The last card must be discarded; the stock is empty; top discard QS. Hand KC KD KH 6D.",
               expert="take the QS, table the kings, discard the 6D", pass_if={"melds_with": ["KC", "KD", "KH"]},
               levels=NO_EASY),
    ]


def kind6() -> list[dict]:
    """Hard's noise: plays the search must not get wrong."""
    return [
        puzzle("h_k6_unrelated_top_discard_2p", ["3C 4C 7H 8H 9S 2D JS QS 5D 6S", "TD 2S 8C JC 2H AC 7C"], "KD",
               "", fill=20, actions=[],
               note="Ten cards; the top discard KD relates to nothing in the hand.",
               expert="draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=NO_EASY),
        puzzle("h_k6_unrelated_top_discard_no_jokers_4p", ["3C 4C 7H 8H 9S 2D JS", "TD 2S 8C", "JC 2H AC",
                                                             "7C 5S 6D"], "KD", "", fill=20,
               rules={"jokers_per_deck": 0},
               note="Four players, no jokers; the top discard KD relates to nothing in the hand.",
               expert="draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=NO_EASY),
        puzzle("h_k6_take_top_goes_out_2p", ["5C 6C", OPP7], "KS 4C", "9D",
               note="Hand 5C 6C; the top discard 4C.", expert="take the 4C, meld 4C 5C 6C: out",
               pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k6_deep_take_goes_out_3p", ["8S 9S", "4H KC 2D", "QH 5C 7D"], "JH TS 3D", "6C", fill=15,
               note="Three players; hand 8S 9S; the pile ends TS 3D.",
               expert="take two (the TS), meld 8S 9S TS, discard the 3D: out", pass_if={"went_out": True},
               levels=NO_EASY),
        puzzle("h_k6_table_now_opponent_one_card_2p", ["QC QD QH 5S 8D", "3H 4H 5H 9C"], "2C", "JS 6D", fill=20,
               dealer=0, actions=opponent_meld_turn(1, "3H 4H 5H", "JS") + draw(),
               note="The opponent holds 1 card: every card kept may count against the hand at once.",
               expert="table the queens now", pass_if={"melds_with": ["QC", "QD", "QH"]}, levels=NO_EASY),
        puzzle("h_k6_table_small_meld_opponent_two_cards_3p", ["2C 3C 4C 9S KD", "3H 4H 5H 9C TC", "6S 7D JH"],
               "AD", "JS 8C 6D", fill=20, dealer=0,
               actions=opponent_meld_turn(1, "3H 4H 5H", "JS") + quiet_turn(2, "8C") + draw(),
               note="Three players; an opponent holds 2 cards: the small club run should not wait.",
               expert="table 2C 3C 4C now", pass_if={"melds_with": ["2C", "3C", "4C"]}, levels=NO_EASY),
        puzzle("h_k6_go_out_meld_and_discard_6p", ["5D 6D 7D JS", "QS KS 9S 2C", "3H", "4S", "8C", "TH"], "AH",
               "2S 2H 7C 6H AS 4D", dealer=0,
               actions=quiet_turn(1, "2S") + quiet_turn(2, "2H") + quiet_turn(3, "7C") + quiet_turn(4, "6H")
               + quiet_turn(5, "AS") + draw(),
               note="Six players, two decks. Hand 5D 6D 7D JS, draws 4D.",
               expert="meld 4D 5D 6D 7D, discard the JS: out", pass_if={"went_out": True}, levels=ALL),
        puzzle("h_k6_draw_not_deep_junk_5p", ["3H 4H 9C 6D 2S", "TH JH", "7C 7D", "5S 5C", "8D 8C"],
               "8S 5H AS KD QC JD AC", "4C TD 7H 2D", fill=0, dealer=4,
               note="Five players; the stock has 4 cards and every opponent 2: the 6-deep take to the 5H "
                    "tables 12 points and brings 60 points of loose cards.",
               expert="draw from the stock", pass_if={"first": {"draw": "stock"}}, levels=ALL),
    ]


def all_puzzles() -> list[dict]:
    """Every puzzle, by kind."""
    return kind1() + kind2() + kind3() + kind4() + kind5() + kind6()


def check(p: dict, seeds: list[int]) -> list[str]:
    """Play ``p`` with each level it names on each seed; the failures, in words."""
    failures = []
    record = p["record"]
    for level in record["puzzle"]["levels"]:
        for seed in seeds:
            game = load_position(json.loads(json.dumps(record))).game
            turn = analyse(game, 0, level, seed)
            if not passes(record["puzzle"]["pass_if"], turn):
                failures.append(f"{p['name']} {level} seed {seed}: {turn.actions}")
    return failures


def main() -> int:
    """Write the puzzles (and check them with ``--check``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="play each with the levels it names")
    parser.add_argument("--seeds", default="0,1,2", help="seeds to check with (comma-separated)")
    parser.add_argument("--only", help="only the puzzles whose name holds this text")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    failed = []
    for p in all_puzzles():
        if args.only and args.only not in p["name"]:
            continue
        load_position(json.loads(json.dumps(p["record"])))  # replays: raises for an illegal set-up
        (OUT / f"{p['name']}.json").write_text(json.dumps(p["record"], indent=1) + "\n", encoding="utf-8")
        if args.check:
            failed += check(p, seeds)
    print("\n".join(failed) or "all passed" if args.check else "written")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
