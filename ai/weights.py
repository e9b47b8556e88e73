"""The bots' tuned weights, kept as data: ``ai/tuned/<name>.json`` (written by :mod:`tools.tune`).

A heuristic's hand-set defaults live in its ``Params`` dataclass; :func:`tuned` lays the values of
its file over them (a missing file, or a field the file does not name, keeps the hand-set value).
A file naming a field the dataclass lacks, or a value of the wrong kind, is an error at import:
weights that silently do nothing would be worse.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class P:
...     a: float = 1.0
>>> tuned(P(), "no-such-file").a
1.0
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

FOLDER = Path(__file__).resolve().parent / "tuned"

T = TypeVar("T")


def values(name: str) -> dict[str, float]:
    """The tuned values of ``name`` (``{}`` when there is no such file)."""
    path = FOLDER / f"{name}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    found = data.get("values") if isinstance(data, dict) else None
    if not isinstance(found, dict):
        raise ValueError(f"{path}: no 'values' object")
    return found


def tuned(params: T, name: str, nested: str | None = None) -> T:
    """``params`` with the values of file ``name`` laid over it; with ``nested``, the fields of
    ``params.<nested>`` (a dataclass too) are filled from the same file."""
    found = dict(values(name))
    if not found:
        return params
    inner: dict[str, Any] = {}
    if nested is not None:
        sub = getattr(params, nested)
        inner = {f.name: found.pop(f.name) for f in fields(sub) if f.name in found}
    own = {f.name for f in fields(params)}  # type: ignore[arg-type]
    unknown = sorted(set(found) - own)
    if unknown:
        raise ValueError(f"ai/tuned/{name}.json names unknown weights: {', '.join(unknown)}")
    for key, value in {**found, **inner}.items():
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ValueError(f"ai/tuned/{name}.json: {key} is not a number")
    if inner:
        found[nested] = replace(getattr(params, nested), **inner)  # type: ignore[index]
    return replace(params, **found)  # type: ignore[type-var]


def laid_over(base: T, options: dict) -> T:
    """``base`` (a heuristic's parameters with a dataclass ``weights``) with ``options`` laid over
    it: a name of a ``weights`` field sets that weight, any other name a parameter (an unknown name
    raises ``TypeError``)."""
    names = {f.name for f in fields(base.weights)}  # type: ignore[attr-defined]
    weights = {k: v for k, v in options.items() if k in names}
    rest = {k: v for k, v in options.items() if k not in names}
    return replace(base, weights=replace(base.weights, **weights), **rest)  # type: ignore
