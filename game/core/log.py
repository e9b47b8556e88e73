"""A hand's public history as every state holds it: an append-only log that states share.

Every ``apply`` returns a new state whose history is its parent's plus one entry.  Copying the
list each time made a hand of ``n`` actions cost ``n²`` (a 100,000-action replay took half a
minute to check).  A :class:`Log` is a view of the first ``len`` entries of a list that the states
of one line of play share: :meth:`fork` is O(1), and :meth:`append` adds in place when this log
is the longest view of its list, copying its own entries only when another state already went
on from the same point (a branch: a bot's search, an undo).  It reads like a list (``len``,
indexing, slices, iteration, ``+``, equality with a list) and is never shared across threads
while it grows (each engine builds a new state before anyone else sees it).

>>> a = Log([{"type": "draw_stock"}])
>>> b = a.fork(); b.append({"type": "discard"})
>>> len(a), len(b), b[-1]["type"], a == [{"type": "draw_stock"}]
(1, 2, 'discard', True)
>>> c = a.fork(); c.append({"type": "drop"})   # a branch from the same point copies, b is unchanged
>>> b[-1]["type"], c[-1]["type"]
('discard', 'drop')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload


class Log(Sequence):
    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._items = list(items)
        self._n = len(self._items)

    def fork(self) -> Log:
        """Another view of the same entries (O(1)); appending to either leaves the other as it is."""
        new = Log.__new__(Log)
        new._items, new._n = self._items, self._n
        return new

    def append(self, entry: Any) -> None:
        if self._n != len(self._items):  # another view went on from here: take a copy of ours
            self._items = self._items[:self._n]
        self._items.append(entry)
        self._n += 1

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._items[:self._n][index]
        n = self._n
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[Any]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[Any]:
        items = self._items
        later = len(items) - self._n  # entries another view added after ours: skipped
        return islice(reversed(items), later, None) if later else reversed(items)

    def __add__(self, other: Sequence[Any]) -> list:
        return self._items[:self._n] + list(other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._n == other._n and (self._items is other._items or self._items[:self._n] == other[:])
        if isinstance(other, (list, tuple)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (mutable, as a list)

    def __repr__(self) -> str:
        return f"Log({self._items[:self._n]!r})"
