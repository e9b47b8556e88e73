"""The Marriage table: the shared table of the games whose melds stay in the hand
(:class:`game.ui.inhand.table.InHandTable`: the grouping, drawing, discarding, bots, hot seat) with
what Indian Marriage adds, each step explained by the engine:

- the expose step at the deal (M2.3): the seat's dealt tunnelas are grouped first; Expose asks
  which to lay face up (all, or the selected ones) or none; a seat dealt none passes on its own;
- See the maal (M6): lays the pure combinations still needed (the selected groups, else the
  groups that are pure), or seven dublees, after saying what it lays; the tiplu is then turned up
  in the middle for that seat, and its jokers carry a W badge for it alone (M13);
- Declare (M7): W1, the four new combinations and the finish card; W2, the eighth dublee and the
  finish card; asked first, with the engine's verdict;
- every group labelled as the engine reads it for what the viewer knows; the laid groups of every
  seat on the table (the viewer's over its hand, the others' in their panels);
- the guided first hand (:mod:`.tutorial`): its patient opponent, a wrong try explained with the
  coach's hint, and a finish that is not valid said, never charged.

Keys besides the shared ones: E expose (K keeps the tunnelas in hand), M sees the maal, F
declares (the selected card is the finish card).  H (and Hint, in a window wide enough) asks the
deal review (:mod:`ai.marriage.review`) for the best move of the step: which tunnelas to expose,
the draw, seeing, the discard or the finish, worked out from what the seat may know alone.
"""

from __future__ import annotations

import pygame

from ai.marriage import FRONT as BOTS
from game.core.cards import cards_for_kinds
from game.core.errors import IllegalAction
from game.i18n import N_, _, ngettext
from game.marriage import Action, State, apply, is_legal, legal_actions, see_options
from game.marriage.deck import KIND
from game.marriage.solver import dublee_kinds
from game.marriage.state import DISCARD, DRAW, DUBLEE_ROUTE, EXPOSE, INVALID_FINISH, OVER, PURE_ROUTE
from game.marriage.turn import finish_route, judge_finish

from ..inhand import view as hand_view
from ..inhand.table import InHandTable
from ..refusals import refusal_words
from ..resources import text, wrap
from ..widgets import Button
from ..wording import card_text, shown
from . import view
from .hand import (
    cards_words,
    finish_problem,
    group_labels,
    groups_words,
    initial_groups,
    is_kept_group,
    known_maal,
    pure_need,
    see_goal,
    see_groups,
    see_progress,
)
from .layout import MarriageLayout, build
from .match import MarriageMatch
from .rulebook import RULE_PAGES
from .tutorial import TutorialMarriage, opponent_move

NO_WILD = (False,) * 53
OUT_WORDS = {INVALID_FINISH: N_("invalid finish: out")}  # translated where shown


class MarriageTableScene(InHandTable):
    name = "marriage_table"
    sheet_scene = "marriage_results"
    results_scene = "marriage_results"
    bot_front = BOTS
    SLOTS = ("tiplu", "stock", "discard")
    RULE_PAGES = RULE_PAGES
    BUTTONS = ("sort", "group", "undo", "hint", "discard", "expose", "see", "declare", "menu")
    NARROW = 800  # a window narrower than this leaves Hint out of the bar (H still asks): the rest stay readable

    match: MarriageMatch

    def __init__(self, app, match, tutorial: TutorialMarriage | None = None) -> None:
        self.arranged: set[int] = set()  # the seats whose first grouping (tunnelas first) is made
        self.skipped: set[int] = set()  # hot seat: the seats of this deal whose empty expose was played for them
        super().__init__(app, match, tutorial)

    def tutorial_opponent(self, state: State) -> Action:
        return opponent_move(state)

    def game_buttons(self) -> dict[str, Button]:
        return {"expose": Button(N_("Expose"), self.ask_expose, "E"), "see": Button(N_("See maal"), self.ask_see, "M"),
                "declare": Button(N_("Declare"), self.ask_declare, "F")}

    def game_keys(self) -> dict:
        return {pygame.K_e: self.ask_expose, pygame.K_k: self.keep_tunnelas, pygame.K_m: self.ask_see,
                pygame.K_f: self.ask_declare}

    def enable_game_buttons(self, buttons: dict[str, Button], mine: bool) -> None:
        s = self.state
        me = s.turn
        buttons["expose"].enabled = mine and s.phase == EXPOSE
        buttons["see"].enabled = mine and s.phase == DISCARD and s.seen[me] is None
        buttons["declare"].enabled = mine and s.phase == DISCARD and self.may_finish()

    def may_finish(self) -> bool:
        try:
            finish_route(self.state, self.state.turn)
        except IllegalAction:
            return False
        return True

    # --- what the viewer knows ---------------------------------------------------------------

    def viewer_tiplu(self) -> int | None:
        """The tiplu's kind as the viewer knows it (M13): ``None`` before it has seen."""
        tiplu = view.knows_tiplu(self)
        return None if tiplu is None else KIND[tiplu]

    def known_wild(self) -> tuple[bool, ...]:
        """The viewer's jokers (all ``False`` before it has seen, and while the table is hidden)."""
        if self.obs is None or self.hidden or self.obs.jokers is None:
            return NO_WILD
        return self.obs.jokers.wild + (False,)

    def refresh(self) -> None:
        super().refresh()
        if self.obs is not None and self.viewer not in self.arranged and self.state.phase != OVER:
            self.arranged.add(self.viewer)
            if len(self.obs.hand) >= 21:  # as dealt: the tunnelas first
                self.groups[self.viewer] = initial_groups(self.obs.hand, self.known_wild())
                self.undo.pop(self.viewer, None)
                self._layout = None

    def build_layout(self, groups: list[list[int]], dragged: set[int]) -> MarriageLayout:
        s = self.state
        def laid(seat: int) -> list[list[int]]:
            return [[KIND[c] for c in g] for g in (*s.exposed[seat], *s.shown[seat])]

        opponents = [laid(o) for o in self.opponents()]
        mine = [] if self.hand_groups() is None else laid(self.viewer)
        bar = self.bar()
        return build(self.app.screen.get_size(), self.card_scale(), opponents, groups, self.selected, dragged,
                     bar, self.SLOTS, mine, self.button_needs(bar), self.status_lines(), hand_view.message_lines(self),
                     hand_view.opponent_need(self, self.px(view.STATUS_ROOM)))

    def status_lines(self) -> int:
        """The lines the status line over the hand needs (two at most: long words at a small window)."""
        left, right = self.status_words()
        if not left:
            return 1
        room = self.app.screen.get_width() - self.px(40)
        if right:
            room -= text(right, self.fs(18), bold=True).get_width() + self.px(20)
        return min(2, len(wrap(left, max(11, self.fs(15)), room)))

    def bar(self) -> tuple[str, ...]:
        """The buttons under the hand for this window's width."""
        if self.app.screen.get_width() < self.NARROW:
            return tuple(b for b in self.BUTTONS if b != "hint")
        return self.BUTTONS

    def layout(self) -> MarriageLayout:
        mine = self.hand_groups()
        groups = mine.groups if mine is not None else []
        dragged = set(self.drag[0]) if self.drag else set()
        s = self.state
        laid = tuple(len(s.exposed[o]) + len(s.shown[o]) for o in range(s.players))
        key = (self.app.screen.get_size(), self.card_scale(), tuple(self.opponents()), laid, self.viewer,
               self.hidden, hand_view.message_lines(self), hand_view.opponent_need(self, self.px(view.STATUS_ROOM)),
               tuple(map(tuple, groups)), frozenset(self.selected), frozenset(dragged))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.build_layout(groups, dragged))
        return self._layout[1]  # type: ignore[return-value]

    # --- what the engine says of the groups ------------------------------------------------------

    def label_groups(self, groups: list[tuple[int, ...]]) -> list[tuple[str, int]]:
        return group_labels(groups, self.viewer_tiplu(), self.state.rules.max_wilds_per_combo)

    def is_meld(self, kinds: list[int]) -> bool:
        return is_kept_group(kinds, self.viewer_tiplu(), self.state.rules.max_wilds_per_combo)

    # --- words -----------------------------------------------------------------------------------

    def describe(self, before: State, action: Action) -> str:
        s = self.state
        who = self.match.name(action.player)
        t = action.type
        if t == "expose":
            if not action.groups:
                return _("{who} exposed no tunnela").format(who=who)
            return _("{who} exposed {groups}").format(who=who, groups=groups_words(action.groups))
        if t == "see_maal":
            dublees = s.seen[action.player] == DUBLEE_ROUTE
            if action.groups:
                words = (_("{who} saw the maal by seven dublees: laid {groups}") if dublees
                         else _("{who} saw the maal by pure combinations: laid {groups}"))
            else:
                words = (_("{who} saw the maal by seven dublees") if dublees
                         else _("{who} saw the maal by pure combinations"))
            return words.format(who=who, groups=groups_words(action.groups) if action.groups else "")
        if t == "declare":
            if s.out[action.player] == INVALID_FINISH:
                return _("{who} finished invalidly and is out (+{points} to pay)").format(
                    who=who, points=s.rules.invalid_finish_penalty)
            return _("{who} finished!").format(who=who)
        return super().describe(before, action)

    def phase_words(self) -> dict[str, str]:
        s = self.state
        me = s.turn
        if s.phase == DISCARD and s.seen[me] is None:
            discard = _("Discard a card, or lay your groups and See the maal.")
        elif s.phase == DISCARD:
            discard = _("Discard a card, or select your finish card and Declare.")
        else:
            discard = _("Discard a card.")
        return {EXPOSE: _("Expose your dealt tunnelas (E), or keep them in hand (K)."),
                DRAW: _("Your turn: draw from the stock or the discard pile."), DISCARD: discard}

    def turn_words(self) -> str:
        s = self.state
        me = self.viewer
        if s.phase != OVER and me is not None and not self.hidden and s.out[me] is not None:
            who = _("You") if len(self.match.humans) <= 1 else self.match.name(me)
            return _("{who} finished invalidly: watching the rest of the deal.").format(who=who)
        if s.phase == EXPOSE and not self.my_turn() and not self.hidden:
            return _("{name} may expose dealt tunnelas.").format(name=self.match.name(s.turn))
        return super().turn_words()

    def status_words(self) -> tuple[str, str]:
        """The line over the viewer's hand: what seeing the maal still takes (or what finishing
        takes once seen), and at the right the viewer's maal once it knows the tiplu."""
        s = self.state
        me = self.viewer
        if me is None or self.hidden or self.obs is None:
            return "", ""
        obs = self.obs
        maal = known_maal(obs)
        right = "" if maal is None else _("Your maal: {points}").format(points=maal)
        if s.phase == OVER:
            return "", right
        if s.out[me] is not None:
            return _("You are out of this deal."), right
        if s.phase == EXPOSE and self.my_turn():
            kinds = [KIND[c] for c in obs.hand]
            tunnelas = [k for k in dublee_kinds(kinds) if kinds.count(k) == 3]
            if tunnelas:
                cards = ", ".join(cards_words([k] * 3) for k in tunnelas)
                if len(tunnelas) == 1:
                    words = _("Dealt tunnela {cards}: if you expose it, it scores maal points and counts toward "
                              "seeing the maal.")
                else:
                    words = _("Dealt tunnelas {cards}: if you expose them, each scores maal points and counts "
                              "toward seeing the maal.")
                return words.format(cards=cards), right
        seen = s.seen[me]
        if seen == PURE_ROUTE:
            return _("Seen. To finish: four more combinations of three and a finish card."), right
        if seen == DUBLEE_ROUTE:
            return _("Seen. To finish: an 8th dublee and a finish card."), right
        mine = self.hand_groups()
        groups = [] if mine is None else mine.kinds()
        return see_progress(groups, [KIND[c] for c in obs.hand], len(s.exposed[me]), s.rules.dublee_route), right

    def rules_line(self) -> str:
        return view.rules_line(self)

    def seat_status(self, seat: int) -> str | None:
        out = self.state.out[seat]
        return None if out is None else _(OUT_WORDS[out])

    def draw_middle(self, surf: pygame.Surface, lay) -> None:
        view.draw_middle(self, surf, lay)

    def draw(self, surf: pygame.Surface) -> None:
        view.draw_table(self, surf)

    # --- the flow ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        s = self.state
        if (s.phase == EXPOSE and self.my_turn() and self.app.top is self
                and legal_actions(s) == [Action.expose(s.turn)]):
            self.play(Action.expose(s.turn))  # dealt no tunnela: nothing to ask
            if not self.hidden:  # hot seat: the next player reads only the news ("Ann exposed no tunnela")
                self.say(_("You were dealt no tunnela to expose."), "info")
            return
        while self.skip_empty_expose():  # each seat dealt nothing to expose, then any pass screen at once
            pass
        super().update(dt)

    def skip_empty_expose(self) -> bool:
        """Hot seat: a person dealt no tunnela has nothing to decide at the deal, so the device is not
        passed to them for it: their "expose nothing" is played, and the device goes to whoever plays
        next (to the person holding it when that is them)."""
        s = self.state
        seat = self.pass_to
        if (seat is None or seat != s.turn or s.phase != EXPOSE or self.app.top is not self
                or self.match.remote(seat) or legal_actions(s) != [Action.expose(seat)]):
            return False
        self.pass_to = None
        if not self.play(Action.expose(seat)):
            self.pass_to = seat
            return False
        self.skipped.add(seat)
        s = self.state
        acted = any(e.get("player") == self.viewer for e in s.history) and self.viewer not in self.skipped
        holder = self.viewer if acted else None  # the person who played here holds the device
        if s.phase != OVER and self.match.is_human(s.turn) and s.turn != holder:
            self.pass_to = s.turn
        elif holder is not None:
            self.hidden = False
            self.refresh()
        else:  # the deal's start: the device goes to the first person, as it would have
            self.pass_to = self.viewer
        return True

    def start_next_deal(self) -> None:
        self.arranged.clear()
        self.skipped.clear()
        super().start_next_deal()

    def restart_hand(self) -> None:
        self.arranged.clear()
        self.skipped.clear()
        super().restart_hand()

    # --- exposing (M2.3) -----------------------------------------------------------------------

    def dealt_tunnelas(self) -> list[int]:
        """The kinds the viewer holds three of (what the engine lets it expose)."""
        if self.obs is None:
            return []
        kinds = [KIND[c] for c in self.obs.hand]
        return [k for k in dublee_kinds(kinds) if kinds.count(k) == 3]

    def ask_expose(self) -> None:
        if not self.ready_to(EXPOSE):
            return
        tunnelas = self.dealt_tunnelas()
        if not tunnelas:
            self.keep_tunnelas()
            return
        chosen = sorted({KIND[c] for c in self.selected} & set(tunnelas)) or tunnelas
        self.app.open("marriage_expose", self, [(k, k, k) for k in chosen])

    def keep_tunnelas(self) -> None:
        if self.ready_to(EXPOSE):
            self.play(Action.expose(self.state.turn))

    def expose(self, groups: list[tuple[int, ...]]) -> None:
        if self.ready_to(EXPOSE):
            self.play(Action.expose(self.state.turn, groups))

    def expose_detail(self, groups: list[tuple[int, ...]]) -> str:
        kept = [k for k in self.dealt_tunnelas() if (k, k, k) not in groups]
        detail = ngettext("{groups} goes face up on the table. An exposed tunnela scores maal points at the end of "
                          "the deal (5, or more for special cards) and counts toward seeing the maal; it stays one of "
                          "your 21 cards.",
                          "{groups} go face up on the table. An exposed tunnela scores maal points at the end of the "
                          "deal (5, or more for special cards) and counts toward seeing the maal; it stays one of "
                          "your 21 cards.", len(groups)).format(groups=groups_words(groups))
        if kept:
            detail += " " + _("You keep {groups} in hand.").format(groups=groups_words([(k, k, k) for k in kept]))
        return detail

    # --- seeing the maal (M6) ------------------------------------------------------------------

    def ask_see(self) -> None:
        if not self.ready_to(DISCARD):
            return
        s = self.state
        me = s.turn
        if s.seen[me] is not None:
            self.say(_("You have seen the maal already."), "info")
            return
        mine = self.hand_groups()
        if mine is None:
            return
        exposed = len(s.exposed[me])
        if self.selected:  # the selected cards, in the groups they are in
            groups = [tuple(KIND[c] for c in g if c in self.selected) for g in mine.groups]
            groups = [g for g in groups if g]
        elif pure_need(exposed) == 0:
            groups = []
        else:  # the groups ready in the hand, else a way the engine finds
            groups = see_groups(mine.kinds(), exposed, s.rules.dublee_route)
            found = see_options(s)
            if not is_legal(s, Action.see_maal(me, groups)) and found:
                groups = list(found[0].groups or ())
        try:
            apply(s, Action.see_maal(me, groups))
        except IllegalAction as exc:
            if self.selected:
                self.say(_("{problem}. Select the cards of the groups to lay, or nothing.").format(
                    problem=refusal_words(exc).rstrip(".")), "bad", exc.rule)
            else:
                self.say(_("You hold no way to see the maal yet: it takes {goal}.").format(
                    goal=see_goal(exposed, s.rules.dublee_route)), "bad")
            self.wrong_try()
            return
        picked = [c for c in mine.cards() if c in self.selected] if self.selected else mine.cards()
        laid = [c for g in cards_for_kinds(picked, groups, KIND)[0] for c in g]
        if groups:
            detail = _("You lay {groups} face up; the tiplu is then turned up for you, and your jokers are marked W. "
                       "Laid cards stay on the table, count among your 21 and are never discarded.").format(
                           groups=groups_words(groups))
        else:
            detail = _("Your exposed tunnelas are enough; the tiplu is then turned up for you, and your jokers are "
                       "marked W. Laid cards stay on the table, count among your 21 and are never discarded.")
        self.app.open("confirm", _("See the maal?"), detail, _("See the maal"), lambda: self.see(groups, laid))

    def see(self, groups: list[tuple[int, ...]], laid: list[int] | None = None) -> None:
        """See the maal laying ``groups`` (kinds); ``laid``: the physical cards the player lays
        (by default the first of each kind in the player's arrangement)."""
        me = self.state.turn
        mine = self.hand_groups()
        if laid is None:
            laid = [c for g in cards_for_kinds(mine.cards() if mine else [], groups, KIND)[0] for c in g]
        if self.play(Action.see_maal(me, groups), laid) and self.obs is not None and self.obs.tiplu is not None:
            tiplu = KIND[self.obs.tiplu]
            self.say(_("You saw the maal: the tiplu is {card}. Your jokers now carry a W.").format(
                card=card_text(tiplu)), "good")

    # --- finishing (M7) ----------------------------------------------------------------------------

    def finish_choice(self, finish: int) -> tuple[list[tuple[int, ...]], str]:
        """The groups a declaration with ``finish`` (a physical card) lays, and its route."""
        s = self.state
        me = s.turn
        mine = self.hand_groups()
        assert mine is not None
        route = s.seen[me]
        if route == PURE_ROUTE:
            return mine.without(finish), route
        pairs = [g for g in mine.without(finish) if len(g) == 2 and g[0] == g[1]]
        if route is None:  # dublee_finish_without_show: all eight at once
            return pairs[:8], ""
        if not pairs:  # none grouped: any dublee of the hand
            left = [KIND[c] for c in self.obs.hand if c != finish]
            pairs = [(k, k) for k in dublee_kinds(left)]
        return pairs[:1], route

    def ask_declare(self) -> None:
        if not self.ready_to(DISCARD):
            return
        s = self.state
        me = s.turn
        try:
            finish_route(s, me)
        except IllegalAction as exc:
            self.say(refusal_words(exc), "bad", exc.rule)
            self.wrong_try()
            return
        if len(self.selected) != 1:
            self.say(_("Select your finish card (the one card left over), then Declare."), "info")
            self.wrong_try()
            return
        finish = next(iter(self.selected))
        groups, route = self.finish_choice(finish)
        try:  # a refusal (the cards, the card just taken) is said at once, with no question asked
            apply(s, Action.declare(me, KIND[finish], groups))
        except IllegalAction as exc:
            self.say(refusal_words(exc), "bad", exc.rule)
            self.wrong_try()
            return
        valid = judge_finish(s, me, tuple(groups)) is not None
        if valid:
            if route == PURE_ROUTE:
                words = _("You finish with {card} face down and four combinations ({groups}): a valid finish, you "
                          "win the deal.")
            elif route == DUBLEE_ROUTE:
                words = _("You finish with {card} face down and the 8th dublee ({groups}): a valid finish, you win "
                          "the deal.")
            else:
                words = _("You finish with {card} face down and eight dublees ({groups}): a valid finish, you win "
                          "the deal.")
            detail = words.format(card=card_text(KIND[finish]), groups=groups_words(groups))
        else:
            problem = finish_problem(groups, route or None, self.viewer_tiplu(), s.rules.max_wilds_per_combo,
                                     s.rules.dublee_finish_without_show) or _("the groups are not a valid finish")
            if self.tutorial is not None:  # the guided hand explains, never charges
                self.say(_("Your groups are not a valid finish yet: {problem}.").format(problem=shown(problem)), "bad")
                self.wrong_try()
                return
            detail = _("Your groups are not a valid finish: {problem}. Declaring now makes you pay your game points "
                       "plus {points}, and you are out of the deal.").format(
                           problem=shown(problem), points=s.rules.invalid_finish_penalty)
        self.app.open("confirm", _("Declare?"), detail, _("Declare"), lambda: self.declare(finish, groups))

    def declare(self, finish: int, groups: list[tuple[int, ...]]) -> None:
        me = self.state.turn
        if self.play(Action.declare(me, KIND[finish], groups), [finish]) and self.state.out[me] == INVALID_FINISH:
            self.say(_("Invalid finish: you are out of this deal."), "bad")
