"""The game itself (R1–R21): cards, actions, events, the rule set, phases, a hand and a whole game,
the legal-move table and its draw and play parts, melds and meld masks, the turn search, what
one seat may know (PlayerView), game records and random legal play. Imports only the shared
leaves (game.i18n, game.paths, game.errors).
"""
