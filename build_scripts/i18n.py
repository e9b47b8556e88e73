"""The message catalogues (docs/translating.md), with Babel (the ``[test]``, ``[i18n]`` and ``[build]`` extras).

    python build_scripts/i18n.py extract   # game/ and ai/ -> assets/locale/vazhushal.pot (the template)
    python build_scripts/i18n.py update    # the template merged into each language's .po
    python build_scripts/i18n.py compile   # each .po -> its .mo beside it, and the pseudo-language
    python build_scripts/i18n.py pseudo    # the pseudo-language (en_XA) from the template
    python build_scripts/i18n.py stats     # each language's share of messages translated

The ``.po`` files and the template are sources (committed); the ``.mo`` files and the pseudo-language
are build outputs (gitignored), made by ``compile`` (the developer setup ``build_scripts/dev.py``,
``build_scripts/build.py`` and the test suite's start run it when a ``.mo`` is missing or older than
its source).  Files are written whole and then renamed, so a game or test reading a catalogue at
the same moment never sees half of one.
"""

from __future__ import annotations

import io
import os
import re
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "vazhushal"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("ta", "hi", "ne")  # the translated languages (English is the messages themselves)
PSEUDO = "en_XA"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
SOURCES = ("game", "ai")  # the packages whose words players read (the bots' levels and the review's words are ai's)
HEADER = "Vazhushal's words for players (docs/translating.md)."


def extract_rulebook(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for a game's How-to-play pages (``game/ui/<game>/rulebook.toml``, read by
    :mod:`game.ui.rulebook`): each page's title, text and example captions, each at the line of its key."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if line.strip() == "[[page]]"]
    for page, start, end in zip(tomllib.loads(text).get("page", []), starts, [*starts[1:], len(lines)]):

        def line_of(key: str, start: int = start, end: int = end) -> int:
            return next((n + 1 for n in range(start, end) if re.match(rf"{key}\s*=", lines[n])), start + 1)

        yield line_of("title"), None, page["title"], []
        yield line_of("text"), None, page["text"], []
        for caption, _cards, _wild in page.get("examples", []):
            if caption:  # an example drawn unlabelled has no words
                yield line_of("examples"), None, caption, []


# How each kind of source file is read for the catalogue (paths relative to each of the SOURCES).
METHOD_MAP = [("**.py", "python"), ("ui/*/rulebook.toml", extract_rulebook)]


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` atomically (a temporary file beside it, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)  # mkstemp's file is private; a catalogue is read by whoever runs the game
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _po_bytes(catalog, **options) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=120, include_lineno=False, ignore_obsolete=True, **options)
    return buf.getvalue()


def _str_format_only(catalog):
    """The app formats with ``str.format`` only: Babel's guess of ``python-format`` from a "95 %" in
    the words (and its checks of %-placeholders that are not there) is dropped."""
    for m in catalog:
        m.flags.discard("python-format")
    return catalog


def _read(path: Path, locale: str | None = None):
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        return _str_format_only(read_po(f, locale=locale, domain=DOMAIN))


def _version() -> str:
    for line in (ROOT / "game" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return ""


def extract() -> int:
    """The template from every ``_()``, ``N_()`` and ``ngettext()`` in the :data:`SOURCES` (game/, ai/), and
    every How-to-play page's words (:func:`extract_rulebook`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="Vazhushal", version=_version(), header_comment=f"# {HEADER}", charset="utf-8",
                      msgid_bugs_address="", fuzzy=False)
    for source in SOURCES:
        found = extract_from_dir(str(ROOT / source), method_map=METHOD_MAP, keywords=KEYWORDS,
                                 comment_tags=("Translators:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            where = (f"{source}/{Path(filename).as_posix()}", lineno)
            catalog.add(message, None, [where], auto_comments=comments, context=context)
    _str_format_only(catalog)
    _write(TEMPLATE, _po_bytes(catalog, omit_header=False, sort_output=False))
    print(f"{len(catalog)} messages -> {TEMPLATE.relative_to(ROOT)}")
    return 0


def update() -> int:
    """Merge the template into each language's .po (new messages untranslated, gone ones dropped)."""
    from babel.messages.catalog import Catalog

    template = _read(TEMPLATE)
    for code in LANGUAGES:
        path = po_path(code)
        if path.exists():
            catalog = _read(path, code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Vazhushal", version=_version(),
                              header_comment=f"# {HEADER}", msgid_bugs_address="", fuzzy=False)
        # no fuzzy guesses: a near miss ("{first} and {last}" for "{games} and {last}") misleads more than it helps
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)  # (guesses the flag again)
        _write(path, _po_bytes(_str_format_only(catalog)))
        print(f"updated {path.relative_to(ROOT)}")
    return 0


def _mo(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all(quiet: bool = False) -> int:
    """Each language's .mo from its .po, and the pseudo-language."""
    for code in LANGUAGES:
        path = po_path(code)
        if not path.exists():
            continue
        catalog = _read(path, code)
        errors = [(m.id, e) for m, es in catalog.check() for e in es]
        for msgid, error in errors:
            print(f"{path.relative_to(ROOT)}: {msgid!r}: {error}", file=sys.stderr)
        _write(path.with_suffix(".mo"), _mo(catalog))
        if not quiet:
            print(f"compiled {path.with_suffix('.mo').relative_to(ROOT)}")
    pseudo(quiet)
    return 0


def pseudo(quiet: bool = False) -> int:
    """The pseudo-language's .po and .mo from the template (:mod:`game.i18n.pseudo`)."""
    sys.path.insert(0, str(ROOT))
    from game.i18n.pseudo import transform

    template = _read(TEMPLATE)
    template.locale = "en"
    for message in template:
        if not message.id:
            continue
        if message.pluralizable:
            message.string = (transform(message.id[0]), transform(message.id[1]))
        else:
            message.string = transform(message.id)
    path = po_path(PSEUDO)
    _write(path, _po_bytes(template))
    _write(path.with_suffix(".mo"), _mo(template))
    if not quiet:
        print(f"pseudo-language -> {path.with_suffix('.mo').relative_to(ROOT)}")
    return 0


def stale() -> bool:
    """Whether a compiled catalogue is missing or older than its source."""
    pairs = [(po_path(code), po_path(code).with_suffix(".mo")) for code in LANGUAGES if po_path(code).exists()]
    pairs.append((TEMPLATE, po_path(PSEUDO).with_suffix(".mo")))
    pairs.append((ROOT / "game" / "i18n" / "pseudo.py", po_path(PSEUDO).with_suffix(".mo")))  # how it is made
    return any(not mo.exists() or mo.stat().st_mtime < src.stat().st_mtime for src, mo in pairs if src.exists())


def compile_if_stale() -> bool:
    """Compile when :func:`stale` (the setup's and the test suite's hook); whether it did."""
    if not stale():
        return False
    compile_all(quiet=True)
    return True


def stats() -> int:
    """Each language's share of messages translated (fuzzy ones are not)."""
    for code in LANGUAGES:
        path = po_path(code)
        if not path.exists():
            print(f"{code}: no catalogue")
            continue
        messages = [m for m in _read(path, code) if m.id]
        done = sum(1 for m in messages if not m.fuzzy and (all(m.string) if m.pluralizable else m.string))
        share = 100 * done / len(messages) if messages else 100.0
        print(f"{code}: {share:5.1f} % translated ({done} of {len(messages)} messages)")
    return 0


COMMANDS = {"extract": extract, "update": update, "compile": compile_all, "pseudo": pseudo, "stats": stats}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    return COMMANDS[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
