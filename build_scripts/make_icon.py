"""Draw the application icon into assets/: icon.png (256 px, also the window icon), icon.ico
(Windows) and icon.icns (macOS), both holding PNG images, so no image library is needed.

    python build_scripts/make_icon.py
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FELT, CARD, INK, RED, GOLD = (18, 84, 52), (250, 247, 238), (30, 30, 34), (196, 32, 44), (232, 188, 64)


def draw(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size / 256
    pygame.draw.rect(s, FELT, (0, 0, size, size), border_radius=int(48 * r))
    # three fanned cards: a wipe of the line
    for i, (dx, colour) in enumerate(((-52, INK), (0, RED), (52, INK))):
        card = pygame.Surface((int(104 * r), int(150 * r)), pygame.SRCALPHA)
        pygame.draw.rect(card, CARD, card.get_rect(), border_radius=int(12 * r))
        pygame.draw.rect(card, (120, 120, 120), card.get_rect(), width=max(1, int(3 * r)), border_radius=int(12 * r))
        pygame.draw.circle(card, colour, (card.get_width() // 2, card.get_height() // 2), int(26 * r))
        rotated = pygame.transform.rotozoom(card, (1 - i) * 14, 1)
        s.blit(rotated, rotated.get_rect(center=(size // 2 + int(dx * r), int(120 * r))))
    font = pygame.font.Font(str(ASSETS / "fonts" / "DejaVuSans-Bold.ttf"), int(64 * r))
    label = font.render("V", True, GOLD)
    s.blit(label, label.get_rect(center=(size // 2, int(214 * r))))
    return s


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, sizes: list[int]) -> None:
    images = [png_bytes(draw(n)) for n in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for n, img in zip(sizes, images):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(img), offset + len(data))
        data += img
    path.write_bytes(header + entries + data)


def write_icns(path: Path) -> None:
    chunks = b""
    for tag, n in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)):
        img = png_bytes(draw(n))
        chunks += tag + struct.pack(">I", len(img) + 8) + img
    path.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)


def main() -> None:
    pygame.font.init()
    pygame.image.save(draw(256), str(ASSETS / "icon.png"))
    write_ico(ASSETS / "icon.ico", [16, 32, 48, 256])
    write_icns(ASSETS / "icon.icns")
    print("wrote", ", ".join(str(ASSETS / n) for n in ("icon.png", "icon.ico", "icon.icns")))


if __name__ == "__main__":
    main()
