"""The game's art, fonts, icons and sounds (no code).

Installed as the package ``rummy500_assets`` (see ``setup.py``) so that a
wheel carries these files; the game finds them with
``scenes.core.theme.asset_root()``, never through the current directory.
"""
