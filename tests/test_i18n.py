"""The app's translations (game.i18n, docs/translating.md): catalogues found and read, English for
whatever is missing, plural forms by each language's rule, placeholders kept by every translation,
the language switched while the app runs, the system's language found, the pseudo-language, and
the catalogues in step with the code (the template holds every marked message, each .po the
template's)."""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import i18n
from game.i18n import _, ngettext, pseudo

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "build_scripts" / "i18n.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English, with the catalogues read afresh."""
    i18n.reload()
    i18n.set_language("en")
    yield
    i18n.set_language("en")
    i18n.reload()


def test_each_language_reads_its_catalogue_and_names_itself_in_its_own_words() -> None:
    assert i18n.LANGUAGES == {"en": "English", "ta": "தமிழ்", "hi": "हिन्दी", "ne": "नेपाली"}
    assert _("Settings") == "Settings"
    for code, word in (("ta", "அமைப்புகள்"), ("hi", "सेटिंग्स"), ("ne", "सेटिङहरू")):
        assert i18n.catalogue_path(code).is_file(), f"{code}: not compiled (build_scripts/i18n.py compile)"
        assert i18n.set_language(code) == code and i18n.language() == code
        assert _("Settings") == word


def test_switching_language_takes_effect_for_every_later_call() -> None:
    said = []
    for code in ("ta", "hi", "en", "ne", "en"):
        i18n.set_language(code)
        said.append(_("Quit"))
    assert said == ["வெளியேறு", "बाहर निकलें", "Quit", "बाहिर निस्कनुहोस्", "Quit"]
    assert i18n.N_("Quit") == "Quit"  # a mark, never a translation (translated where it is shown)


def test_missing_messages_languages_and_catalogues_fall_back_to_english(tmp_path, monkeypatch) -> None:
    i18n.set_language("ta")
    assert _("A message no catalogue has") == "A message no catalogue has"
    assert ngettext("{n} gadget no catalogue has", "{n} gadgets no catalogue has", 3) == "{n} gadgets no catalogue has"
    assert i18n.set_language("fr") == "en" and _("Settings") == "Settings"
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)  # no catalogue at all
    i18n.reload()
    assert i18n.set_language("hi") == "hi" and _("Settings") == "Settings"
    damaged = tmp_path / "ne" / "LC_MESSAGES" / "vazhushal.mo"
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes(b"\xde\x12\x04\x95 not a catalogue")
    assert i18n.set_language("ne") == "ne" and _("Settings") == "Settings"


def _compiled(tmp_path: Path, code: str, entries: list) -> None:
    """A catalogue of ``entries`` for ``code`` under ``tmp_path`` (Babel, as the tool compiles)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=code, domain="vazhushal")
    for msgid, msgstr in entries:
        catalog.add(msgid, msgstr)
    path = tmp_path / code / "LC_MESSAGES" / "vazhushal.mo"
    path.parent.mkdir(parents=True)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    path.write_bytes(buf.getvalue())


def test_plural_forms_follow_each_languages_rule(tmp_path, monkeypatch) -> None:
    """Hindi counts 0 and 1 as one (plural=(n > 1)), Tamil only 1; placeholders are filled after."""
    forms = ("{n} card", "{n} cards")
    _compiled(tmp_path, "hi", [(forms, ("{n} पत्ता", "{n} पत्ते"))])
    _compiled(tmp_path, "ta", [(forms, ("{n} சீட்டு", "{n} சீட்டுகள்"))])
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.reload()
    assert [ngettext(*forms, n).format(n=n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    i18n.set_language("hi")
    assert [ngettext(*forms, n).format(n=n) for n in (0, 1, 2)] == ["0 पत्ता", "1 पत्ता", "2 पत्ते"]
    i18n.set_language("ta")
    assert [ngettext(*forms, n).format(n=n) for n in (0, 1, 2)] == ["0 சீட்டுகள்", "1 சீட்டு", "2 சீட்டுகள்"]


def _catalogues():
    for code in tool.LANGUAGES:
        yield code, tool._read(tool.po_path(code), code)


def test_every_translation_keeps_exactly_its_messages_placeholders() -> None:
    """A translator may move ``{name}`` but never drop, add or rename one (``.format`` would fail)."""
    checked, wrong = 0, []
    for code, catalog in _catalogues():
        for m in catalog:
            if not m.id or m.fuzzy:  # a fuzzy entry is not used until a person has checked it
                continue
            ids = m.id if m.pluralizable else (m.id,)
            strings = m.string if m.pluralizable else (m.string,)
            for i, s in enumerate(strings):
                if not s:
                    continue
                source = ids[min(i, len(ids) - 1)]
                # a plural form may say "one" in words instead of {n}; it may never bring a new placeholder
                expected = set(pseudo.placeholders(source)) | (set(pseudo.placeholders(ids[0])) if i else set())
                got = pseudo.placeholders(s)
                ok = set(got) <= expected if m.pluralizable else got == pseudo.placeholders(source)
                checked += 1
                if not ok:
                    wrong.append(f"{code}: {source!r} -> {s!r}")
    assert checked >= 3 * 50 and not wrong, wrong
    assert pseudo.placeholders("{name} has {n:d} of %(x)s, {{literal}} %s") == ["%(x)s", "%s", "{n:d}", "{name}"]


def test_the_catalogues_are_in_step_with_the_code() -> None:
    """Every message marked in game/ and ai/ (``i18n.py``'s ``SOURCES``), How to play's pages (the games'
    rulebook.toml) included, is in the template (``i18n.py extract``), and every message of the template in
    each language's .po (``i18n.py update``)."""
    from babel.messages.extract import extract_from_dir

    assert set(tool.SOURCES) >= {"game", "ai"}  # the bots' levels and the review's words are ai's
    marked = {m if isinstance(m, str) else m[0] for source in tool.SOURCES for _f, _l, m, _c, _x in
              extract_from_dir(str(ROOT / source), method_map=tool.METHOD_MAP, keywords=tool.KEYWORDS)}
    assert "The aim" in marked  # a page title: the rulebooks' words are read too
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in tool._read(tool.TEMPLATE) if m.id}
    assert marked == template, f"run build_scripts/i18n.py extract: {sorted(marked ^ template)[:10]}"
    for code, catalog in _catalogues():
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        assert ids == template, f"run build_scripts/i18n.py update ({code}): {sorted(ids ^ template)[:10]}"


def test_the_first_scenes_are_translated_in_every_language() -> None:
    """The title, the menu and settings (issue 48's first slice) are whole in ta, hi and ne."""
    for code, catalog in _catalogues():
        missing = [m.id for m in catalog if m.id and any(f"scenes/{s}.py" in f for f, _line in m.locations
                                                          for s in ("title", "menu", "settings"))
                   and (m.fuzzy or not (all(m.string) if m.pluralizable else m.string))]
        assert not missing, f"{code}: {missing}"


def test_the_system_language_is_found_and_never_fails(monkeypatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ta_IN.UTF-8")
    assert i18n.system_language() == "ta"
    monkeypatch.setenv("LANGUAGE", "fr:ne_NP:en")
    assert i18n.system_language() == "ne"
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LC_ALL", "hi_IN")
    assert i18n.system_language() == "hi"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("LANG", "C.UTF-8")

    def broken(*args):
        raise ValueError("no locale here")

    monkeypatch.setattr(i18n.locale, "getlocale", broken)
    assert i18n.system_language() == "en"
    assert i18n.set_language("") == "en"  # "" in the settings: the system's language


def test_the_developers_override_the_saved_setting_and_the_system(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "hi_IN.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert i18n.startup_language("") == "hi"
    assert i18n.startup_language("ne") == "ne"
    assert i18n.startup_language("xx") == "hi"
    monkeypatch.setenv(i18n.ENV, "en-XA")
    assert i18n.startup_language("ne") == i18n.PSEUDO
    assert i18n.set_language(i18n.startup_language("ne")) == "en_XA"
    assert _("Settings") == pseudo.transform("Settings")


def test_the_language_setting_is_kept_only_when_it_names_a_language() -> None:
    from game.ui.persist import Settings

    assert Settings().language == ""
    assert Settings.from_json({"language": "ta"}).language == "ta"
    assert Settings.from_json({"language": "en_XA"}).language == "en_XA"
    assert Settings.from_json({"language": "klingon"}).language == ""
    assert Settings.from_json({"language": 7}).language == ""


def test_pseudo_accents_every_letter_lengthens_and_keeps_placeholders_and_keys() -> None:
    for message in ("Settings", "Save and leave to title", "{name} to play", "Draw %(n)s cards",
                    "↑↓ choose · ←→ change · Esc back", "Fullscreen (F11)", "{n:d} of {{braces}}"):
        out = pseudo.transform(message)
        assert out.startswith(pseudo.OPEN) and out.endswith(pseudo.CLOSE)
        assert len(out) >= 1.4 * len(message), out
        assert pseudo.placeholders(out) == pseudo.placeholders(message), out
        assert pseudo.english_words(out) == [], out
        assert pseudo.english_words(message) != [], message
    assert pseudo.transform("Esc back").startswith("⟦Esc ƀáçķ")
    assert pseudo.transform("") == ""


def test_english_words_finds_what_bypassed_the_catalogue() -> None:
    assert pseudo.english_words("⟦Šéťťíñğš ··⟧") == []
    assert pseudo.english_words("10♦ K♠ A♥ 7") == []  # card tokens
    assert pseudo.english_words("Vazhushal · Esc · F11 · Enter") == []  # the app's name, keys
    assert pseudo.english_words("⟦Ñéŵ ğáḿé ··⟧ Hand 3") == ["Hand"]
    assert pseudo.english_words("Quit") == ["Quit"]


def test_the_pseudo_catalogue_is_made_from_the_template_with_plural_forms(tmp_path, monkeypatch) -> None:
    from babel.messages.catalog import Catalog

    template = Catalog(locale=None, domain="vazhushal")
    template.add("Hello", "")
    template.add(("{n} card", "{n} cards"), ("", ""))
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "TEMPLATE", tmp_path / "vazhushal.pot")
    tool._write(tool.TEMPLATE, tool._po_bytes(template, omit_header=False))
    tool.pseudo(quiet=True)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.reload()
    i18n.set_language(i18n.PSEUDO)
    assert _("Hello") == pseudo.transform("Hello")
    assert ngettext("{n} card", "{n} cards", 1).format(n=1) == pseudo.transform("{n} card").format(n=1)
    assert ngettext("{n} card", "{n} cards", 2).format(n=2) == pseudo.transform("{n} cards").format(n=2)
    assert not tool.stale()  # the .mo is newer than the template; an edited template makes it stale
    later = tool.TEMPLATE.stat().st_mtime + 10
    os.utime(tool.TEMPLATE, (later, later))
    assert tool.stale()


def test_the_package_is_pure() -> None:
    """game.i18n imports nothing that draws (the engines may use its N_)."""
    code = ("import sys, game.i18n, game.i18n.pseudo; "
            "print(sorted(m for m in sys.modules if m.startswith(('pygame', 'game.ui', 'ai'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_every_message_is_translated_in_every_language() -> None:
    """Issue 48 item 2: each language is complete: every message of the template has a translation
    (every plural form), none left fuzzy."""
    for code, catalog in _catalogues():
        missing = [m.id for m in catalog if m.id and (m.fuzzy or not (all(m.string) if m.pluralizable else m.string))]
        assert not missing, f"{code}: {len(missing)} messages untranslated, e.g. {missing[:5]}"
