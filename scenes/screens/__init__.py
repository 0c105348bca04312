"""Every other screen: title, New game, Load game, settings and its pages, rules, statistics,
hand results and game over, menus, how to play. Imports scenes.core and game; reaches the table by
key.
"""
