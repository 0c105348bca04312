"""Rules profiles: the built-in ones, the ones a player saves, and rules files.

Pure Python (never imports pygame).

* :class:`ProfileBook`: the built-in profiles of :data:`game.rules.ruleset.PROFILES`
  (read-only) plus saved ones (``name -> RuleSet``): save as, rename,
  delete. Saved profiles live in ``profiles.json`` beside the settings file
  (:func:`profiles_path`), written atomically; :func:`load_profiles` moves a
  corrupt file aside and drops a bad profile, each with one message.
* :func:`read_rules_file` / :func:`parse_rules_text`: a rules JSON (the
  ``rules`` object of a game record, ``game-record.md``; missing keys take
  their defaults) or :class:`ProfileError` with one plain sentence naming
  the key and the problem.
* :func:`export_rules`: writes a profile's rules JSON into
  :func:`export_folder` and returns the path.
* :func:`selection_from_setup`: the profile and rules a ``last_setup``
  (settings) asks for, checked.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import re
import unicodedata
from pathlib import Path

from game.rules.ruleset import CHOICES, PROFILES, RuleSet, RulesError
from game.i18n import _, ngettext
from game.paths import shown
from game.text.rules_text import PROFILE_NAMES, profile_name
from game.services.files import move_aside
from game.regular_files import FileTooLarge, open_regular, read_regular_file
from game.services.files import atomic_write_text

_log = logging.getLogger(__name__)

MAX_RULES_BYTES = 64 * 1024
"""A rules file larger than this is refused without being read."""
MAX_NAME = 24
"""Longest profile name, in characters."""
MAX_SAVED = 50
"""Most saved profiles kept."""
MAX_PROFILES_BYTES = 1024 * 1024
"""A ``profiles.json`` larger than this is not read (moved aside, the player
told). :data:`MAX_SAVED` profiles as this game writes them take at most
28 KiB (24-character names of four-byte letters, every rule at its
longest); a file edited by hand may be larger, and one of a few thousand
profiles still gets its first :data:`MAX_SAVED` kept. Reading 1 MiB takes
milliseconds; the 155 MB of 400,000 profiles took minutes."""
SHOWN_NAMES = 3
"""Most profile names one message lists; the rest are counted."""
LOGGED = 10
"""Most dropped profiles logged one by one; the rest are counted in one line."""
PROFILES_VERSION = 1


class ProfileError(ValueError):
    """A refused profile name or rules file; ``str(exc)`` is one sentence for the player."""


class NameTaken(ProfileError):
    """A profile name refused because a built-in or saved profile has it already."""


def plain_rules_error(exc: RulesError) -> str:
    """``RuleSet.from_dict``'s message in plain words, as one sentence naming
    the key and the problem, e.g. ``'The rule "decks" can't be 3: use "auto",
    1 or 2.'``."""
    text = str(exc)
    m = re.match(r"rules\.(\w+): (.*) is not one of (.*)$", text)
    if m:
        key, value, allowed = m.groups()
        allowed = allowed.replace("null", _("null (no limit)")) if key == "reshuffle_limit" else allowed
        choices = allowed.split(", ")
        shown = (_("{items} or {last}").format(items=_(", ").join(choices[:-1]), last=choices[-1])
                 if len(choices) > 1 else allowed)
        return _('The rule "{key}" can\'t be {value}: use {choices}.').format(key=key, value=value, choices=shown)
    m = re.match(r"rules: unknown key (.*)$", text)
    if m:
        import difflib

        near = difflib.get_close_matches(m.group(1).strip('"'), rule_keys(), n=1, cutoff=0.5)
        if near:
            return _('{key} is not a rule this game knows (the nearest rule is "{near}").').format(
                key=m.group(1), near=near[0])
        return _("{key} is not a rule this game knows (House rules in Settings lists every rule).").format(
            key=m.group(1))
    m = re.match(r"rules\.target must be a whole number, not (.*)$", text)
    if m:
        return _('The rule "target" must be a whole number of points, not {value}.').format(value=m.group(1))
    m = re.match(r"rules\.target must be from (\d+) to (\d+), not (.*)$", text)
    if m:
        return _('The rule "target" must be from {low} to {high} points, not {value}.').format(
            low=m.group(1), high=f"{int(m.group(2)):,}", value=m.group(3))
    if text.startswith("rules must be an object"):
        return _("A rules file must hold one JSON object of rule keys, like {example}.").format(
            example='{"decks": 2}')
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def parse_rules_text(text: str) -> RuleSet:
    """The rule set in ``text`` (a JSON object of rule keys; missing keys take
    their defaults). Raises :class:`ProfileError` with one sentence."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise ProfileError(_("The rules file ends too soon: it looks cut off.")) from None
        raise ProfileError(_("The rules file is not JSON ({error} at line {line}).").format(
            error=exc.msg, line=exc.lineno)) from None
    except (ValueError, RecursionError):
        raise ProfileError(_("The rules file is not JSON.")) from None
    try:
        return RuleSet.from_dict(data)
    except RulesError as exc:
        raise ProfileError(plain_rules_error(exc)) from None


def read_rules_file(path: str | os.PathLike) -> RuleSet:
    """The rule set in the rules JSON file at ``path`` (UTF-8, at most
    :data:`MAX_RULES_BYTES`). Raises :class:`ProfileError` with one sentence
    for a missing, unreadable, too large, truncated, non-JSON or bad file,
    and for one that is not a regular file: a named pipe, device or socket
    is never opened for reading, so it is never waited on
    (:func:`game.regular_files.read_regular_file`); ``--rules``, Import and a
    file dropped on the window all read through here."""
    p = Path(path).expanduser()
    try:
        if p.is_dir():
            raise ProfileError(_("{path} is a folder, not a rules file.").format(path=shown(p)))
        data = read_regular_file(p, MAX_RULES_BYTES)
    except FileNotFoundError:
        raise ProfileError(_("There is no file {path}.").format(path=shown(p))) from None
    except OSError as exc:
        raise ProfileError(_("{path} could not be read ({error}).").format(path=shown(p), error=exc.strerror or exc)) from None
    except FileTooLarge:
        raise ProfileError(_("The rules file is larger than {size} KiB, so it can't be a rules file.").format(
            size=MAX_RULES_BYTES // 1024)) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ProfileError(_("The rules file is not UTF-8 text.")) from None
    if not text.strip():
        raise ProfileError(_("The rules file is empty."))
    return parse_rules_text(text)


def rules_json(rules: RuleSet) -> str:
    """``rules`` as a rules JSON: exactly a game record's ``rules`` object, every key."""
    return json.dumps(rules.to_dict(), indent=1) + "\n"


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form two profile names are compared in: Unicode-normalised (NFKC),
    spaces trimmed and collapsed, case-folded. ``"Fives  Night "`` and
    ``"fives night"`` have the same key, so they are the same profile.
    Remembered: a book compares every name with every other one, and a
    clashing name tries up to :data:`MAX_SAVED` free names (it was 8 ms a
    profile when each comparison normalised both names again)."""
    return unicodedata.normalize("NFKC", " ".join(str(name).split())).casefold()


@functools.cache
def builtin_keys() -> dict[str, str]:
    """:func:`name_key` of each built-in profile's key and English name, to
    the English name (the names are compared untranslated)."""
    out: dict[str, str] = {}
    for key, shown in PROFILE_NAMES.items():
        out[name_key(key)] = shown
        out[name_key(shown)] = shown
    return out


def check_name(name: str) -> str:
    """``name`` trimmed (and NFC-normalised), or :class:`ProfileError` when it
    is empty, too long, holds unprintable characters or is a built-in
    profile's name (compared by :func:`name_key`)."""
    name = unicodedata.normalize("NFC", " ".join(str(name).split()))
    if not name:
        raise ProfileError(_("Give the profile a name."))
    if len(name) > MAX_NAME:
        raise ProfileError(ngettext("A profile name may have at most {count} character.",
                                    "A profile name may have at most {count} characters.", MAX_NAME).format(
            count=MAX_NAME))
    if not all(ch.isprintable() for ch in name):
        raise ProfileError(_("A profile name may only hold printable characters."))
    if "*" in name:
        raise ProfileError(_("A profile name can't hold \"*\": it marks changed rules."))
    shown = builtin_keys().get(name_key(name))
    if shown is not None:
        raise NameTaken(_('"{name}" is a built-in profile: choose another name.').format(name=_(shown)))
    return name


class ProfileBook:
    """Built-in and saved profiles. ``saved`` maps a name to its rules, in
    the order they were saved. Built-in profiles are named by their key in
    :data:`game.rules.ruleset.PROFILES` (shown as :data:`PROFILE_NAMES`)."""

    def __init__(self, saved: dict[str, RuleSet] | None = None):
        self.saved: dict[str, RuleSet] = dict(saved or {})
        self.renamed: list[tuple[str, str]] = []
        """``(name in the file, name given)`` for names :meth:`from_dict` had to change."""
        self.left_out = 0
        """How many profiles of the file :meth:`from_dict` left unread because
        :data:`MAX_SAVED` were kept already (they stay in the file until the
        player changes a profile and the book is saved)."""

    def taken(self, name: str, ignore: str | None = None) -> str | None:
        """The saved name that clashes with ``name`` (same :func:`name_key`),
        other than ``ignore``; ``None`` when the name is free."""
        key = name_key(name)
        return next((o for o in self.saved if name_key(o) == key and o != ignore), None)

    def names(self) -> list[str]:
        """Every profile: the built-in keys, then the saved names."""
        return list(PROFILES) + list(self.saved)

    def display(self, name: str) -> str:
        """A profile's name as shown."""
        return profile_name(name)

    def is_builtin(self, name: str) -> bool:
        return name in PROFILES

    def __contains__(self, name: object) -> bool:
        return name in PROFILES or name in self.saved

    def rules_of(self, name: str) -> RuleSet:
        """The rules of profile ``name`` (``KeyError`` if there is none)."""
        return PROFILES[name] if name in PROFILES else self.saved[name]

    def save_as(self, name: str, rules: RuleSet, replace: str | None = None) -> str:
        """Save ``rules`` as ``name`` (checked by :func:`check_name`) and
        return the name used. A saved name already taken is refused unless it
        is ``replace`` (the profile being saved over)."""
        name = check_name(name)
        other = self.taken(name, ignore=replace)
        if other is not None:
            raise NameTaken(_('A profile named "{name}" exists already: choose another name.').format(name=other))
        if replace in self.saved and replace != name and name_key(replace) == name_key(name):
            self.saved[replace] = rules  # the same profile, its name now written differently
            return self.rename(replace, name)
        if name not in self.saved and len(self.saved) >= MAX_SAVED:
            raise ProfileError(ngettext("At most {count} profile can be saved: delete one first.",
                                        "At most {count} profiles can be saved: delete one first.", MAX_SAVED).format(
                count=MAX_SAVED))
        self.saved[name] = rules
        return name

    def rename(self, old: str, new: str) -> str:
        """Rename saved profile ``old``, keeping its place; returns the new name."""
        if old not in self.saved:
            raise ProfileError(_("Only a saved profile can be renamed."))
        new = check_name(new)
        other = self.taken(new, ignore=old)
        if other is not None:
            raise NameTaken(_('A profile named "{name}" exists already: choose another name.').format(name=other))
        self.saved = {(new if k == old else k): v for k, v in self.saved.items()}
        return new

    def free_name(self, name: str) -> str:
        """``name`` followed by `` (2)``, `` (3)`` … (shortened to fit
        :data:`MAX_NAME`): the first that is free and not a built-in's."""
        base = " ".join(str(name).split()).replace("*", "")
        for n in range(2, MAX_SAVED + 3):
            tail = f" ({n})"
            candidate = base[: MAX_NAME - len(tail)].rstrip() + tail
            try:
                check_name(candidate)
            except ProfileError:
                continue
            if self.taken(candidate) is None:
                return candidate
        return base  # not reached: at most MAX_SAVED names are kept

    def delete(self, name: str) -> None:
        """Forget saved profile ``name``; built-in ones can't be deleted."""
        if name not in self.saved:
            raise ProfileError(_("Only a saved profile can be deleted."))
        del self.saved[name]

    def to_dict(self) -> dict:
        """The file form: ``{"version": 1, "profiles": [{"name", "rules"}, ...]}``."""
        return {"version": PROFILES_VERSION,
                "profiles": [{"name": n, "rules": r.to_dict()} for n, r in self.saved.items()]}

    @classmethod
    def from_dict(cls, data: object) -> tuple["ProfileBook", list[str]]:
        """A book from :meth:`to_dict`'s form, and the names (or places) of the
        profiles dropped as unusable. A name that clashes with one before it
        (or with a built-in profile) is kept under a free name, ``"Fives
        Night (2)"``, listed in ``book.renamed``. The first :data:`MAX_SAVED`
        usable profiles are kept; the ones after them are not read, only
        counted in ``book.left_out``."""
        book = cls()
        dropped: list[str] = []
        items = data.get("profiles") if isinstance(data, dict) else None
        if not isinstance(items, list):
            return book, ["the list of profiles"] if data else []
        for i, item in enumerate(items):
            if len(book.saved) >= MAX_SAVED:
                book.left_out = len(items) - i
                _log.warning("%d saved profiles after the first %d left out", book.left_out, MAX_SAVED)
                break
            name = item.get("name") if isinstance(item, dict) else None
            label = f'"{name}"' if isinstance(name, str) and name.isprintable() and len(name) < 60 \
                else f"number {i + 1}"
            try:
                if not isinstance(name, str) or not isinstance(item.get("rules"), dict):
                    raise ProfileError("bad entry")
                rules = RuleSet.from_dict(item["rules"])
                try:
                    book.save_as(name, rules)
                except NameTaken:
                    given = book.save_as(book.free_name(name), rules)
                    book.renamed.append((name, given))
            except (ProfileError, RulesError) as exc:
                if len(dropped) < LOGGED:
                    _log.warning("profile %s dropped: %s", label, exc)
                dropped.append(label)
        if len(dropped) > LOGGED:
            _log.warning("%d more profiles dropped", len(dropped) - LOGGED)
        return book, dropped


def profiles_path(storage) -> Path:
    """``profiles.json`` beside the settings file of ``storage`` (a :class:`game.services.storage.Storage`)."""
    return Path(storage.settings_path).with_name("profiles.json")


def listed(names: list[str]) -> str:
    """``names`` as a list in a sentence: all of them up to
    :data:`SHOWN_NAMES`, else the first ones and how many more."""
    if len(names) <= SHOWN_NAMES:
        return _(", ").join(names)
    more = len(names) - SHOWN_NAMES
    return ngettext("{names} and {count} more", "{names} and {count} more", more).format(
        names=_(", ").join(names[:SHOWN_NAMES]), count=f"{more:,}")


def load_profiles(storage) -> tuple[ProfileBook, str | None]:
    """The saved profiles and one message for the player, or ``None``.

    * a file over :data:`MAX_PROFILES_BYTES` is not read (nor decoded): it
      is moved aside (``.corrupt-<time>``) and the message says how large
      and where it went, so no write can lose it later;
    * a file that is not a JSON object is moved aside the same way;
    * one the OS refuses to read, or that is not a regular file (a named
      pipe: never waited on), is left where it is;
    * a bad profile is dropped, and named (up to :data:`SHOWN_NAMES`, the
      rest counted);
    * past the first :data:`MAX_SAVED` usable profiles the rest are left
      out, and the message says how many and why.

    Loading never writes the file: what was dropped or left out stays in it
    until the player saves, renames or deletes a profile (the book, with
    only what it kept, is then written), as the message says. Rewriting it
    here would throw those profiles away before the player has read why.
    Never raises for file problems."""
    path = profiles_path(storage)
    try:
        with open_regular(path) as fh:
            raw = fh.read(MAX_PROFILES_BYTES + 1)  # a larger file is never read whole
    except FileNotFoundError:
        return ProfileBook(), None
    except OSError as exc:
        _log.error("cannot read profiles %s: %s", path, exc)
        return ProfileBook(), _("Your saved rules profiles could not be opened ({error}).").format(
            error=exc.strerror or exc)
    if len(raw) > MAX_PROFILES_BYTES:
        _log.warning("profiles file %s is larger than %d bytes; not read", path, MAX_PROFILES_BYTES)
        moved = move_aside(path)
        size = MAX_PROFILES_BYTES // (1024 * 1024)
        if moved:
            return ProfileBook(), ngettext(
                "Your saved rules profiles file is larger than {size} MiB, more than {count} profile ever "
                "needs, so it was not read; it was moved to {moved}.",
                "Your saved rules profiles file is larger than {size} MiB, more than {count} profiles ever "
                "need, so it was not read; it was moved to {moved}.", MAX_SAVED).format(
                size=size, count=MAX_SAVED, moved=shown(moved))
        return ProfileBook(), ngettext(
            "Your saved rules profiles file is larger than {size} MiB, more than {count} profile ever needs, "
            "so it was not read.",
            "Your saved rules profiles file is larger than {size} MiB, more than {count} profiles ever need, "
            "so it was not read.", MAX_SAVED).format(size=size, count=MAX_SAVED)
    try:
        data = json.loads(raw.decode("utf-8-sig"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except (ValueError, RecursionError):
        moved = move_aside(path)
        if moved:
            return ProfileBook(), _("Your saved rules profiles could not be read; it was moved to {moved}.").format(
                moved=shown(moved))
        return ProfileBook(), _("Your saved rules profiles could not be read.")
    book, dropped = ProfileBook.from_dict(data)
    words = []  # the most important first: a toast shows three lines
    if book.left_out:
        words.append(ngettext(
            "Only the first {kept} saved rules profiles were loaded, as at most {kept} are kept; the other "
            "{count} stays in profiles.json until you change a profile.",
            "Only the first {kept} saved rules profiles were loaded, as at most {kept} are kept; the other "
            "{count} stay in profiles.json until you change a profile.",
            book.left_out).format(kept=MAX_SAVED, count=f"{book.left_out:,}"))
    if dropped:
        words.append(ngettext("Saved rules profile {names} could not be used and was left out.",
                              "Saved rules profiles {names} could not be used and were left out.",
                              len(dropped)).format(names=listed(dropped)))
    if book.renamed:
        renames = [_('"{old}" is now "{new}" (its name matched another profile)').format(old=old, new=new)
                   for old, new in book.renamed[:SHOWN_NAMES]]
        more = len(book.renamed) - SHOWN_NAMES
        if more > 0:
            renames.append(ngettext("{count} more was renamed the same way",
                                    "{count} more were renamed the same way", more).format(count=f"{more:,}"))
        words.append("; ".join(renames) + ".")
    return book, " ".join(words) or None


def save_profiles(storage, book: ProfileBook) -> bool:
    """Write the saved profiles atomically; ``False`` (logged) if the write failed."""

    try:
        atomic_write_text(profiles_path(storage), json.dumps(book.to_dict(), ensure_ascii=False, indent=1) + "\n")
    except OSError as exc:
        _log.error("could not save profiles: %s", exc)
        return False
    return True


def export_folder(storage) -> Path:
    """Where Export writes: ``<config dir>/rules`` with ``--config-dir``,
    otherwise ``Rummy 500 rules`` in the user's documents folder."""
    if getattr(storage, "config_dir", None) is not None:
        return Path(storage.config_dir) / "rules"
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Rummy 500 rules"


def file_stem(name: str) -> str:
    """A safe file name (no extension) for a profile name."""
    stem = re.sub(r"[^\w\- ]+", "", name, flags=re.ASCII).strip().replace(" ", "-").lower()
    return stem or "rules"


def export_rules(storage, name: str, rules: RuleSet) -> Path:
    """Write ``rules`` as ``<folder>/<name>.json`` (:func:`export_folder`) and
    return the path. A file already there is never overwritten: the first
    free name of ``<name>-2.json``, ``<name>-3.json`` … is used instead.
    Raises ``OSError`` when it can't be written."""
    folder = export_folder(storage)
    folder.mkdir(parents=True, exist_ok=True)
    stem = file_stem(name)
    for n in range(1, 10_000):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            with open(path, "x", encoding="utf-8", newline="\n") as fh:  # "x": never over another file
                try:
                    fh.write(rules_json(rules))
                except OSError:
                    fh.close()
                    path.unlink(missing_ok=True)
                    raise
        except FileExistsError:
            continue
        return path
    raise OSError(f"no free file name for {stem}.json in {folder}")


def selection_from_setup(last: object, book: ProfileBook) -> tuple[str, RuleSet]:
    """The profile name and rules a settings ``last_setup`` chose: its
    ``profile`` (``"standard"`` if unknown) and its ``rules`` object if that
    is a valid rule set, else the profile's rules."""
    last = last if isinstance(last, dict) else {}
    name = last.get("profile")
    if isinstance(name, str) and name not in book:  # renamed on loading, or written differently
        name = dict(book.renamed).get(name) or book.taken(name)
    name = name if isinstance(name, str) and name in book else "standard"
    rules = book.rules_of(name)
    data = last.get("rules")
    if isinstance(data, dict):
        try:
            rules = RuleSet.from_dict(data)
        except RulesError:
            pass
    return name, rules


def rules_name(rules: RuleSet, book: ProfileBook | None = None) -> str:
    """The one name of a rule set, used wherever rules are named (the table's
    badge, New game, the Rules scene, Statistics): the shown name of the
    profile with exactly these rules (built-in ones first, then saved ones in
    their order); otherwise the closest profile's (fewest differing rule
    keys, target included; built-in ones first on a tie) followed by ``*``.
    ``book``: the saved profiles to consider (``None``: built-in ones only)."""
    book = book if book is not None else ProfileBook()
    mine = rules.to_dict()
    best, fewest = "standard", None
    for name in book.names():
        theirs = book.rules_of(name).to_dict()
        differ = sum(theirs.get(k) != v for k, v in mine.items())
        if differ == 0:
            return book.display(name)
        if fewest is None or differ < fewest:
            best, fewest = name, differ
    return book.display(best) + "*"


def profile_label(book: ProfileBook, name: str, rules: RuleSet) -> str:
    """``"Standard"``, or ``"Standard*"`` when ``rules`` differ from the profile's (changed)."""
    changed = name not in book or book.rules_of(name) != rules
    return book.display(name) + ("*" if changed else "")


def rule_keys() -> list[str]:
    """Every rule key in the order of ``rules.md`` (the variants, then ``target``)."""
    return list(CHOICES) + ["target"]
