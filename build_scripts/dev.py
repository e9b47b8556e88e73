"""Developer bootstrap, standard library only: make ``.venv``, install the project, run it.

    python3 build_scripts/dev.py play     # set up and start the game
    python3 build_scripts/dev.py test     # set up and run the whole test suite (on every core)
    python3 build_scripts/dev.py test --long        # the long statistical checks (docs/testing.md)
    python3 build_scripts/dev.py test -- -m soak    # extra pytest arguments after --

The install is skipped when ``pyproject.toml`` has not changed since the last one.  The message
catalogues are compiled each time (``build_scripts/i18n.py compile``, well under a second).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
EXTRAS = {"play": "[i18n]", "test": "[test]"}


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_env(extras: str) -> Path:
    if sys.version_info < (3, 11):
        sys.exit(f"Vazhushal needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    python = venv_python()
    if not python.exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed{extras or '[play]'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        print(f"installing vazhushal{extras} into {VENV} ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-e", f"{ROOT}{extras}"], check=True)
        stamp.write_text(digest)
    return python


def compile_catalogues(python: Path) -> None:
    """The message catalogues (.po -> .mo, and the pseudo-language) before the game or the tests run."""
    subprocess.run([str(python), str(ROOT / "build_scripts" / "i18n.py"), "compile"], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    long = command == "test" and rest[:1] == ["--long"]
    if long:
        rest = rest[1:]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    python = ensure_env(EXTRAS[command])
    compile_catalogues(python)
    if command == "play":
        return subprocess.call([str(python), "-m", "game", *rest], cwd=ROOT)
    return subprocess.call([str(python), "-m", "pytest", *pytest_options(rest, long), *rest], cwd=ROOT)


def pytest_options(rest: list[str], long: bool) -> list[str]:
    """The suite on every core (pytest-xdist: a worker a core and one more, which works while the
    network and subprocess tests wait on their peers) unless the arguments choose otherwise;
    ``--long``: the tests marked ``long`` instead of the rest."""
    chosen = any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in rest)
    workers = str((os.cpu_count() or 1) + 1)
    options = [] if chosen else ["-n", workers, "--dist", "worksteal"]
    return options + (["-m", "long"] if long else [])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
