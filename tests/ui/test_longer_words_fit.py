"""Issue 48 item 5: the shared pieces that let longer words (another language) fit rather than be
cut: a word longer than a whole line is broken between letters, a choice moves its value aside or
takes two lines before shortening either, buttons go onto more rows when their captions need it."""

from __future__ import annotations

import pygame
import pytest

from game.ui import textdraw
from game.ui.resources import font, wrap
from game.ui.widgets import Button, Choice, arrange_buttons


@pytest.fixture
def screen() -> pygame.Surface:
    """A window-sized surface (pygame stays initialised: the other tests in this worker share it)."""
    pygame.init()
    return pygame.Surface((640, 480))


def test_a_word_longer_than_the_line_is_broken_between_letters_never_inside_one(screen) -> None:
    dots = "·" * 60
    lines = wrap(f"one {dots} two", 12, 80)
    assert lines[0] == "one" and lines[-1] == "two" and "".join(lines[1:-1]) == dots
    assert all(font(12).size(line)[0] <= 80 for line in lines)
    tamil = "க்ஷ" * 20  # consonant, virama, consonant: no line starts with a mark or right after a virama
    broken = wrap(tamil, 12, 40)
    assert len(broken) > 1 and "".join(broken) == tamil
    assert all(not line.startswith(("்", "ஷ")) for line in broken[1:])
    assert wrap("a b c", 12, 200) == ["a b c"] and wrap("x\ny", 12, 2) == ["x", "y"]


def test_the_layout_check_calls_a_broken_word_a_fault_and_a_broken_leader_not(screen) -> None:
    """The fallback above keeps every letter, but a word split over two lines reads badly: the layout
    check reports it (a row of leader dots may break: it has no letters)."""
    with textdraw.recording() as rec:
        lines = wrap("Antidisestablishmentarianism and " + "·" * 60, 12, 60)
    assert rec.broken and rec.broken < set(lines) and all("·" not in line for line in rec.broken), (rec.broken, lines)
    piece = sorted(rec.broken)[0]
    drawn = [textdraw.Drawn("text", piece, pygame.Rect(10, 10, 58, 12), broken=True),
             textdraw.Drawn("text", "and", pygame.Rect(10, 40, 20, 12))]
    found = textdraw.problems(drawn, screen.get_size())
    assert found == [f"a word broken across lines: {piece!r} at (10, 10, 58×12)"], found


def _drawn(widget, surf: pygame.Surface, size: int = 12) -> list[str]:
    with textdraw.recording() as rec:
        widget.draw(surf, True, size)
        textdraw.note_control(surf, widget.rect, widget.caption)
        return textdraw.problems(rec.items, surf.get_size())


def test_a_long_caption_moves_the_value_aside_then_takes_two_lines_never_cut(screen) -> None:
    short = Choice("A caption longer than half the row", ["On"], 0)
    short.rect = pygame.Rect(20, 20, 290, 18)
    assert short.placed("› " + short.caption, 12) is not None and not short.tall(12)
    assert _drawn(short, screen) == [] and short.drawn_x > short.value_x()  # the value moved right
    both = Choice("A caption rather longer than half", ["A value long as well"], 0)
    both.rect = pygame.Rect(20, 60, 290, 18)
    assert both.tall(12)
    assert any("cut" in found for found in _drawn(both, screen))  # one line: something is cut (and the check sees it)
    both.rect.h = both.two_line_height(12)
    assert _drawn(both, screen) == []
    bare = Choice("", ["A value too long for one line"], 0)  # a seat's choice: no caption
    bare.rect = pygame.Rect(20, 120, 170, 18)
    assert bare.tall(12) and any("cut" in found for found in _drawn(bare, screen))
    bare.rect.h = bare.two_line_height(12)
    assert _drawn(bare, screen) == []


def test_buttons_too_narrow_for_their_captions_go_onto_more_rows(screen) -> None:
    long = [Button("A caption long enough to need room", lambda: None, "Enter"), Button("Another", lambda: None, "Esc")]
    top = arrange_buttons(long, 12, 320, 470, 300, 150, 25, 8)
    assert long[0].rect.y < long[1].rect.y and top == long[0].rect.y == 470 - 2 * 25 - 8
    assert all(b.fits("› " + b.caption, 12) for b in long)
    short = [Button("Yes", lambda: None, "Enter"), Button("No", lambda: None, "Esc")]
    assert arrange_buttons(short, 12, 320, 470, 600, 150, 25, 8) == 445
    assert short[0].rect.y == short[1].rect.y and short[0].rect.w == 150


def test_a_panel_with_no_room_draws_nothing_rather_than_failing(screen) -> None:
    """A window squeezed small can leave a panel a negative height (the long monkey run found one)."""
    from game.ui.widgets import panel

    before = screen.copy()
    panel(screen, pygame.Rect(16, 206, 300, -39), alpha=170)
    panel(screen, pygame.Rect(16, 206, 0, 40))
    assert screen.get_at((20, 190)) == before.get_at((20, 190))
