"""Rummy 500: the rules engine, the computer players, the referee and the
application services, in layers (see docs/architecture.md).

Pure Python: nothing in this package imports pygame. The engine's API for
outside users is importable from here, a place that stays when modules move::

    from game import Game, RuleSet, DrawStock, Discard, IllegalMove, record_of, game_from_record
"""

from game.errors import IllegalMove
from game.rules.actions import (
    Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards, action_from_record
)
from game.rules.game import Game
from game.rules.record import RecordError, game_from_record, record_of, replay
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView, view_for

__version__ = "0.1.0"

__all__ = ["Game", "RuleSet", "IllegalMove", "Action", "DrawStock", "TakeDiscards", "TableMeld", "LayOff",
           "Discard", "CallRummy", "EndHand", "action_from_record", "record_of", "game_from_record", "replay",
           "RecordError", "PlayerView", "view_for", "__version__"]
