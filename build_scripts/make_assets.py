"""Synthesise the game's sound effects and music loop into ``assets/sounds/`` (standard library only).

    python3 build_scripts/make_assets.py

Short mono 16-bit WAVs: deal, draw, wipe, meld, discard, win, click, and a soft music loop.  The
output is deterministic, so running the script again changes no file.  Card faces and backs are
drawn by code at run time (``game/ui/cardart.py``) and need no files.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def tone(freq: float, seconds: float, volume: float = 0.5, harmonics=(1.0, 0.3, 0.1), decay: float = 6.0,
         glide: float = 0.0) -> list[float]:
    n = int(seconds * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * t / max(seconds, 1e-6))
        phase += 2 * math.pi * f / RATE
        s = sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics))
        a = min(1.0, t / 0.004) * math.exp(-decay * t)
        out.append(volume * a * s / sum(harmonics))
    return out


def noise(seconds: float, volume: float = 0.4, decay: float = 30.0, seed: int = 1, smooth: float = 0.5) -> list[float]:
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(n):
        t = i / RATE
        last = smooth * last + (1 - smooth) * rng.uniform(-1, 1)
        out.append(volume * last * min(1.0, t / 0.002) * math.exp(-decay * t))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Mix (start_seconds, samples) parts."""
    n = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * n
    for start, samples in parts:
        o = int(start * RATE)
        for i, v in enumerate(samples):
            out[o + i] += v
    return out


def write(name: str, samples: list[float]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 / peak if peak > 0.85 else 1.0
    frames = b"".join(struct.pack("<h", int(max(-1, min(1, s * scale)) * 32767)) for s in samples)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def card_snap(seed: int, volume: float = 0.5) -> list[float]:
    return mix((0, noise(0.06, volume, 55.0, seed, 0.3)), (0, tone(900, 0.05, volume * 0.3, decay=60)))


def music() -> list[float]:
    """A quiet 8-second loop: a slow arpeggio over a drone (D dorian), ending where it starts."""
    seconds = 8.0
    notes = [293.66, 349.23, 440.0, 523.25, 440.0, 392.0, 349.23, 329.63]
    parts = [(0.0, tone(146.83, seconds, 0.18, (1.0, 0.5, 0.2), decay=0.0))]
    for i, f in enumerate(notes):
        parts.append((i * 1.0, tone(f, 1.2, 0.22, (1.0, 0.4, 0.15, 0.05), decay=2.5)))
    samples = mix(*parts)[: int(seconds * RATE)]
    fade = int(0.05 * RATE)
    for i in range(fade):
        samples[i] *= i / fade
        samples[-1 - i] *= i / fade
    return samples


def main() -> None:
    write("deal", mix(*[(i * 0.07, card_snap(10 + i, 0.4)) for i in range(5)]))
    write("draw", mix((0, noise(0.12, 0.45, 25.0, 3, 0.6)), (0.02, card_snap(4))))
    write("wipe", mix((0, noise(0.35, 0.5, 8.0, 5, 0.8)), *[(0.05 * i, card_snap(20 + i, 0.3)) for i in range(4)]))
    write("meld", mix((0, tone(523.25, 0.25, 0.4, decay=10)), (0.08, tone(659.25, 0.25, 0.4, decay=10)),
                      (0.16, tone(783.99, 0.35, 0.4, decay=8))))
    write("discard", mix((0, card_snap(7, 0.6)), (0.01, tone(220, 0.08, 0.2, decay=40))))
    write("win", mix(*[(0.12 * i, tone(f, 0.5, 0.35, decay=5)) for i, f in
                       enumerate((523.25, 659.25, 783.99, 1046.5))], (0.5, tone(1046.5, 0.8, 0.3, decay=3))))
    write("click", tone(1200, 0.04, 0.25, decay=80))
    write("error", mix((0, tone(196, 0.18, 0.35, decay=12)), (0.09, tone(185, 0.2, 0.35, decay=12))))
    write("music", music())


if __name__ == "__main__":
    main()
