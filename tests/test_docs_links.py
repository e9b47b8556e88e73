"""Every link in README.md and docs/ leads to a file of this repository.

A person who clones the repository has only what is in it: the rules and the referee's documents
are written in docs/rules/ and docs/referee.md so that nothing the README or the docs point to lies
outside (issue 48).  This reads each Markdown file, skips code (fenced blocks and `spans`), and
checks every inline link, image and reference definition: a relative target must resolve to a
file or folder inside the repository, a ``#anchor`` must name a heading of the target page (as
GitHub spells heading anchors), and no target may be an absolute path or a URL.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
_AUTOLINK = re.compile(r"<((?:[a-zA-Z][a-zA-Z0-9+.-]*):[^\s>]+)>")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text: str) -> list[str]:
    """The lines of a Markdown page outside fenced code, with inline code spans blanked."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(_CODE_SPAN.sub("", line))
    return lines


def links(text: str) -> list[str]:
    """Every link target of a page: inline links and images, reference definitions, autolinks."""
    found = []
    for line in prose_lines(text):
        found += [m.group(1) for m in _INLINE.finditer(line)]
        found += [m.group(1) for m in _AUTOLINK.finditer(line)]
        ref = _REFERENCE.match(line)
        if ref:
            found.append(ref.group(1))
    return found


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: markup dropped, lower case, punctuation removed, spaces to '-'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading keeps its words
    text = text.replace("`", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")  # M: vowel signs, virama
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The heading anchors of a page, numbered as GitHub numbers repeated headings."""
    seen: dict[str, int] = {}
    out = set()
    for line in prose_lines(page.read_text(encoding="utf-8")):
        m = _HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def problems(page: Path) -> list[str]:
    """What is wrong with the links of one page (empty when every link is good)."""
    bad = []
    for target in links(page.read_text(encoding="utf-8")):
        if not target:
            bad.append("an empty link")
            continue
        if _SCHEME.match(target) or target.startswith(("/", "\\")):
            bad.append(f"{target}: leaves the repository (only relative links to its own files)")
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if dest != ROOT and ROOT not in dest.parents:
            bad.append(f"{target}: leaves the repository")
        elif not dest.exists():
            bad.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor.lower() not in anchors(dest):
            bad.append(f"{target}: no heading with that anchor in {dest.relative_to(ROOT)}")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_resolves_inside_the_repository(page: Path) -> None:
    assert problems(page) == []


def test_the_rules_and_the_referee_are_in_the_repository() -> None:
    """The README links each game's rules page and the referee's page, and each of those exists."""
    readme = set(links((ROOT / "README.md").read_text(encoding="utf-8")))
    for name in ("vazhushal", "indian13", "indian21", "marriage"):
        assert f"docs/rules/{name}.md" in readme
        assert (ROOT / "docs" / "rules" / f"{name}.md").is_file()
    assert "docs/referee.md" in readme


def test_the_checker_catches_what_it_must(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A link outside the repository, a missing file and a missing anchor are each reported;
    links in code are not links."""
    monkeypatch.setattr(__name__ + ".ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("# The B page\n\n## Part two: more\n", encoding="utf-8")
    page = tmp_path / "docs" / "a.md"
    page.write_text(
        "# A\n[up](../../shared/rules/RULES.md) [web](https://example.org) [gone](c.md)\n"
        "[ok](b.md#part-two-more) [bad anchor](b.md#part-three) [self](#a)\n"
        "`[in code](../../outside.md)`\n```\n[fenced](../../outside.md)\n```\n[ref]: /etc/passwd\n",
        encoding="utf-8")
    found = problems(page)
    assert [p.split(":")[0] for p in found] == ["../../shared/rules/RULES.md", "https", "c.md", "b.md#part-three",
                                                "/etc/passwd"]
