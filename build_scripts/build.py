"""Build standalone Vazhushal executables with PyInstaller (standard library only).

    python3 build_scripts/build.py              # one-dir app:  dist/Vazhushal/Vazhushal[.exe]
    python3 build_scripts/build.py --onefile    # one file:     dist/onefile/Vazhushal[.exe]
    python3 build_scripts/build.py --smoke      # ... then run the frozen app's --smoke-test

The build runs in its own clean virtual environment (``build/venv``) holding only the game and
PyInstaller, so nothing else (numpy, test tools) can be pulled into the bundle.  Each operating
system builds its own executable.  With ``--smoke`` the script prints one JSON object with the
bundle size, the time to the smoke test's end and its exit status, and exits non-zero on failure.
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
# Nothing the game uses: test and build tools, GUI toolkits, and the crypto/compression/database
# modules whose shared libraries would only add weight.  Network tables (game.net) need asyncio,
# http, email, ssl and urllib.request (websockets imports them), so those stay in.
EXCLUDES = ["numpy", "tkinter", "_tkinter", "pytest", "hypothesis", "setuptools", "pip", "unittest",
            "pydoc", "doctest", "lib2to3", "xmlrpc", "_hashlib", "sqlite3", "_sqlite3",
            "lzma", "_lzma", "bz2", "_bz2", "curses", "_curses", "readline", "ftplib", "smtplib",
            "multiprocessing"]
COLLECT = ["zeroconf"]  # compiled submodules found at run time (network tables on the local network)


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
    return python


def icon() -> Path | None:
    names = {"win32": "icon.ico", "darwin": "icon.icns"}
    path = ROOT / "assets" / names.get(sys.platform, "icon.png")
    return path if path.exists() else None


def pyinstaller(python: Path, onefile: bool) -> Path:
    sep = ";" if os.name == "nt" else ":"
    dist = DIST / "onefile" if onefile else DIST
    args = [str(python), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
            "--name", APP, "--windowed", "--distpath", str(dist), "--workpath", str(BUILD / "work"),
            "--specpath", str(BUILD), "--add-data", f"{ROOT / 'assets'}{sep}assets",
            "--add-data", f"{ROOT / 'ai' / 'tuned'}{sep}ai/tuned",
            "--onefile" if onefile else "--onedir"]
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


def smoke(exe: Path, onefile: bool) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    first_frame = first_frame_seconds(exe, env)
    start = time.perf_counter()
    proc = subprocess.run([str(exe), "--smoke-test"], env=env, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - start
    bundle = exe if onefile else exe.parent
    report = {"executable": str(exe), "onefile": onefile, "bundle_mb": round(size_mb(bundle), 1),
              "first_frame_s_median": round(first_frame, 3), "smoke_seconds": round(seconds, 2),
              "exit": proc.returncode}
    if proc.returncode != 0:
        report["output"] = (proc.stdout + proc.stderr)[-4000:]
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--smoke", action="store_true", help="run the frozen app's --smoke-test afterwards")
    parser.add_argument("--clean", action="store_true", help="remove build/ and dist/ first")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(BUILD, ignore_errors=True)
        shutil.rmtree(DIST, ignore_errors=True)
    exe = pyinstaller(ensure_build_env(), args.onefile)
    print(f"built {exe}", flush=True)
    if not args.smoke:
        return 0
    report = smoke(exe, args.onefile)
    print(json.dumps(report))
    return 0 if report["exit"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
