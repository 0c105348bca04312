"""The application around the game: files, settings, saves and slots, finished games,
statistics, rules profiles, tournaments and analyse. Imports game.text and below, never
game.intent.
"""
