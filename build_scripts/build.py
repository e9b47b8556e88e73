"""Build standalone Vazhushal executables with PyInstaller (standard library only).

    python3 build_scripts/build.py              # one-dir app:  dist/Vazhushal/Vazhushal[.exe]
    python3 build_scripts/build.py --onefile    # one file:     dist/onefile/Vazhushal[.exe]
    python3 build_scripts/build.py --smoke      # ... then run the frozen app's --smoke-test

The build runs in its own clean virtual environment (``build/venv``) holding only the game and
PyInstaller, so nothing else (numpy, test tools) can be pulled into the bundle.  Each operating
system builds its own executable.  With ``--smoke`` the script prints one JSON object with the
bundle size, the median start to the first frame, the time to the smoke test's end (and its
parts) and its exit status, and exits non-zero on failure or when the bundle is over its size
budget (:data:`BUDGET_MB`).  ``--list N`` prints the N biggest parts of the bundle (what each
package adds; docs/packaging.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
VENV = BUILD / "venv"
DIST = ROOT / "dist"
APP = "Vazhushal"
BUDGET_MB = {"onedir": 60.0, "onefile": 30.0}  # the bundle's size budget (issue 47; docs/packaging.md)
# Nothing the game uses: test and build tools, GUI toolkits, and the crypto/compression/database
# modules whose shared libraries would only add weight.  Network tables (game.net) need asyncio,
# http, email, ssl and urllib.request (websockets imports them), so those stay in.
EXCLUDES = ["numpy", "tkinter", "_tkinter", "pytest", "hypothesis", "setuptools", "pip", "unittest",
            "pydoc", "doctest", "lib2to3", "xmlrpc", "_hashlib", "sqlite3", "_sqlite3",
            "lzma", "_lzma", "bz2", "_bz2", "curses", "_curses", "readline", "ftplib", "smtplib",
            "multiprocessing",
            # the East Asian codecs (the app reads and writes UTF-8 only), the pure-Python copy of
            # the decimal module (the compiled one is there)
            "_multibytecodec", "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr",
            "_codecs_tw", "_pydecimal",
            # pygame's parts the app never imports (it draws with pygame.draw and SDL_ttf fonts)
            "pygame._sdl2", "pygame._freetype", "pygame.freetype", "pygame.ftfont", "pygame.camera",
            "pygame.midi", "pygame.sndarray", "pygame.surfarray", "pygame.examples", "pygame.tests",
            "pygame.docs",
            # websockets' other front ends (the app uses websockets.asyncio's client and server only)
            "websockets.legacy", "websockets.sync", "websockets.trio", "websockets.asyncio.router",
            "websockets.cli", "websockets.__main__"]
COLLECT = ["zeroconf"]  # every submodule (network tables on the local network)
# Packages whose compiled speed-ups are left out of the bundle: each ships the same modules as
# pure Python, fast enough for the little they do here (zeroconf advertises and finds one table;
# its Cython builds weigh 2.9 MB stripped).  Their build-environment copies lose the compiled files.
PURE_PYTHON = ["zeroconf"]


def python_in(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def version() -> str:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return str(meta["project"].get("version", "0"))


def ensure_build_env() -> Path:
    python = python_in(VENV)
    if not python.exists():
        print(f"creating the build environment {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = VENV / ".installed"
    if not stamp.exists() or stamp.read_text() != digest:
        print("installing the game and PyInstaller into it ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        f"{ROOT}[build]"], check=True)
        stamp.write_text(digest)
    else:  # the game's own code may have changed: reinstall just it
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--force-reinstall", str(ROOT)], check=True)
    for package in PURE_PYTHON:
        pure_python(python, package)
    return python


def pure_python(python: Path, package: str) -> int:
    """Remove ``package``'s compiled modules from the build environment where each has its pure-Python
    source beside it (so PyInstaller bundles the source); the number removed."""
    where = subprocess.run([str(python), "-c", f"import {package}, os; print(os.path.dirname({package}.__file__))"],
                           check=True, capture_output=True, text=True).stdout.strip()
    removed = 0
    for compiled in Path(where).rglob("*"):
        if compiled.suffix in (".so", ".pyd") and compiled.with_name(compiled.name.split(".")[0] + ".py").exists():
            compiled.unlink()
            removed += 1
    return removed


def icon() -> Path | None:
    names = {"win32": "icon.ico", "darwin": "icon.icns"}
    path = ROOT / "assets" / names.get(sys.platform, "icon.png")
    return path if path.exists() else None


def shipped_assets() -> Path:
    """The assets as the app reads them: a copy without the catalogues' sources (``.po``, ``.pot``) and
    the pseudo-language, which only developers and the tests use (the compiled ``.mo`` go)."""
    target = BUILD / "assets"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "assets", target, ignore=shutil.ignore_patterns("*.po", "*.pot", "en_XA", "glossary.json"))
    return target


def pyinstaller(python: Path, onefile: bool) -> Path:
    sep = ";" if os.name == "nt" else ":"
    dist = DIST / "onefile" if onefile else DIST
    args = [str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
            "--name", APP, "--windowed", "--distpath", str(dist), "--workpath", str(BUILD / "work"),
            "--specpath", str(BUILD), "--add-data", f"{shipped_assets()}{sep}assets",
            "--add-data", f"{ROOT / 'ai' / 'tuned'}{sep}ai/tuned",
            "--additional-hooks-dir", str(ROOT / "build_scripts" / "hooks"),
            "--onefile" if onefile else "--onedir"]
    for pages in sorted((ROOT / "game" / "ui").glob("*/rulebook.toml")):  # each game's How to play, in its package
        args += ["--add-data", f"{pages}{sep}{pages.parent.relative_to(ROOT).as_posix()}"]
    if sys.platform.startswith("linux") and shutil.which("strip"):  # libpython's and the modules' symbols: 24 MB
        args.append("--strip")
    for name in EXCLUDES:
        args += ["--exclude-module", name]
    for name in COLLECT:
        args += ["--collect-submodules", name]
    ico = icon()
    if ico is not None:
        args += ["--icon", str(ico)]
    if sys.platform == "darwin":
        args += ["--osx-bundle-identifier", "org.vazhushal.game"]
    args.append(str(ROOT / "build_scripts" / "launcher.py"))
    print(f"PyInstaller {'one-file' if onefile else 'one-dir'} build of {APP} {version()} ...", flush=True)
    subprocess.run(args, check=True, cwd=ROOT)
    exe = APP + (".exe" if os.name == "nt" else "")
    if onefile:
        return dist / exe
    if sys.platform == "darwin" and (DIST / f"{APP}.app").exists():
        return DIST / f"{APP}.app" / "Contents" / "MacOS" / APP
    return DIST / APP / exe


def size_mb(path: Path) -> float:
    """Size on disk in MB, symbolic links counted once (as links)."""
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink()) / 1e6


def first_frame_seconds(exe: Path, env: dict[str, str], runs: int = 5) -> float:
    """Median wall time from starting the frozen app to its first frame drawn (it exits there)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(exe)], env=dict(env, VAZHUSHAL_EXIT_AFTER_FIRST_FRAME="1"), check=True,
                       capture_output=True, timeout=120)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def biggest(bundle: Path, count: int) -> list[tuple[str, int]]:
    """The ``count`` biggest files and folders of a one-dir bundle (sizes in bytes, links as links),
    biggest first: what each package adds."""
    sizes: dict[str, int] = {}
    for path in bundle.rglob("*"):
        if path.is_file() or path.is_symlink():
            size = path.lstat().st_size
            rel = path.relative_to(bundle)
            for depth in range(1, len(rel.parts) + 1):
                key = "/".join(rel.parts[:depth]) + ("/" if depth < len(rel.parts) else "")
                sizes[key] = sizes.get(key, 0) + size
    return sorted(sizes.items(), key=lambda item: -item[1])[:count]


def smoke(exe: Path, onefile: bool) -> dict:
    # English whatever the machine speaks: the smoke test finds its buttons by their English words
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", VAZHUSHAL_LANGUAGE="en")
    first_frame = first_frame_seconds(exe, env)
    start = time.perf_counter()
    proc = subprocess.run([str(exe), "--smoke-test"], env=env, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    bundle = exe if onefile else exe.parent
    mb = size_mb(bundle)
    budget = BUDGET_MB["onefile" if onefile else "onedir"]
    report = {"executable": str(exe), "onefile": onefile, "bundle_mb": round(mb, 1), "budget_mb": budget,
              "first_frame_s_median": round(first_frame, 3), "smoke_seconds": round(seconds, 2),
              "smoke_parts_s": smoke_parts(proc.stdout), "exit": proc.returncode}
    # the translations the bundle carries (compiled catalogues; docs/translating.md)
    root = exe.parents[1] if any(p.endswith(".app") for p in exe.parts) else bundle  # a macOS .app: Contents
    report["catalogues"] = sorted(p.parent.parent.name for p in root.rglob("vazhushal.mo")) if not onefile else []
    if proc.returncode != 0:
        report["output"] = (proc.stdout + proc.stderr)[-4000:]
    elif not onefile and not {"ta", "hi", "ne"} <= set(report["catalogues"]):
        report["exit"] = 1
        report["output"] = "the bundle lacks a compiled catalogue of ta, hi or ne (assets/locale/*/LC_MESSAGES)"
    elif mb > budget:
        report["exit"] = 1
        report["output"] = f"the bundle is {mb:.1f} MB, over its budget of {budget:.0f} MB (build.py --list 30)"
    return report


def smoke_parts(stdout: str) -> dict:
    """The smoke test's own timing of its parts (its last line of JSON), or ``{}``."""
    for line in reversed(stdout.splitlines()):
        try:
            return dict(json.loads(line).get("parts", {}))
        except (ValueError, AttributeError):
            continue
    return {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--smoke", action="store_true", help="run the frozen app's --smoke-test afterwards")
    parser.add_argument("--clean", action="store_true", help="remove build/ and dist/ first")
    parser.add_argument("--list", type=int, default=0, metavar="N", help="print the N biggest parts of the bundle")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(BUILD, ignore_errors=True)
        shutil.rmtree(DIST, ignore_errors=True)
    python = ensure_build_env()
    # the message catalogues (.po -> .mo) that the bundle carries under assets/locale
    subprocess.run([str(python), str(ROOT / "build_scripts" / "i18n.py"), "compile"], check=True, cwd=ROOT)
    exe = pyinstaller(python, args.onefile)
    print(f"built {exe}", flush=True)
    if args.list:
        folder = exe.parent if not args.onefile else exe
        for name, size in biggest(folder, args.list) if folder.is_dir() else [(exe.name, exe.stat().st_size)]:
            print(f"{size / 1e6:8.2f} MB  {name}")
    if not args.smoke:
        return 0
    report = smoke(exe, args.onefile)
    print(json.dumps(report))
    return 0 if report["exit"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
