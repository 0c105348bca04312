"""The table scene and the parts it holds: animation, drawing, layout, the person's input,
drawing and words, the game log, the first-game tip and the rules badge. Imports scenes.core and
game; reaches the other screens by key.
"""
