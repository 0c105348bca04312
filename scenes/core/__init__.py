"""The window and what every scene shares: the app (window, loop, scene stack), the Scene base
class, the scene registry, theme, widgets, tweens, scrolling, sound, card art, charts, dialogs,
crash handling and start-up. Never imports scenes.table or scenes.screens: it makes scenes by
key through the registry.
"""
