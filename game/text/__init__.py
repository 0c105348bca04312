"""The words, translated when shown: refusals, the rules text and the wording of engine events
(the game log, the table's messages). Imports game.rules only (and game.i18n).
"""
