"""Rummy 500: the rules engine, game records and (later) the AI.

Pure Python: nothing in this package imports pygame.
"""

__version__ = "0.1.0"
