"""The field of styles (issue 25, item 1): each style is seeded, honest in
its Rummy calls too, plays legally, and shows its character in real games.

The character tests play seeded games of the style against Medium and look
at every decision the style made (its view and its answer); each also
checks that Medium, playing the same seats, does not have the habit, so
the test could fail.
"""

from __future__ import annotations

import json
import random

import pytest

from game.ai import FIELD, LEVELS, PLAYERS, STYLES, make_ai
from game.ai.base import AIPlayer
from game.ai.evaluate import fits_table
from game.ai.field.styles import FieldPlayer, can_go_out, feeds
from game.ai.medium import MediumAI
from game.cli import build_parser, main
from game.play.all_computer import play_game
from game.rules.actions import CallRummy, Discard, DrawStock, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER, rank_of, suit_of
from game.rules.melds import layoff_position, open_cards
from game.rules.game import Game
from game.rules.ruleset import RuleSet
from game.rules.view import sample_world, view_for

from test_ai_honesty import _hidden_reshuffle, _positions


class Spy(AIPlayer):
    """Plays as ``inner`` and keeps ``(view, action)`` for every turn decision
    and ``(view, call)`` for every Rummy question."""

    def __init__(self, inner: AIPlayer):
        super().__init__(None)
        self.inner = inner
        self.level = inner.level
        self.turns: list = []
        self.calls: list = []

    def begin_decision(self, view, rummy=False):
        self.inner.begin_decision(view, rummy)

    def choose(self, view):
        action = self.inner.choose(view)
        self.turns.append((view, action))
        return action

    def call_rummy(self, view):
        call = self.inner.call_rummy(view)
        self.calls.append((view, call))
        return call


def spy_games(name: str, games: int = 6, players: int = 2, seed: int = 11, against: str = "medium",
              player: type | None = None) -> Spy:
    """``name`` (or an instance of the class ``player``) at seat 0 against
    ``against`` in ``games`` seeded games to 300 (strict: an illegal answer
    fails); the spy of seat 0."""
    rng = random.Random(seed)
    spy = Spy(player(rng.getrandbits(32)) if player else make_ai(name, rng.getrandbits(32)))
    for _ in range(games):
        game = Game.new([f"P{i}" for i in range(players)], RuleSet(target=300), seed=rng.getrandbits(32))
        ais = {0: spy, **{s: make_ai(against, rng.getrandbits(32)) for s in range(1, players)}}
        play_game(game, ais, strict=True)
    return spy


def world_of(view):
    return sample_world(view, random.Random(0))  # the seat's own moves are the same in every world


def test_every_style_is_built_by_name_and_the_field_is_every_player_but_hard():
    assert set(STYLES) == {"hoarder", "early-melder", "pile-taker", "lay-off-hunter", "rummy-caller",
                           "cautious", "random"}
    assert PLAYERS == LEVELS + STYLES and FIELD == ("easy", "medium") + STYLES
    for name in PLAYERS:
        assert make_ai(name, 1).level == name
    with pytest.raises(ValueError, match="unknown AI level 'expert'"):
        make_ai("expert")


@pytest.mark.parametrize("name", STYLES)
def test_a_style_decides_by_its_seed_and_the_position_alone(name):
    """Seeded like the levels: a used player, reseeded for the decision, chooses as a fresh one."""
    for g, _rng in _positions(15, 4):
        view = view_for(g, g.hand.current)
        fresh, used = make_ai(name, 9), make_ai(name, 9)
        for _ in range(5):
            used.rng.random()
        fresh.begin_decision(view)
        used.begin_decision(view)
        assert fresh.choose(view) == used.choose(view)


@pytest.mark.parametrize("name", PLAYERS)
def test_reshuffling_hidden_cards_never_changes_a_rummy_call(name):
    """The honesty check of test_ai_honesty for the Rummy question (R18)."""
    asked = 0
    options = {"time_cap": 10.0, "max_worlds": 3} if name == "hard" else {}
    for g, rng in _positions(80, 5):
        if g.hand.window is None:
            continue
        seat = next(s for s in range(g.players) if s != g.hand.window)
        other = _hidden_reshuffle(g, seat, rng)
        a = make_ai(name, seed=3, **options).call_rummy(view_for(g, seat))
        b = make_ai(name, seed=3, **options).call_rummy(view_for(other, seat))
        assert a == b
        asked += 1
    assert asked >= 5


def test_the_hoarder_never_tables_before_it_can_go_out():
    spy = spy_games("hoarder", games=8)
    turns = spy.turns
    tabled = 0
    for i, (view, action) in enumerate(turns):
        if not isinstance(action, (TableMeld, LayOff)):
            continue
        tabled += 1
        assert can_go_out(view, world_of(view)), (view.hand, action)
        # and it did go out: the turn's discard, if any, is its last card
        for later, answer in turns[i + 1:]:
            if later.hand_index != view.hand_index or later.phase != "play":
                break
            if isinstance(answer, Discard):
                assert len(later.hand) == 1, (later.hand, answer)
                break
    assert tabled > 0
    medium = spy_games("medium", games=8)
    assert any(isinstance(a, (TableMeld, LayOff)) and not can_go_out(v, world_of(v)) for v, a in medium.turns)


def _discards_with_plays_left(spy: Spy) -> int:
    """Discards made while a meld or lay-off was still legal for the seat."""
    left = 0
    for view, action in spy.turns:
        if isinstance(action, Discard) and view.committed is None:
            if world_of(view).legal_plays(every_declaration=False):
                left += 1
    return left


def test_the_early_melder_tables_everything_it_can_at_once():
    spy = spy_games("early-melder", games=6)
    discards = sum(isinstance(a, Discard) for _, a in spy.turns)
    assert discards > 50
    # greedy tabling can leave a play only where it would strand the card taken alone (R10)
    assert _discards_with_plays_left(spy) <= discards // 50
    medium = spy_games("medium", games=6)
    assert _discards_with_plays_left(medium) > _discards_with_plays_left(spy)  # Medium holds melds back


def test_the_pile_taker_takes_as_deep_as_it_may():
    spy = spy_games("pile-taker", games=6)
    deep = 0
    for view, action in spy.turns:
        if view.phase != "draw":
            continue
        world = world_of(view)
        legal = [k for k in range(2, len(view.discard) + 1) if world.is_legal(TakeDiscards(view.seat, k))]
        if legal:
            assert action == TakeDiscards(view.seat, max(legal))
            deep += 1
    assert deep >= 5
    medium = spy_games("medium", games=6)
    medium_deep = sum(isinstance(a, TakeDiscards) and a.count > 1 for _, a in medium.turns)
    assert medium_deep < deep


def _lays_off_first(spy: Spy) -> tuple[int, int]:
    """Plays made while both a meld and a natural lay-off were legal and the
    hand could not go out, and how many of them were lay-offs."""
    both = laid = 0
    for view, action in spy.turns:
        if view.phase != "play" or view.committed is not None or not isinstance(action, (TableMeld, LayOff)):
            continue
        world = world_of(view)
        plays = world.legal_plays(every_declaration=False)
        if (any(type(p) is LayOff and p.card < JOKER for p in plays) and any(type(p) is TableMeld for p in plays)
                and not can_go_out(view, world)):
            both += 1
            laid += type(action) is LayOff
    return both, laid


def test_the_lay_off_hunter_takes_what_it_can_lay_off_and_lays_off_first():
    chances = 0
    for g, _rng in _positions(300, 7):
        view = view_for(g, g.hand.current)
        world = world_of(view)
        if (view.phase == "draw" and view.discard and world.stock_draw_possible() and view.discard[-1] != JOKER
                and fits_table(view.discard[-1], world.table, view.rules)
                and world.is_legal(TakeDiscards(view.seat, 1))):
            chances += 1
            assert make_ai("lay-off-hunter", 2).choose(view) == TakeDiscards(view.seat, 1)
    assert chances >= 3
    both, laid = _lays_off_first(spy_games("lay-off-hunter", games=6, players=3, against="random"))
    assert both >= 3 and laid == both
    # Medium melds first; seed 12 gives Medium positions holding both a meld and a lay-off
    both, laid = _lays_off_first(spy_games("medium", games=6, players=3, against="random", seed=12))
    assert both >= 3 and laid < both


def test_the_lay_off_hunter_keeps_the_cards_near_the_tables_melds():
    """Its third habit: at its discards where some legal card is near a
    table meld's open cards (same rank, or its suit within two ranks) and
    some is not, it throws a near one far less often than the styles' base
    player would on the same views."""
    def near(card, view, world):
        aw = view.rules.ace_wraps
        return card != JOKER and any(_melds_with(card, c, aw) for m in world.table for c in open_cards(m, aw))

    spy = spy_games("lay-off-hunter", games=6, players=3)
    chances = hunter = base = 0
    for view, action in spy.turns:
        if not isinstance(action, Discard):
            continue
        world = world_of(view)
        legal = [near(c, view, world) for c in set(view.hand) if world.is_legal(Discard(view.seat, c))]
        if not any(legal) or all(legal):
            continue
        chances += 1
        hunter += near(action.card, view, world)
        player = FieldPlayer(1)
        player.begin_decision(view)
        other = player.choose(view)
        base += isinstance(other, Discard) and near(other.card, view, world)
    assert chances >= 30 and 2 * hunter < base, (chances, hunter, base)


def test_the_rummy_caller_calls_whenever_it_may():
    asked = called = 0
    for g, _rng in _positions(150, 6):
        if g.hand.window is None:
            continue
        for seat in range(g.players):
            if seat == g.hand.window:
                continue
            view = view_for(g, seat)
            world = world_of(view)
            legal = any(world.is_legal(CallRummy(seat, k)) for k in range(1, len(view.discard) + 1))
            if not legal:
                continue
            asked += 1
            call = make_ai("rummy-caller", 1).call_rummy(view)
            assert call is not None and world.is_legal(call)
            called += make_ai("medium", 1).call_rummy(view) is not None
    assert asked >= 5
    assert called < asked  # Medium passes some of those calls up


def _melds_with(card, other, ace_wraps: bool) -> bool:
    """``card`` and ``other`` could sit in one meld: a joker, the same rank
    in another suit, or the same suit within two ranks (an ace low, and high
    beside a king; round the corner too under ``ace_wraps``), worked out
    here from ranks and suits, not by the players' own tables."""
    if JOKER in (card, other):
        return True
    (r, s), (q, t) = (rank_of(card), suit_of(card)), (rank_of(other), suit_of(other))
    if r == q:
        return s != t
    gap = abs(r - q)
    if ace_wraps or 1 in (r, q):
        gap = min(gap, 13 - gap)
    return s == t and gap <= 2


def _feeds_as_written(card, view, table) -> bool:
    """The cautious player's rule as the README writes it, for the test to
    check its player against (not :func:`game.ai.field.styles.feeds`, which
    the player itself uses): ``card`` fits a meld on the table (the
    engine's own :func:`~game.rules.melds.layoff_position`; a joker fits any
    meld), melds with a card an opponent took from the pile and holds, or
    melds with the pile's top card."""
    aw = view.rules.ace_wraps
    if any(open_cards(m, aw) if card == JOKER else layoff_position(m, card, aw) is not None for m in table):
        return True  # (a joker fits any meld with an open end or rank left)
    if any(_melds_with(card, c, aw) for s, held in enumerate(view.known) if s != view.seat for c in held):
        return True
    return bool(view.discard) and _melds_with(card, view.discard[-1], aw)


def _fed(spy: Spy, rule=_feeds_as_written) -> tuple[int, int]:
    """(discards that fed, while a safe card was legal; discards), by
    ``rule(card, view, table)``: see :func:`_feeds_as_written`."""
    fed = total = 0
    for view, action in spy.turns:
        if not isinstance(action, Discard):
            continue
        world = world_of(view)
        total += 1
        safe = [c for c in set(view.hand) if world.is_legal(Discard(view.seat, c))
                and not rule(c, view, world.table)]
        if safe and rule(action.card, view, world.table):
            fed += 1
    return fed, total


def _chances(spy: Spy) -> int:
    """Discards at which some legal card fed (:func:`_feeds_as_written`) and another did not."""
    n = 0
    for view, action in spy.turns:
        if isinstance(action, Discard):
            world = world_of(view)
            legal = [c for c in set(view.hand) if world.is_legal(Discard(view.seat, c))]
            feeding = [_feeds_as_written(c, view, world.table) for c in legal]
            n += any(feeding) and not all(feeding)
    return n


def test_the_cautious_discarder_never_feeds_a_meld():
    spy = spy_games("cautious", games=6, players=3)
    fed, total = _fed(spy)
    assert total > 50 and fed == 0
    assert _fed(spy, feeds) == (0, total)  # the player's own rule agrees
    # and so it does card by card, every clause of it: Medium's order alone already
    # keeps most cards that fit the table, so the discards above seldom test that clause
    cards = [(c, view, world_of(view).table) for view, _a in spy.turns for c in set(view.hand)]
    assert sum(fits_table(c, t, v.rules) for c, v, t in cards) >= 20
    assert [feeds(c, v, t) for c, v, t in cards] == [_feeds_as_written(c, v, t) for c, v, t in cards]
    assert _chances(spy) >= 20  # discards where a legal card fed and a safe one was there: the rule was put to work
    # the styles' base (Medium without its pile-top charge) sometimes does, and
    # Medium, which charges a card that melds with the pile's top, does less
    base_fed = _fed(spy_games("field", games=6, players=3, player=FieldPlayer))[0]
    assert base_fed > _fed(spy_games("medium", games=6, players=3))[0]


def test_the_random_player_plays_any_legal_action():
    spy = spy_games("random", games=2)
    draws = [a for v, a in spy.turns if v.phase == "draw"]
    assert any(isinstance(a, DrawStock) for a in draws) and any(isinstance(a, TakeDiscards) for a in draws)
    # its discards are not Medium's: the same views, another choice
    differ = sum(1 for v, a in spy.turns if isinstance(a, Discard) and make_ai("medium", 1).choose(v) != a)
    assert differ > 10


def test_tournament_accepts_every_style_by_name(capsys):
    args = build_parser().parse_args(["tournament", "--players", "2", "--ai", "hard,hoarder", "--hands", "2",
                                      "--seed", "1"])
    assert args.ai == ["hard", "hoarder"]  # (a Hard hand takes seconds: the styles play below)
    args = build_parser().parse_args(["tournament", "--players", "3", "--ai", " Lay-off hunter,rummy  CALLER,Pile-taker",
                                      "--hands", "2", "--seed", "1"])
    assert args.ai == ["lay-off-hunter", "rummy-caller", "pile-taker"]  # written as New game names them
    seats = ("medium",) + STYLES  # eight seats, the most a table has
    status = main(["tournament", "--players", str(len(seats)), "--ai", ",".join(seats), "--hands",
                   str(len(seats)), "--seed", "1", "--json"])
    out = capsys.readouterr().out
    assert status == 0
    assert [p["ai"] for p in json.loads(out.splitlines()[-1])["players"]] == list(seats)
    assert main(["tournament", "--players", "2", "--ai", "medium,sharp", "--hands", "2", "--seed", "1"]) == 2
    assert "unknown AI level 'sharp'" in capsys.readouterr().err
    assert main(["tournament", "--players", "2", "--ai", "medium,lay off", "--hands", "2", "--seed", "1"]) == 2
    assert "unknown AI level 'lay-off'" in capsys.readouterr().err  # words are joined, never guessed at
    for empty in ("hoarder,", "hoarder,,random", "   ,random"):
        assert main(["tournament", "--players", "2", "--ai", empty, "--hands", "2", "--seed", "1"]) == 2
        assert f"an empty entry in {empty!r}: one AI level between each pair of commas" in capsys.readouterr().err


def test_saves_and_settings_take_every_style():
    """A seat of the field is saved with the game and remembered by New game
    (issue 25, item 5): the schemas list every player make_ai builds."""
    from game.services.files import SEATS_LEVELS
    from game.services.settings import AI_LEVELS

    assert SEATS_LEVELS == PLAYERS + ("human",)
    assert AI_LEVELS == PLAYERS


def _medium(**charges) -> MediumAI:
    """Medium (seed 0) with some of its discard charges changed (instance attributes)."""
    player = MediumAI(0)
    for name, value in charges.items():
        setattr(player, name, value)
    return player


def test_medium_weighs_what_a_discard_gives_with_the_piles_top_card_and_the_styles_do_not():
    """Medium charges a discard that melds with the pile's top card (the next
    player may take both, R8.3; :data:`~game.ai.medium.FEED_PILE`); the
    styles' base (:class:`~game.ai.field.styles.FieldPlayer`) does not, so a
    gain in Medium leaves the field as it was. (Its deep-pile charge is
    switched off here: the next test is about that one.)"""
    from game.ai.evaluate import relates
    from game.ai.field import STYLE_CLASSES
    from game.ai.medium import FEED_DEEP, FEED_PILE

    assert MediumAI.pile_feed == FEED_PILE > 0 and MediumAI.deep_feed == FEED_DEEP > 0
    assert all(cls.pile_feed == 0 and cls.deep_feed == 0
               for cls in STYLE_CLASSES.values() if issubclass(cls, MediumAI))
    spy = spy_games("medium", games=4)
    differ = 0
    fed = {"medium": 0, "field": 0}
    for view, action in spy.turns:
        if not isinstance(action, Discard) or not view.discard:
            continue
        world = world_of(view)
        aw = view.rules.ace_wraps
        medium = _medium(deep_feed=0.0).ranked_discards(view, world)[0].card
        field = FieldPlayer(0).ranked_discards(view, world)[0].card
        fed["medium"] += relates(medium, view.discard[-1:], aw) > 0
        fed["field"] += relates(field, view.discard[-1:], aw) > 0
        if medium != field:
            differ += 1
            assert relates(medium, view.discard[-1:], aw) < relates(field, view.discard[-1:], aw)
    assert differ > 0 and fed["medium"] < fed["field"]


def test_medium_weighs_what_a_discard_gives_with_cards_deeper_in_the_pile():
    """Medium charges a discard per card below the pile's top it melds with
    (at most :data:`~game.ai.medium.DEEP_COUNTED`; a take down to such a
    card brings the discard up with it, R9; :data:`~game.ai.medium.FEED_DEEP`):
    wherever that changes its discard, the card it throws melds with fewer of
    the cards below the top than the one it would throw without the charge."""
    from game.ai.evaluate import relates
    from game.ai.medium import DEEP_COUNTED

    spy = spy_games("medium", games=4)
    differ = 0
    for view, action in spy.turns:
        if not isinstance(action, Discard) or len(view.discard) < 2:
            continue
        world = world_of(view)
        aw = view.rules.ace_wraps
        deep = view.discard[:-1]
        medium = MediumAI(0).ranked_discards(view, world)[0].card
        without = _medium(deep_feed=0.0).ranked_discards(view, world)[0].card
        if medium != without:
            differ += 1
            assert min(DEEP_COUNTED, relates(medium, deep, aw)) < min(DEEP_COUNTED, relates(without, deep, aw))
    assert differ > 0


@pytest.mark.parametrize("args, says", [
    (["analyse", "x.json", "--ai", "hard,easy"], "argument --ai: give one level, not 'hard,easy'"),
    (["join", "127.0.0.1:1", "--code", "K7PQ3M", "--name", "Ana", "--ai", " Lay-off hunter,"],
     "argument --ai: an empty entry"),
    (["host", "--seats", "medium,open", "--code", "K7PQ3M", "--stand-in", "hard,easy"],
     "argument --stand-in: give one level, not 'hard,easy'"),
    (["host", "--seats", "medium,open", "--code", "K7PQ3M", "--stand-in", "Rummy caller"],
     "argument --stand-in: unknown level 'rummy-caller' (use easy, medium, hard)"),
])
def test_one_computer_player_is_asked_for_one_name(args, says, capsys):
    """``--ai`` of analyse and join takes one level or style, ``--stand-in`` one level."""
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(args)
    assert exit_.value.code == 2 and says in capsys.readouterr().err
