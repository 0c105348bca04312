"""Settings -> House rules in a config folder whose name is not valid UTF-8
(issue 21, item 10; F12 and the error box: tests/scenes/core/test_screen_paths.py):
nothing crashes, the folder is named with U+FFFD (``game.paths.shown``), and
Export writes there."""

from __future__ import annotations

import os

from scenes.core import theme as T
from scenes.screens.rules_settings import RulesSettingsScene
from scenes.screens.settings import SettingsScene
from scenes.screens.title import TitleScene
from test_screen_paths import SHOWN, app, frames  # noqa: F401 (the fixture)


def words_drawn(monkeypatch) -> list[str]:
    """Every string the theme is asked to draw from now on."""
    seen: list[str] = []
    real = T.text

    def text(s, *a, **kw):
        seen.append(s)
        return real(s, *a, **kw)
    monkeypatch.setattr(T, "text", text)
    return seen


def test_house_rules_opens_exports_and_refuses_an_import_there(app, monkeypatch):
    seen = words_drawn(monkeypatch)
    app.push(TitleScene(app))
    app.push(SettingsScene(app))
    page = app.push(RulesSettingsScene(app))
    frames(app)
    assert app.top is page
    assert any("Export writes to" in s for s in seen) and any(SHOWN in s for s in seen)
    page.export.on_click()
    frames(app)
    assert page.message.startswith("Exported to") and SHOWN in page.message and not page.bad
    rules = os.path.join(os.fsencode(app.folder), b"rules")
    assert os.listdir(rules) == [b"standard.json"]  # written in the folder itself, not a look-alike
    assert not page.import_path(os.path.join(app.folder, "missing.json"))
    frames(app)
    assert page.bad and "There is no file" in page.message and SHOWN in page.message
    assert app.running and app.top is page
