"""Card faces and backs, drawn by code and cached per size.

Every face shows its rank and suit symbol in the top-left index, the part that stays visible
when cards overlap (so a row of overlapped cards is still fully readable); a wild card carries a
gold "W" badge in that index too (smaller on a short card; on the smallest cards, where not even a
small badge fits under the index, a gold frame instead).  Suits differ by symbol, never by colour alone.

Three decks: two colours (the classic red and black), four colours, and a colour-blind-safe deck
(``colour_blind``): a palette that does not rely on red against green (black spades, vermilion
hearts, purple diamonds, teal clubs: every two suits stay apart under simulated protanopia,
deuteranopia and tritanopia, tests/ui/test_playthrough.py) and the suit shape in the index drawn as
large as the overlap strip allows, at every card size.

:class:`CardArt` also records which face-up cards it drew in the current frame
(``faces_drawn``); the hot-seat privacy tests read it.
"""

from __future__ import annotations

import pygame

from game.core.cards import JOKER, RANKS, SUIT_SYMBOLS

from .resources import font
from .textdraw import note_card

PAPER = (251, 249, 242)
EDGE = (70, 70, 78)
TWO_COLOUR = ((25, 25, 32), (200, 28, 42), (200, 28, 42), (25, 25, 32))
FOUR_COLOUR = ((25, 25, 32), (200, 28, 42), (22, 92, 200), (14, 128, 52))
COLOUR_BLIND = ((20, 20, 28), (213, 94, 0), (120, 40, 160), (0, 120, 110))  # Okabe-Ito-like, none red-green
COLOUR_BLIND_JOKER = (20, 20, 28)  # the joker is told by its star and its word
JOKER_INK = (118, 40, 160)
GOLD = (236, 186, 40)
BACK_A, BACK_B = (28, 52, 120), (46, 84, 168)
RATIO = 1.4


def card_height(width: int) -> int:
    return round(width * RATIO)


def index_size(width: int) -> int:
    """Font size of a card's corner index: at least 18 px."""
    return max(18, round(width * 0.3))


def strip_width(width: int) -> int:
    """How much of an overlapped card must show so its index (rank, suit, badge) stays readable."""
    return min(width, _rank_width("10", index_size(width)) + max(6, width // 10))


def _rank_width(rank: str, size: int) -> int:
    f = font(size, True)
    if rank == "10":
        return f.size("1")[0] + f.size("0")[0] - max(2, size // 7)
    return f.size(rank)[0]


class CardArt:
    def __init__(self, four_colour: bool = False, colour_blind: bool = False) -> None:
        self.four_colour = four_colour
        self.colour_blind = colour_blind
        self._faces: dict[tuple, pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        self.faces_drawn: list[int] = []  # physical ids (or -1 - kind for cards with no id) this frame

    def set_four_colour(self, on: bool) -> None:
        if on != self.four_colour:
            self.four_colour = on
            self._faces.clear()

    def set_colour_blind(self, on: bool) -> None:
        if on != self.colour_blind:
            self.colour_blind = on
            self._faces.clear()

    def begin_frame(self) -> None:
        self.faces_drawn = []

    def badge(self, size: int) -> pygame.Surface:
        """The wild badge alone (for legends)."""
        key = ("badge", size)
        surf = self._faces.get(key)
        if surf is None:
            bw = max(14, round(size * 0.95))
            surf = pygame.Surface((bw, bw), pygame.SRCALPHA)
            _badge(surf, surf.get_rect())
            self._faces[key] = surf
        return surf

    def ink(self, kind: int) -> tuple[int, int, int]:
        if kind == JOKER:
            return COLOUR_BLIND_JOKER if self.colour_blind else JOKER_INK
        if self.colour_blind:
            return COLOUR_BLIND[kind // 13]
        return (FOUR_COLOUR if self.four_colour else TWO_COLOUR)[kind // 13]

    def suit_size(self, width: int, wild: bool = False) -> int:
        """The font size of the suit shape in a card's index: the rank's size, or in the colour-blind
        deck as large as the overlap strip and the card's height allow."""
        size = index_size(width)
        if not self.colour_blind:
            return size
        room_w = strip_width(width) - max(3, width // 14) - 1
        room_h = card_height(width) - max(3, width // 14) - font(size, True).get_ascent() - 3
        if wild:
            room_h -= max(14, round(size * 0.95))
        best = size
        for s in range(size, round(size * 1.6) + 1):
            glyph = font(s, False).size("♥")
            if glyph[0] > room_w or font(s, False).get_ascent() > room_h:
                break
            best = s
        return best

    # --- drawing ---------------------------------------------------------------------------

    def draw_face(self, target: pygame.Surface, pos: tuple[int, int], kind: int, width: int, *,
                  wild: bool = False, card_id: int | None = None) -> pygame.Rect:
        surf = self.face(kind, width, wild)
        self.faces_drawn.append(card_id if card_id is not None else -1 - kind)
        rect = target.blit(surf, pos)
        note_card(target, rect)
        return rect

    def draw_back(self, target: pygame.Surface, pos: tuple[int, int], width: int) -> pygame.Rect:
        rect = target.blit(self.back(width), pos)
        note_card(target, rect)
        return rect

    # --- surfaces --------------------------------------------------------------------------

    def face(self, kind: int, width: int, wild: bool = False) -> pygame.Surface:
        key = (kind, width, wild)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 1500:
                self._faces.clear()
            surf = self._faces[key] = self._make_face(kind, width, wild)
        return surf

    def back(self, width: int) -> pygame.Surface:
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs[width] = _make_back(width)
        return surf

    def _make_face(self, kind: int, w: int, wild: bool) -> pygame.Surface:
        h = card_height(w)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, EDGE, surf.get_rect(), width=max(1, w // 50), border_radius=radius)
        ink = self.ink(kind)
        size = index_size(w)
        pad = max(3, w // 14)
        rank = "JK" if kind == JOKER else RANKS[kind % 13]
        suit = "★" if kind == JOKER else SUIT_SYMBOLS[kind // 13]
        y = pad - size // 8
        if rank == "JK":
            f = font(max(14, size - 4), True)
            surf.blit(f.render("J", True, ink), (pad, y))
            surf.blit(f.render("K", True, ink), (pad, y + f.get_height() - 4))
            y += 2 * f.get_height() - 6
        else:
            _blit_rank(surf, rank, size, ink, (pad, y))
            y += font(size, True).get_ascent() + 1
            ssize = self.suit_size(w, wild)
            sym = font(ssize, False).render(suit, True, ink)
            x = pad + max(0, (_rank_width(rank, size) - sym.get_width()) // 2) if ssize == size else pad - 1
            surf.blit(sym, (x, y - (ssize - size) // 6))
            y += font(ssize, False).get_ascent() + 2 - (ssize - size) // 6
        if wild:  # the badge under the index; on a card too small for it, a smaller one, else a gold frame
            badge = badge_rect(w, (pad - 1, y), size)
            if badge is not None:
                _badge(surf, badge)
            else:
                pygame.draw.rect(surf, GOLD, surf.get_rect(), width=max(3, w // 10), border_radius=radius)
        # the centre: a large suit, a face letter, or the joker's star
        if h >= 2.6 * size + 10:
            big = font(round(w * 0.5), kind == JOKER or kind % 13 >= 10)
            label = suit if kind == JOKER or kind % 13 < 10 else rank
            art = big.render(label, True, ink)
            cx = w // 2 + size // 4
            surf.blit(art, art.get_rect(center=(cx, h // 2 + size // 3)))
            if kind != JOKER and kind % 13 >= 10:
                small = font(round(w * 0.28), False).render(suit, True, ink)
                surf.blit(small, small.get_rect(center=(cx, h // 2 + size // 3 + art.get_height() // 2 + 2)))
            if kind == JOKER and h >= 3.2 * size:
                word = font(max(10, w // 7), True).render("JOKER", True, ink)
                surf.blit(word, word.get_rect(midbottom=(w // 2, h - pad)))
        return surf


def _blit_rank(surf: pygame.Surface, rank: str, size: int, ink: tuple, pos: tuple[int, int]) -> None:
    f = font(size, True)
    if rank == "10":  # "10" drawn a little tighter so the overlap strip stays narrow
        one = f.render("1", True, ink)
        surf.blit(one, pos)
        surf.blit(f.render("0", True, ink), (pos[0] + one.get_width() - max(2, size // 7), pos[1]))
    else:
        surf.blit(f.render(rank, True, ink), pos)


def badge_rect(width: int, pos: tuple[int, int], size: int) -> pygame.Rect | None:
    """Where a wild card's badge goes under its index (at ``pos``): its usual size, smaller when
    the card is short, ``None`` when not even a small one fits (the card gets a gold frame)."""
    bw = min(max(14, round(size * 0.95)), card_height(width) - pos[1] - max(2, width // 25))
    return pygame.Rect(pos[0], pos[1], bw, bw) if bw >= 10 else None


def _badge(surf: pygame.Surface, rect: pygame.Rect) -> None:
    bw = rect.w
    pygame.draw.rect(surf, GOLD, rect, border_radius=bw // 3)
    pygame.draw.rect(surf, (120, 80, 0), rect, width=1, border_radius=bw // 3)
    letter = font(max(8, bw - 4), True).render("W", True, (40, 24, 0))
    surf.blit(letter, letter.get_rect(center=rect.center))


def _make_back(w: int) -> pygame.Surface:
    h = card_height(w)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 10)
    pygame.draw.rect(surf, (245, 245, 250), surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
    pattern = pygame.Surface(inner.size)
    pattern.fill(BACK_A)
    step = max(6, w // 6)
    for x in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pattern, BACK_B, (x, 0), (x + inner.height, inner.height), max(1, step // 3))
        pygame.draw.line(pattern, BACK_B, (x + inner.height, 0), (x, inner.height), max(1, step // 5))
    surf.blit(pattern, inner)
    pygame.draw.rect(surf, (245, 245, 250), inner, width=1, border_radius=max(2, radius - 2))
    if w >= 40:
        pygame.draw.circle(surf, (245, 245, 250), inner.center, w // 5)
        pygame.draw.circle(surf, BACK_A, inner.center, w // 5 - 2)
        v = font(max(10, w // 4), True).render("V", True, GOLD)
        surf.blit(v, v.get_rect(center=inner.center))
    pygame.draw.rect(surf, EDGE, surf.get_rect(), width=1, border_radius=radius)
    return surf
