"""The shared evaluation of issue 11, kinds 1-5: going out by the right split,
joker lay-offs, Rummy-call judgement, discards that feed no one, empty stock."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.actions import CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.ai.discards import discard_value, feed_charge, loose_cards, pressure, wanted_by
from game.ai.easy import EasyAI
from game.ai.evaluate import greedy_tabling
from game.ai.going_out import MAX_HAND, going_out_plan, table_everything, tabled_cards
from game.ai.field.styles import FieldPlayer
from game.ai.medium import MediumAI
from game.rules.cards import JOKER, is_tabled_joker, parse_card
from game.rules.melds import classify
from game.rules.turn_search import simulate
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def meld(text: str, owner: int = 1):
    m, _ = classify([parse_card(t, tabled=True) for t in text.split()])
    m.owner = owner
    m.layers = [owner] * len(m.cards)
    return m


def view(hand: str, *, table=(), discard="9D", stock=20, sizes=(None, 8), known=None, current=0,
         phase="draw", window=None, rules=None, has_melded=(False, True), single_taken=None) -> PlayerView:
    from game.rules.view import MeldView
    h = tuple(cards(hand))
    sizes = tuple(len(h) if s is None else s for s in sizes)
    n = len(sizes)
    known = known or ((),) * n
    return PlayerView(seat=0, players=n, rules=rules or RuleSet(), hand=h,
                      table=tuple(MeldView.of(m) for m in table), discard=tuple(cards(discard)),
                      stock_size=stock, hand_sizes=sizes, totals=(0,) * n, current=current, phase=phase,
                      window=window, committed=None, single_taken=single_taken,
                      has_melded=tuple(has_melded) + (False,) * (n - len(has_melded)), history=(),
                      known=tuple(tuple(cards(" ".join(k))) if k else () for k in known),
                      hand_index=0, dealer=1)


# ------------------------------------------------------------ going out (kind 2)
def test_going_out_finds_the_split_greedy_misses():
    hand = cards("2C 3C 4C 3D 3H 3S QH")
    plays, discard = going_out_plan(hand, [], RuleSet(), 0, False)
    assert discard == parse_card("QH")
    assert sorted(tabled_cards(plays)) == sorted(cards("2C 3C 4C 3D 3H 3S"))


def test_going_out_tables_everything_under_meld_all_but_keeps_a_discard_otherwise():
    hand = cards("6H 7H 8H 9H 2D 2S 2C")
    plays, discard = going_out_plan(hand, [], RuleSet(), 0, False)
    assert discard is None and len(tabled_cards(plays)) == 7
    plays, discard = going_out_plan(hand, [], RuleSet(going_out="discard_required"), 0, False)
    assert discard == parse_card("6H")  # the cheapest card that leaves a legal split
    plays, discard = going_out_plan(hand, [], RuleSet(going_out="float"), 0, False)
    assert discard is not None


def test_going_out_never_discards_the_single_taken_or_committed_card():
    hand = cards("KC KD KS 4H")
    assert going_out_plan(hand, [], RuleSet(), 0, False, single_taken=parse_card("4H")) is None
    assert going_out_plan(hand, [], RuleSet(), 0, False, committed=parse_card("4H")) is None
    assert going_out_plan(hand, [], RuleSet(), 0, False)[1] == parse_card("4H")


def test_going_out_respects_final_discard_unplayable():
    table = [meld("5C 6C 7C")]
    hand = cards("KC KD KS 8C 4H")
    rules = RuleSet(final_discard_unplayable=True)
    plays, discard = going_out_plan(hand, table, rules, 0, True)
    assert discard == parse_card("4H") and parse_card("8C") in tabled_cards(plays)


def test_going_out_waits_for_an_own_meld_before_laying_off():
    table = [meld("5C 6C 7C")]
    rules = RuleSet(layoff_requires_own_meld=True)
    assert going_out_plan(cards("8C 9D"), table, rules, 0, False) is None
    assert going_out_plan(cards("8C 9D"), table, rules, 0, True) == ([LayOff(0, parse_card("8C"), 0)],
                                                                      parse_card("9D"))


def test_table_everything_gives_up_on_big_hands():
    hand = cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
    assert len(hand) > MAX_HAND
    assert table_everything(hand, [], RuleSet(), 0, False) is None


CARD_POOL = cards("AC 2C 3C 4C 5C 6C 2D 3D 4D 5D 3H 3S 4S 5S 6S") + [JOKER, JOKER]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CARD_POOL), min_size=2, max_size=8), st.booleans())
def test_a_going_out_plan_is_legal_and_empties_the_hand(hand, required):
    counts = {c: hand.count(c) for c in hand}
    if any(n > (2 if c == JOKER else 1) for c, n in counts.items()):
        return
    rules = RuleSet(going_out="discard_required" if required else "meld_all")
    table = [meld("7H 8H 9H")]
    out = going_out_plan(hand, table, rules, 0, False)
    if out is None:
        return
    plays, discard = out
    sim = simulate(hand, table, plays, 0, False)
    assert sim is not None
    assert sim[0] == ([] if discard is None else [discard])
    if required:
        assert discard is not None


# -------------------------------------------------------- joker lay-offs (kind 1)
def test_greedy_tabling_lays_a_joker_off():
    table = [meld("7C 8C 9C")]
    plays, points, left, _ = greedy_tabling(cards("3D 5S 8H QC") + [JOKER], table, RuleSet(), 0, False)
    assert any(isinstance(p, LayOff) and is_tabled_joker(p.card) for p in plays)
    assert JOKER not in left and points == 15


def test_greedy_tabling_melds_a_pair_with_the_joker_rather_than_lay_it_off():
    table = [meld("9S TS JS")]
    plays, points, left, _ = greedy_tabling(cards("7H 7D 2C 4C 5S QD KH") + [JOKER], table, RuleSet(), 0, False)
    assert isinstance(plays[0], TableMeld) and sorted(tabled_cards([plays[0]]))[:2] == sorted(cards("7H 7D"))


def test_greedy_tabling_keeps_a_card_it_may_discard():
    # the 9D was taken alone (R10): laying the joker off would leave only it
    table = [meld("TH JH QH")]
    hand = [JOKER, parse_card("9D")]
    plays, _, left, _ = greedy_tabling(hand, table, RuleSet(going_out="discard_required"), 0, False, 1,
                                       single_taken=parse_card("9D"))
    assert plays == [] and sorted(left) == sorted(hand)


# ------------------------------------------------------------- Rummy calls (kind 3)
def test_medium_refuses_a_deep_junk_call_and_calls_a_clean_one():
    junk = view("2C 6D 8S 5H", table=[meld("7H 8H 9H")], discard="9C 2D AS KC 3D QH JS 4D", stock=3,
                sizes=(None, 1), window=1)
    assert MediumAI(1).call_rummy(junk) is None
    clean = view("7C 9H KD 2S", table=[meld("3C 4C 5C")], discard="AH 6C", stock=20,
                 sizes=(None, 5, 5), current=2, window=1, has_melded=(False, True, False))
    assert MediumAI(1).call_rummy(clean) == CallRummy(0, 1)


# --------------------------------------------------------------- discards (kind 4)
def test_a_card_an_opponent_took_a_partner_of_is_charged_by_how_close_it_is():
    near = view("AS 6C 3H 9D 7D", known=((), ("AD",)), sizes=(None, 2), phase="play")
    far = view("AS 6C 3H 9D 7D", known=((), ("AD",)), sizes=(None, 9), phase="play")
    assert pressure(2) == 2 and pressure(9) == 1 and pressure(1) == 3
    assert wanted_by(parse_card("AS"), near) == 2 * wanted_by(parse_card("AS"), far) > 0
    assert wanted_by(parse_card("6C"), near) == 0
    assert discard_value(parse_card("AS"), near, []) < discard_value(parse_card("9D"), near, [])
    assert MediumAI(0).ranked_discards(near, _world(near))[0].card != parse_card("AS")


def test_a_card_that_fits_the_table_is_charged_more_when_an_opponent_is_nearly_out():
    table = [meld("9S TS JS")]
    near = view("QS 8H 4D 2C", table=table, sizes=(None, 1), phase="play")
    far = view("QS 8H 4D 2C", table=table, sizes=(None, 8), phase="play")
    assert feed_charge(parse_card("QS"), near, table) > feed_charge(parse_card("QS"), far, table) > 0
    assert feed_charge(parse_card("8H"), near, table) == 0


def test_a_live_high_card_is_held_while_an_opponent_holds_two_cards_or_fewer():
    no_jokers = RuleSet(jokers_per_deck=0)
    two = view("KC 9C 6S 2D 3H", sizes=(None, 2), phase="play", rules=no_jokers)
    one = view("KC 9C 6S 2D 3H", sizes=(None, 1), phase="play", rules=no_jokers)
    three = view("KC 9C 6S 2D 3H", sizes=(None, 3), phase="play", rules=no_jokers)
    kc, nine = parse_card("KC"), parse_card("9C")
    assert feed_charge(kc, three, []) == 0 < feed_charge(kc, two, [])
    # an opponent with one card cannot meld the KC (two cards make no meld, and the card
    # taken alone cannot go straight back, R10): only a lay-off or a deeper take uses it
    assert feed_charge(kc, one, []) == 0
    under_queen = view("KC 9C 6S 2D 3H", discard="9D QC", sizes=(None, 1), phase="play", rules=no_jokers)
    assert feed_charge(kc, under_queen, []) == 2 * feed_charge(kc, two, [])  # QC KC and its last card
    assert feed_charge(nine, two, []) == 0  # not a high card (R19: 9 points)
    assert MediumAI(0).ranked_discards(three, _world(three))[0].card == kc
    assert MediumAI(0).ranked_discards(two, _world(two))[0].card != kc
    assert MediumAI(0).ranked_discards(one, _world(one))[0].card == kc  # the endgame: shed it
    # every card the KC could meld with has been seen: it is dead to the opponent's
    # hand, and the shared discard value lets it go (the pile's top, the 5D, melds with
    # none of the hand, so the pile-top charge is 0); Medium keeps it all the same, since
    # the cards it melds with lie deeper in the pile: a take down to the KD brings the
    # KC up with the KH and KS (R9, FEED_DEEP)
    dead = view("KC 9C 6S 2D 3H", discard="KD KH KS QC JC AC 5D", sizes=(None, 2), phase="play", rules=no_jokers)
    assert feed_charge(kc, dead, []) == 0
    assert FieldPlayer(0).ranked_discards(dead, _world(dead))[0].card == kc
    assert MediumAI(0).ranked_discards(dead, _world(dead))[0].card != kc
    # an unseen joker melds with anything: the KC is live again
    with_jokers = view("KC 9C 6S 2D 3H", discard="KD KH KS QC JC AC", sizes=(None, 2), phase="play")
    assert feed_charge(kc, with_jokers, []) > 0


def test_with_an_opponent_on_one_card_a_card_it_could_lay_off_later_is_kept():
    """Issue 25, item 3: the KH is two ranks above the heart run's top; an
    opponent holding the unseen QH lays that off and then the king. With the
    QH seen (in a set on the table) the king is dead and goes first. (Seen in
    the pile it would not be: a take down to the QH lays off both, R9.)"""
    table = [meld("9H TH JH")]
    kh = parse_card("KH")
    chain = view("KH 7D 4S 3C", table=table, discard="8C AC", sizes=(None, 1), phase="play")
    assert feed_charge(kh, chain, table) > 0
    assert MediumAI(0).ranked_discards(chain, _world(chain))[0].card == parse_card("7D")
    queens = table + [meld("QH QS QD")]
    seen = view("KH 7D 4S 3C", table=queens, discard="8C AC", sizes=(None, 1), phase="play")
    assert feed_charge(kh, seen, queens) == 0
    assert MediumAI(0).ranked_discards(seen, _world(seen))[0].card == kh
    in_pile = view("KH 7D 4S 3C", table=table, discard="QH 8C AC", sizes=(None, 1), phase="play")
    assert feed_charge(kh, in_pile, table) == 0
    assert FieldPlayer(0).ranked_discards(in_pile, _world(in_pile))[0].card == kh
    assert MediumAI(0).ranked_discards(in_pile, _world(in_pile))[0].card == parse_card("7D")


def test_easy_throws_its_highest_loose_card_not_half_a_pair():
    v = view("KH KC 7S 3D 2C 9H", phase="play")
    assert sorted(loose_cards(v.hand, v)) == sorted(cards("7S 3D 2C 9H"))
    picks = {EasyAI(seed).choose(v) for seed in range(12)}
    assert Discard(0, parse_card("9H")) in picks
    assert all(not (isinstance(a, Discard) and a.card in cards("KH KC")) for a in picks)


# ------------------------------------------------------------ empty stock (kind 5)
def test_empty_stock_take_the_card_that_tables_a_meld_else_end():
    meld_held = view("KC KD KH 4S 6D", discard="8C QS", stock=0)
    assert MediumAI(0).choose(meld_held) == TakeDiscards(0, 1)
    assert EasyAI(0).choose(meld_held) == TakeDiscards(0, 1)
    nothing = view("2C 3D 4S 5H", discard="8H KS", stock=0)
    assert MediumAI(0).choose(nothing) == EndHand(0)
    assert EasyAI(0).choose(nothing) == EndHand(0)


def test_medium_goes_out_rather_than_hold_a_small_first_meld():
    table = [meld("8S 8H 8C"), meld("TD JD QD")]
    v = view("2C 3C 4C 8D 9D KD 6S", table=table, stock=30, sizes=(None, 7), phase="play")
    plays, _, left, _ = greedy_tabling(v.hand, table, v.rules, 0, False)
    assert left == [parse_card("6S")]
    assert not MediumAI(0).hold_melds(v, plays)


def _world(v):
    import random

    from game.rules.view import sample_world
    return sample_world(v, random.Random(0))


def test_medium_draw_from_stock_when_holding_only_a_joker_under_discard_required():
    v = view("JK", table=[meld("TH JH QH")], discard="5C 9D", stock=9, sizes=(None, 2),
             rules=RuleSet(going_out="discard_required"))
    assert MediumAI(0).choose(v) == DrawStock(0)


def test_discard_values_gives_each_card_its_discard_value_in_real_games():
    """The batch a discard ranking uses (:func:`discard_values`) gives every
    card its points less its usefulness and :func:`feed_charge` (which works
    out the table fit and the wanted cards per card), in the positions of seeded games with two to four seats (lay-offs, known
    cards and short opponents included)."""
    from game.ai.discards import discard_values
    from game.rules.game import Game
    from game.play.all_computer import ai_step
    from game.ai.evaluate import usefulness
    from game.rules.melds import hand_value
    from game.rules.view import view_for

    compared = pressed = 0
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        game = Game.new([f"P{i}" for i in range(players)], seed=seed)
        ais = {s: MediumAI(seed + s) for s in range(players)}
        while game.hand.ended is None:
            for seat in range(players):
                v = view_for(game, seat)
                table = game.hand.table
                values = discard_values(v.hand, v, table)
                rules = v.rules
                assert all(values[c] == hand_value(c, rules.scoring) - usefulness(c, v.hand, rules)
                           - feed_charge(c, v, table) for c in v.hand if c != JOKER)
                compared += len(v.hand)
                pressed += min(n for s, n in enumerate(v.hand_sizes) if s != seat) <= 2
            ai_step(game, ais)
    assert compared > 1000 and pressed > 0


def _usefulness_by_definition(card, hand, ace_wraps):
    """usefulness() spelled out card by card: 7 per other suit of the rank
    held, 6 per suit neighbour one rank away, 3 per one two away."""
    from game.rules.cards import rank_of, suit_of
    if card == JOKER:
        return 30.0
    r, s = rank_of(card), suit_of(card)
    score, suits = 0.0, set()
    for c in hand:
        if c in (card, JOKER):
            continue
        cr, cs = rank_of(c), suit_of(c)
        if cr == r:
            suits.add(cs)
        elif cs == s:
            d = abs(cr - r)
            if ace_wraps:
                d = min(d, 13 - d)
            elif 1 in (cr, r):
                d = min(d, abs((14 if cr == 1 else cr) - (14 if r == 1 else r)))
            score += {1: 6, 2: 3}.get(d, 0)
    return score + 7 * len(suits)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, JOKER), min_size=1, max_size=14), st.booleans())
def test_usefulness_counts_pairs_and_suit_neighbours(hand, ace_wraps):
    from game.ai.evaluate import usefulness
    rules = RuleSet(ace_wraps=ace_wraps)
    for card in hand:
        assert usefulness(card, hand, rules) == _usefulness_by_definition(card, hand, ace_wraps)


def test_usefulness_of_a_king_next_to_the_ace():
    from game.ai.evaluate import usefulness
    # the ace is the king's neighbour (A-K-Q runs), the two only when ranks wrap
    assert usefulness(parse_card("KS"), cards("AS QS JS KH KD 2S"), RuleSet()) == 6 + 6 + 3 + 14
    assert usefulness(parse_card("KS"), cards("AS QS JS KH KD 2S"), RuleSet(ace_wraps=True)) == 6 + 6 + 3 + 14 + 3
