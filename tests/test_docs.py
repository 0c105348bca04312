"""The documentation in ``docs/`` cannot fall behind the code: every rule id,
variant key and value, error code and record limit the code has is in it, the
README links it (not files outside the repository), and the worked example of
``docs/game-record.md`` replays to the output it shows."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from game.rules import record
from game.errors import CODES, PRECEDENCE
from game.rules.record import replay
from game.rules.ruleset import CHOICES, MAX_TARGET, RuleSet

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
RECORD = (ROOT / "docs" / "game-record.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under a Markdown heading, up to the next heading of its level or higher."""
    match = re.search(rf"^(#+) {re.escape(heading)}\s*$", text, re.M)
    assert match, f"no heading {heading!r}"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[:end.start()] if end else rest


def table_row(text: str, first_cell: str) -> list[str]:
    """The cells of the table row whose first cell is ``first_cell``."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no table row for {first_cell}")


def test_every_rule_id_is_described_in_order():
    ids = re.findall(r"^\*\*(R\d+) [^*]+\*\*", RULES, re.M)
    assert ids == [f"R{i}" for i in range(1, 22)]


@pytest.mark.parametrize("key", [*CHOICES, "target"])
def test_every_variant_key_is_documented_with_its_values_and_default(key):
    row = table_row(section(RULES, "Variants"), f"`{key}`")
    _, values, default, rule, what = row
    assert re.fullmatch(r"R\d+", rule) and f"**{rule} " in RULES
    assert what
    if key == "target":
        assert f"`{MAX_TARGET}`" in values and "`1`" in values
        assert default == f"`{RuleSet().target}`"
        return
    shown = [json.dumps(v) for v in CHOICES[key]]
    assert re.findall(r"`([^`]+)`", values) == shown  # every value, in the code's order
    assert default == f"`{shown[0]}`"  # the first value is the default
    assert json.dumps(getattr(RuleSet(), key)) == shown[0]
    assert key in RULES.split("## Variants")[0]  # named where its rule is told


def test_every_error_code_is_documented():
    codes = section(RECORD, "When an action is refused")
    for code in CODES:
        assert f"| `{code}` |" in codes, code


def test_the_precedence_of_codes_is_the_engines():
    text = " ".join(section(RECORD, "When an action is refused").split())
    listed = text[text.index("the first in this order:"):]
    listed = listed[:listed.index(".")]
    assert re.findall(r"`([a-z_]+)`", listed) == list(PRECEDENCE)


def test_the_limits_are_the_codes():
    limits = section(RECORD, "Limits")
    assert f"{record.MAX_RECORD_BYTES // 2 ** 20} MiB ({record.MAX_RECORD_BYTES:,} bytes)" in limits
    assert table_row(limits, "hands in a record")[1] == f"{record.MAX_HANDS:,}"
    assert table_row(limits, "actions in one hand")[1] == f"{record.MAX_ACTIONS:,}"
    assert table_row(limits, "the `note`")[1] == f"{record.MAX_NOTE:,} characters"
    assert table_row(limits, "a player's name")[1].startswith(f"{record.MAX_NAME} characters")


def test_the_worked_example_replays_to_the_output_shown():
    blocks = re.findall(r"```json\n(.*?)```", RECORD, re.S)
    example, output = json.loads(blocks[0]), json.loads(blocks[1])
    assert replay(example) == (output, 0)


def test_the_refused_example_is_what_replay_says():
    blocks = re.findall(r"```json\n(.*?)```", RECORD, re.S)
    example = json.loads(blocks[0])
    example["hands"][0]["actions"] = [{"p": 0, "take": 1}, {"p": 0, "discard": "7H"}]
    out, status = replay(example)
    shown = re.search(r'"error": (\{.*?\})', blocks[2], re.S).group(1)
    assert status == 1 and out["error"] == json.loads(shown)
    assert out["next"] == json.loads(re.search(r'"next": (\{.*?\})', blocks[2]).group(1))


def test_the_readme_links_the_docs_and_nothing_outside_the_repository():
    for text in (README, RULES, RECORD, ARCHITECTURE):
        assert "../shared" not in text and "/work/" not in text
    assert "(docs/rules.md)" in README and "(docs/game-record.md)" in README


@pytest.mark.parametrize("name", ["README.md", "docs/rules.md", "docs/game-record.md", "docs/architecture.md"])
def test_relative_links_resolve(name):
    path = ROOT / name
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.is_file(), f"{name}: {target} points at nothing"
        if anchor and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
            slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor in slugs, f"{name}: no heading for #{anchor}"


def test_the_readmes_folders_are_where_the_game_puts_its_files(monkeypatch):
    """Issue 21, item 21: the README's table of folders per system is what
    platformdirs (which Storage asks) gives on each, with the home folder as ``~``
    and Windows' local application data as ``%LOCALAPPDATA%``."""
    import platformdirs.macos
    import platformdirs.unix
    import platformdirs.windows

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {}
    for line in readme.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] in ("Windows", "macOS", "Linux"):
            rows[cells[0]] = cells[1:]
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: "%LOCALAPPDATA%")
    home = str(Path.home())
    for system, cls in (("Linux", platformdirs.unix.Unix), ("macOS", platformdirs.macos.MacOS),
                        ("Windows", platformdirs.windows.Windows)):
        dirs = cls("Rummy500", appauthor=False)
        want = [d.replace(home, "~").replace("/", "\\" if system == "Windows" else "/")
                for d in (dirs.user_config_dir, dirs.user_data_dir, dirs.user_log_dir)]
        assert rows.get(system) == want, (system, rows.get(system), want)


def test_the_common_questions_are_the_codes_answers():
    """docs/rules.md's Common questions are what game.text.questions answers
    under the rulebook's rules (run tools/write_common_questions.py after a change)."""
    spec = importlib.util.spec_from_file_location("write_common_questions",
                                                  ROOT / "tools" / "write_common_questions.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.section_text() in RULES
    assert tool.rewritten(RULES) == RULES
    questions = section(RULES, "Common questions")
    assert questions.count("\n### ") == 13
    for key in re.findall(r"Rule key: `(\w+)`", questions):
        assert key in CHOICES or key == "target"
