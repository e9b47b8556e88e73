"""Issue 48 item 2: each language keeps one glossary of the games' own words, and a term reads the
same on every screen.

``assets/locale/<code>/glossary.json`` is ``{"terms": [{"en": "tunnela", "tr": "टनेला", "forms":
["टनेला"], "note": "..."}, ...]}``: the English term, its translation, and the forms a sentence may
carry it in (the stem of an inflected word: Tamil, Hindi and Nepali add case endings to a noun; the
translation itself when no form is given).  Every translated message whose English has the term
(a whole word, any case; "pure sequence" before "sequence") must carry one of its forms.  Every
glossary holds at least the games' own vocabulary (:data:`REQUIRED`)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from game.i18n.pseudo import PLACEHOLDER

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "build_scripts" / "i18n.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

# The words of the games every glossary settles: Marriage's, Vazhushal's and the family's.
# (Only words with one sense in the app: "hand" is both the cards held and a round; "drop" is also a
# drag and drop.)
REQUIRED = ("maal", "tiplu", "jhiplu", "poplu", "tunnela", "dublee", "joker", "cut joker", "pure sequence",
            "sequence", "declare", "stock", "discard pile", "meld", "wipe", "negative joker")


def glossary(code: str) -> list[dict]:
    path = tool.LOCALE / code / "glossary.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["terms"]


def term_pattern(term: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(term) + r"s?(?![\w-])", re.IGNORECASE)


@pytest.mark.parametrize("code", tool.LANGUAGES)
def test_each_glossary_settles_the_games_own_words(code: str) -> None:
    terms = glossary(code)
    english = [t["en"] for t in terms]
    assert len(english) == len(set(english)), f"{code}: a term twice in the glossary"
    assert all(t.get("tr") for t in terms), f"{code}: a term without its translation"
    missing = [t for t in REQUIRED if t not in english]
    assert not missing, f"{code}: the glossary lacks {missing}"


@pytest.mark.parametrize("code", tool.LANGUAGES)
def test_a_glossary_term_reads_the_same_in_every_message(code: str) -> None:
    """A message whose English names a term carries that term's translation (or one of its forms)."""
    terms = sorted(glossary(code), key=lambda t: -len(t["en"]))  # "pure sequence" claims its words first
    catalog = tool._read(tool.po_path(code), code)
    wrong, checked = [], 0
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        ids = m.id if m.pluralizable else (m.id,)
        strings = [s for s in (m.string if m.pluralizable else (m.string,)) if s]
        if not strings:
            continue
        english = PLACEHOLDER.sub(" ", ids[0])  # "{meld}" is a value, not the word
        for t in terms:
            pattern = term_pattern(t["en"])
            if not pattern.search(english):
                continue
            english = pattern.sub(" ", english)  # a longer term's words are not a shorter one's
            forms = t.get("forms") or [t["tr"]]
            for s in strings:
                checked += 1
                if not any(f.lower() in s.lower() for f in forms):
                    wrong.append(f"{t['en']!r} -> {forms}: {ids[0]!r} = {s!r}")
    assert not wrong, f"{code}: {len(wrong)} messages name a term another way:\n" + "\n".join(wrong[:30])
    assert checked, f"{code}: no translated message uses a glossary term"


def test_the_term_check_sees_a_term_said_another_way() -> None:
    """The check itself: a whole word, any case, plurals; a longer term first."""
    assert term_pattern("tunnela").search("Expose a Tunnela now")
    assert term_pattern("tunnela").search("two tunnelas")
    assert not term_pattern("set").search("settings")
    english = "a pure sequence and a sequence"
    english = term_pattern("pure sequence").sub(" ", english)
    assert len(term_pattern("sequence").findall(english)) == 1
