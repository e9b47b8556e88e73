"""The exact search under the solvers of :mod:`game.indian21.arrange`: the grouping of a hand whose
loose natural cards count least, with at least a number of pure sequences (T10.2, T7.2a).

A depth-first search walks the hand's *natural* cards (not wild) rank by rank, aces first, all
suits of a rank together (:data:`ORDER`); each card in turn is loose, or in one meld holding it as
the lowest card left: a tunnela, a set (other suits of its rank and stand-ins), or a sequence window
through it (each other place filled by a natural card, by a wild card as itself (T3.6), or by a
stand-in).  Stand-ins are counted, not placed: any wild card not used as itself can fill any
stand-in slot, so a state is (natural cards left, wild cards left to be themselves, stand-ins used,
pure melds made), each multiset an int of 2 bits a kind.  Results are memoised on the state, so the
search is exact.

Without loss of generality sequences hold 3 to 5 cards (a longer one splits into two, no stand-in
more, the pure count no less), a sequence of 4 or 5 starts and ends with a natural card, a set holds
3 cards unless 4 natural cards fill it, and a wild card stands as itself only where that makes a
meld pure or keeps it within ``max_jokers_per_meld``.  The melds through a card are made once and
shared by every search whose cards near it are alike (:data:`_TEMPLATES`).  Melds of wild cards
alone (``6H 7H 8H`` under a ``7H`` cut, tunnelas of wild cards or ``JK``) matter only to the pure
count; they are chosen at the end from the wild cards left.

Two bounds keep it fast: a state whose cards can no longer make the pure melds still needed (the
most each suit makes apart, :func:`pure_room`) is dropped, and a search may be given a *budget*
(branch and bound: only counts below it are wanted, and the lower bounds found are memoised, so a
search can be run again with a larger budget).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.core.cards import JOKER, make_kind, rank_of, suit_of
from game.core.groups import read_path

from .melds import MeldRules

INF = 10**9

# A meld the search makes: (cards used as themselves, stand-ins, pure)
Meld = tuple[tuple[int, ...], int, bool]


# The natural cards left are walked rank by rank (aces first), all suits of a rank together, so a
# set never reaches far ahead and the states the memo sees stay few.
ORDER: tuple[int, ...] = tuple((rank_of(k) - 1) * 4 + suit_of(k) for k in range(52)) + (52,)
KIND_AT: tuple[int, ...] = tuple(sorted(range(53), key=lambda k: ORDER[k]))


def _bits(kinds: Sequence[int]) -> int:
    """The multiset ``kinds`` as an int, 2 bits a kind (a kind is held 0 to 3 times)."""
    mask = 0
    for k in kinds:
        mask += 1 << (2 * k)
    return mask


def _rbits(kinds: Sequence[int]) -> int:
    """:func:`_bits` with the kinds at their places of :data:`ORDER`."""
    return _bits([ORDER[k] for k in kinds])


def _count(mask: int, kind: int) -> int:
    return (mask >> (2 * kind)) & 3


def _kinds(mask: int) -> list[int]:
    out = []
    while mask:
        low = (mask & -mask).bit_length() - 1
        kind = low >> 1
        out += [kind] * _count(mask, kind)
        mask &= ~(3 << (2 * kind))
    return out


LOW = int("01" * 53, 2)  # the low bit of every 2-bit field

# A meld through a card, made once a search (see Search._templates): the fields that must hold
# 2+ cards and 1+ cards, what it takes from the natural cards left, the same for the wild cards
# used as themselves, its stand-ins, the wild cards it spends, whether it is pure, and the meld.
Template = tuple[int, int, int, int, int, int, int, int, Meld]


def _near(x: int) -> tuple[int, ...]:
    """The kinds a meld through natural ``x`` may hold besides it: its suit within 4 places (both
    places of an ace), its rank in the other suits."""
    suit, rank = suit_of(x), rank_of(x)
    out = []
    for p in ((1, 14) if rank == 1 else (rank,)):
        for q in range(max(1, p - 4), min(14, p + 4) + 1):
            y = make_kind(1 if q == 14 else q, suit)
            if y != x and y not in out:
                out.append(y)
    out += [make_kind(rank, s) for s in range(4) if s != suit]
    return tuple(out)


NEAR: tuple[tuple[int, ...], ...] = tuple(_near(x) for x in range(52))
_TEMPLATES: dict[tuple, list] = {}  # (card, what is near it, options) -> its templates, shared by all searches


class Search:
    """One search over one hand (see the module docstring)."""

    def __init__(self, kinds: Sequence[int], rules: MeldRules, *, need: int = 0, allow_loose: bool = True,
                 pure_only: bool = False) -> None:
        self.wild = rules.wild
        self.points = rules.points
        self.cap = rules.joker_cap
        self.need = need
        self.allow_loose = allow_loose
        self.pure_only = pure_only
        self.jk = sum(1 for k in kinds if k == JOKER)
        naturals = [k for k in kinds if not self.wild[k]]
        own = [k for k in kinds if self.wild[k] and k != JOKER]
        self.start = (_rbits(naturals), _bits(own), 0, 0)
        self.memo: dict[tuple[int, int, int, int], tuple[int, bool, tuple]] = {}
        self.leaf_memo: dict[tuple[int, int, int, int], tuple[Meld, ...] | None] = {}
        self.held = {k: naturals.count(k) for k in set(naturals)}
        self.own_kinds = set(own)
        self.templates: dict[int, list[Template]] = {}  # made when a card is first the lowest left
        self.rooms: dict[tuple[int, int], int] = {}  # (rest, own) -> pure_room

    # --- the melds through each card, made once ------------------------------------------------

    def _cached_templates(self, x: int) -> list[Template]:
        """:meth:`_templates`, shared by every search whose cards near ``x`` are alike (a deal's
        hands differ by a card a turn)."""
        wild, held, own, ox = self.wild, self.held, self.own_kinds, ORDER[x]
        sig = 0
        for y in NEAR[x]:
            sig <<= 2
            if wild[y]:
                sig |= 2 | (y in own)
            else:
                sig |= y in held and ORDER[y] > ox
        key = (x, sig, held[x] >= 3, self.cap, self.pure_only)
        found = _TEMPLATES.get(key)
        if found is None:
            if len(_TEMPLATES) > 200_000:
                _TEMPLATES.clear()
            found = _TEMPLATES[key] = self._templates(x, held, own)
        return found

    def _templates(self, x: int, held: dict[int, int], own: set[int]) -> list[Template]:
        """Every meld holding ``x`` when ``x`` is the lowest natural card left: the natural cards
        it takes come later in the walk (:data:`ORDER`), the wild cards as themselves from ``own``."""
        out: dict[tuple, Template] = {}
        ox = ORDER[x]
        wild, cap = self.wild, self.cap

        def later(y: int) -> bool:
            return y in held and ORDER[y] > ox

        def add(naturals: Sequence[int], selves: Sequence[int], extra: int, pure: bool) -> None:
            lo = sub = osub = 0
            for y in naturals:
                lo |= 1 << (2 * ORDER[y])
            sub = lo
            for y in selves:
                osub |= 1 << (2 * y)
            key = (0, lo, sub, osub, osub, extra, len(selves) + extra, int(pure))
            if key not in out:
                meld = ((x, *naturals, *selves), extra, pure)
                out[key] = (*key, meld)  # type: ignore[assignment]

        suit, rank = suit_of(x), rank_of(x)
        if held[x] >= 3:  # T6.3: a tunnela of x
            two = 2 << (2 * ox)
            out[("tunnela",)] = (two, 0, two, 0, 0, 0, 0, 1, ((x, x, x), 0, True))
        if not self.pure_only:  # T6.2: sets of x's rank, stand-ins for the missing suits
            partners = []
            for s in range(4):
                y = make_kind(rank, s)
                if s == suit:
                    continue
                if not wild[y] and later(y):
                    partners.append((y, False))
                elif wild[y] and cap is not None and y in own:
                    partners.append((y, True))
            for mask in range(1 << len(partners)):
                chosen = [partners[i] for i in range(len(partners)) if mask >> i & 1]
                extra = max(3, 1 + len(chosen)) - 1 - len(chosen)
                if cap is None or extra <= cap:
                    add([y for y, o in chosen if not o], [y for y, o in chosen if o], extra, False)
        for p in ((1, 14) if rank == 1 else (rank,)):  # T6.1: sequences through x, 3 to 5 places
            for low in range(max(1, p - 4), p + 1):
                for high in range(max(p, low + 2), min(14, low + 4) + 1):
                    slots = []  # (kind, "n" natural / "o" wild as itself / None)
                    for q in range(low, high + 1):
                        if q != p:
                            y = make_kind(1 if q == 14 else q, suit)
                            slots.append((q, y, ("o" if y in own else None) if wild[y] else
                                          ("n" if later(y) else None)))
                    if all(how for _, _, how in slots):
                        add([y for _, y, h in slots if h == "n"], [y for _, y, h in slots if h == "o"], 0, True)
                    if self.pure_only:
                        continue
                    size = high - low + 1
                    choices = []
                    for q, y, how in slots:
                        if size > 3 and q in (low, high):  # an end: never a stand-in, never a wild as
                            choices.append(((y, how),) if how == "n" else ())  # itself (shorter does as well)
                        elif how is None or (how == "o" and cap is None):
                            choices.append(((y, "j"),))  # a stand-in does all a wild as itself does here
                        else:
                            choices.append(((y, how), (y, "j")))
                    for pick in _product(choices):
                        extra = sum(1 for _, h in pick if h == "j")
                        if extra == 0 or (cap is not None and extra > cap) or (size == 3 and extra == 2):
                            continue  # pure: above; x and two stand-ins: the set reading
                        add([y for y, h in pick if h == "n"], [y for y, h in pick if h == "o"], extra, False)
        return list(out.values())

    # --- the search ---------------------------------------------------------------------------

    def cost(self, key: tuple[int, int, int, int], budget: int = INF) -> int:
        """The least count of the natural cards left at ``key`` when it is below ``budget`` (then
        exact); otherwise a lower bound of it, at least ``budget`` (branch and bound: the lower
        bounds found are kept, so a later call with a larger budget starts from them)."""
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= budget):
            return hit[0]
        rest, own, standins, pure = key
        if not rest:
            extra = self._wild_melds(own, standins, self.need - pure)
            value = INF if extra is None else 0
            self.memo[key] = (value, True, ("leaf", extra))
            return value
        need = self.need
        if pure < need and pure + self._pure_room(rest, own) < need:  # the most pure melds left are too few
            self.memo[key] = (INF, True, ())
            return INF
        floor = hit[0] if hit is not None else 0  # nothing from here costs less
        best, choice = INF, ()
        bound = budget
        at = ((rest & -rest).bit_length() - 1) >> 1
        x = KIND_AT[at]
        after = rest - (1 << (2 * at))
        cost = self.cost
        if self.allow_loose:
            px = self.points[x]
            child = (after, own, standins, pure)
            value = px + cost(child, bound - px) if px < bound else px
            best, choice = value, ("loose", x, child)
            if value < bound:
                bound = value
        if best > floor:
            present = (after | (after >> 1)) & LOW
            own_present = (own | (own >> 1)) & LOW
            free = self.jk + (own & LOW).bit_count() + 2 * ((own >> 1) & LOW).bit_count() - standins
            pure_up = pure + 1 if pure < need else pure
            templates = self.templates.get(x)
            if templates is None:
                templates = self.templates[x] = self._cached_templates(x)
            for two, one, sub, own_one, own_sub, extra, spend, up, meld in templates:
                if spend > free or (present & one) != one or (own_present & own_one) != own_one or (after & two) != two:
                    continue
                child = (after - sub, own - own_sub, standins + extra, pure_up if up else pure)
                value = cost(child, bound)
                if value < best:
                    best, choice = value, ("meld", meld, child)
                    if value < bound:
                        bound = value
                    if best <= floor:
                        break
        self.memo[key] = (best, best < budget, choice)
        return best

    def _pure_room(self, rest: int, own: int) -> int:
        """At most how many more pure sequences and tunnelas the cards left can make: the most
        each suit's cards (natural, and wild as themselves) make apart, and a tunnela of ``JK``."""
        key = (rest, own)
        room = self.rooms.get(key)
        if room is None:
            room = self.rooms[key] = pure_room(rest, own, self.jk)
        return room

    # --- melds of wild cards alone, at the end ----------------------------------------------------

    def _wild_melds(self, own: int, standins: int, missing: int) -> tuple[Meld, ...] | None:
        """Pure melds of wild cards alone (tunnelas, sequences of wild cards in their own places)
        that bring the pure count up by ``missing`` and leave ``standins`` wild cards to stand in;
        ``None`` when that cannot be done."""
        return self._leaf(own, self.jk, standins, missing)

    def _leaf(self, own: int, jk: int, standins: int, missing: int) -> tuple[Meld, ...] | None:
        pool = jk + _total(own)
        if pool < standins:
            return None
        if missing <= 0:
            return ()
        if pool - 3 * missing < standins:
            return None
        key = (own, jk, standins, missing)
        if key in self.leaf_memo:
            return self.leaf_memo[key]
        found = None
        for meld, own2, jk2 in self._wild_candidates(own, jk):
            rest = self._leaf(own2, jk2, standins, missing - 1)
            if rest is not None:
                found = (meld, *rest)
                break
        self.leaf_memo[key] = found
        return found

    def _wild_candidates(self, own: int, jk: int) -> Iterator[tuple[Meld, int, int]]:
        """Pure melds of three wild cards: a tunnela of ``JK`` or of a wild kind, a sequence of
        wild cards in their own places."""
        if jk >= 3:
            yield ((JOKER, JOKER, JOKER), 0, True), own, jk - 3
        for y in set(_kinds(own)):
            if _count(own, y) == 3:
                yield ((y, y, y), 0, True), own - (3 << (2 * y)), jk
        for suit in range(4):
            for low in range(1, 13):
                kinds = [make_kind(1 if q == 14 else q, suit) for q in range(low, low + 3)]
                if all(self.wild[k] and _count(own, k) for k in kinds):
                    o2 = own
                    for k in kinds:
                        o2 -= 1 << (2 * k)
                    yield (tuple(kinds), 0, True), o2, jk

    # --- reading the answer back ------------------------------------------------------------------

    def solve(self, budget: int = INF) -> tuple[int, list[tuple[int, ...]], list[int]] | None:
        """(cost, melds, loose cards) of the best grouping, or ``None`` when none is allowed or none
        costs less than ``budget``.  The loose cards hold the natural cards left out and every
        wild card not used."""
        key = self.start
        total = self.cost(key, budget)
        if total >= min(budget, INF):
            return None
        found, loose = read_path(self.memo, key, 2)
        return total, self._place(found, loose), loose

    def _place(self, melds: list[Meld], loose: list[int]) -> list[tuple[int, ...]]:
        """Fill stand-in slots with wild cards not used as themselves: printed jokers first."""
        left = {JOKER: self.jk}
        for k in _kinds(self.start[1]):
            left[k] = left.get(k, 0) + 1
        for selves, _, _ in melds:
            for k in selves:
                if self.wild[k]:
                    left[k] -= 1
        pool = [k for k in sorted(left, key=lambda k: (k != JOKER, k)) for _ in range(left[k])]
        out = []
        for selves, extra, _ in melds:
            out.append(tuple(selves) + tuple(pool[:extra]))
            pool = pool[extra:]
        loose.extend(pool)
        return out


# The fields of the suit-0 cards in the walk's order (every 4th field): shifted by 2 * suit, the
# same mask picks any suit's cards.
SUIT_FIELDS = sum(3 << (2 * ORDER[make_kind(r, 0)]) for r in range(1, 14))
_SUIT_PURE: dict[tuple[int, int], int] = {}  # shared by every search: a suit's cards -> the most pure melds


def pure_room(rest: int, own: int, jk: int) -> int:
    """At most how many separate pure sequences and tunnelas cards make: the most each suit's
    cards (natural in walk order, ``rest``; wild as themselves, ``own``) make apart, and a tunnela
    of ``JK``."""
    room = 1 if jk >= 3 else 0
    for suit in range(4):
        part = ((rest >> (2 * suit)) & SUIT_FIELDS, (own >> (26 * suit)) & 0x3FFFFFF)
        if part != (0, 0):
            got = _SUIT_PURE.get(part)
            if got is None:
                got = _SUIT_PURE[part] = _suit_pure(*part)
            room += got
    return room


def _suit_pure(rest: int, own: int) -> int:
    """The most separate pure sequences (3 places) and tunnelas one suit's cards make: ``rest`` the
    natural cards (suit 0's fields of the walk's order), ``own`` the wild cards (by rank, 2 bits a
    rank from the ace)."""
    counts = [0] * 15
    for r in range(1, 14):
        counts[r] = ((rest >> (2 * ORDER[make_kind(r, 0)])) & 3) + ((own >> (2 * (r - 1))) & 3)
    best = 0
    for high_aces in range(counts[1] + 1):  # the aces split between the low and the high place
        c = counts[:]
        c[1] -= high_aces
        c[14] = high_aces
        best = max(best, _runs_and_tunnelas(c))
    return best


def _runs_and_tunnelas(counts: list[int]) -> int:
    """The most separate 3-card runs and tunnelas of counts by place 1..14 (a DP over places)."""
    states = {(0, 0): 0}  # (runs holding one card, runs holding two) -> melds made
    for p in range(1, 15):
        c = counts[p]
        nxt: dict[tuple[int, int], int] = {}
        for (one, two), made in states.items():
            if one + two > c:
                continue  # an open run broke: this way is dead
            left = c - one - two
            for new in range(left + 1):
                spare = left - new
                got = made + two + (spare >= 3)
                key = (new, one)
                if nxt.get(key, -1) < got:
                    nxt[key] = got
        states = nxt
    return max((m for (one, two), m in states.items() if one == two == 0), default=0)


def _total(mask: int) -> int:
    """Cards in a 2-bits-a-kind multiset."""
    return (mask & LOW).bit_count() + 2 * ((mask >> 1) & LOW).bit_count()


def _product(choices: list[tuple]) -> Iterator[tuple]:
    if not choices:
        yield ()
        return
    for head in choices[0]:
        for tail in _product(choices[1:]):
            yield (head, *tail)
