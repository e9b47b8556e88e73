"""The app's words in the player's language: English, Tamil, Hindi and Nepali (docs/translating.md).

Standard ``gettext`` catalogues (domain ``vazhushal``) under ``assets/locale/<code>/LC_MESSAGES/``:
the ``.po`` files are the sources, the ``.mo`` files beside them are compiled from them
(``python build_scripts/i18n.py compile``; the developer setup, the build and the test suite do it).

The convention, for every player-facing string:

* ``_("Settings")`` translates at the time of use (in a scene's ``build``/``draw``, never at import:
  the language can change while the app runs);
* ``N_("Fast")`` marks a constant for the catalogue and returns it unchanged; ``_(value)`` where it
  is shown (stored values stay English);
* named placeholders with ``str.format``: ``_("{name} to play").format(name=who)``;
* ``ngettext("{n} card", "{n} cards", n).format(n=n)`` for counts.

A missing catalogue or message falls back to English (the message itself); nothing here raises.
The pseudo-language :data:`PSEUDO` (accented, 40 % longer: :mod:`game.i18n.pseudo`) is for tests and
developers (``VAZHUSHAL_LANGUAGE=en_XA``), never listed to players.  Pure Python: no pygame.
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from pathlib import Path

APP_NAME = "Vazhushal"  # the app's name, the same in every language
DOMAIN = APP_NAME.lower()  # the catalogue is named after the app
ENGLISH = "en"
PSEUDO = "en_XA"  # the pseudo-language (as Android's en-XA; gettext wants an underscore)
# Every language a player can choose, by its code, named in its own words.
LANGUAGES: dict[str, str] = {"en": "English", "ta": "தமிழ்", "hi": "हिन्दी", "ne": "नेपाली"}
ENV = "VAZHUSHAL_LANGUAGE"  # a code here overrides the setting (developers: en_XA, ta, ...)

_current: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH
_loaded: dict[str, gettext.NullTranslations] = {}


def locale_dir() -> Path:
    """``assets/locale``: beside the package in a source tree, in ``sys._MEIPASS`` when frozen."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets" / "locale"
    return Path(__file__).resolve().parent.parent.parent / "assets" / "locale"


def catalogue_path(code: str) -> Path:
    """Where the compiled catalogue of ``code`` is (``<code>/LC_MESSAGES/vazhushal.mo``)."""
    return locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def known(code: str) -> bool:
    """Whether ``code`` names a language of the app (or the pseudo-language)."""
    return code in LANGUAGES or code == PSEUDO


def _load(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``; English (no translation) when it is missing or unreadable."""
    if code not in _loaded:
        translations: gettext.NullTranslations = gettext.NullTranslations()
        if code != ENGLISH:
            try:
                with open(catalogue_path(code), "rb") as f:
                    translations = gettext.GNUTranslations(f)
            except (OSError, ValueError, UnicodeError, LookupError):  # missing or damaged: English
                translations = gettext.NullTranslations()
        _loaded[code] = translations
    return _loaded[code]


def set_language(code: str) -> str:
    """Speak ``code`` from the next ``_()`` on (``""``: the system's language; unknown: English).
    Returns the code in force."""
    global _current, _code
    code = system_language() if not code else code.replace("-", "_")
    if not known(code):
        code = ENGLISH
    _current, _code = _load(code), code
    return code


def reload() -> None:
    """Read the catalogues again (after ``build_scripts/i18n.py compile``), keeping the language."""
    _loaded.clear()
    set_language(_code)


def language() -> str:
    """The code of the language in force (``en``, ``ta``, ``hi``, ``ne`` or :data:`PSEUDO`)."""
    return _code


def startup_language(saved: str) -> str:
    """The language to start in: ``VAZHUSHAL_LANGUAGE`` when it names one, else the saved setting,
    else the system's."""
    override = os.environ.get(ENV, "").strip().replace("-", "_")
    return override if known(override) else saved if known(saved) else system_language()


def _(msgid: str) -> str:
    """``msgid`` in the language in force (itself when there is no translation)."""
    return _current.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for the count ``n``, in the language in force."""
    return _current.ngettext(singular, plural, n)


def N_(msgid: str) -> str:  # noqa: N802  (the gettext convention's name)
    """Mark a constant for the catalogue; translate it with ``_()`` where it is shown."""
    return msgid


def _from_tag(tag: str | None) -> str | None:
    """A language of the app in a locale tag (``ta_IN.UTF-8``, ``hi-IN``, ``Tamil_India``), or None."""
    if not tag:
        return None
    head = tag.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    names = {"english": "en", "tamil": "ta", "hindi": "hi", "nepali": "ne"}
    head = names.get(head, head)
    return head if head in LANGUAGES else None


def _windows_tag() -> str | None:
    """The Windows user interface language as a locale tag (``ta_IN``), or None."""
    if sys.platform != "win32":
        return None
    import ctypes

    lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    return locale.windows_locale.get(lcid)


def system_language() -> str:
    """The operating system's language when it is one of the app's, else English; never fails.

    The environment first (``LANGUAGE``, a list by preference, then ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them), then Windows' interface language, then the C library's locale."""
    try:
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            value = os.environ.get(var, "")
            if value:
                for tag in value.split(":"):
                    found = _from_tag(tag)
                    if found:
                        return found
                if var != "LANGUAGE" and value not in ("C", "POSIX") and not value.startswith("C."):
                    return ENGLISH  # a locale is set, and it is no language of the app
        found = _from_tag(_windows_tag()) or _from_tag(locale.getlocale(locale.LC_MESSAGES if hasattr(
            locale, "LC_MESSAGES") else locale.LC_CTYPE)[0])
        return found or ENGLISH
    except Exception:  # noqa: BLE001  (a strange platform never stops the game)
        return ENGLISH
