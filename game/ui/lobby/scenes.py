"""The screens of network play: Host a table (the new-game screen with friends' seats and a turn
timer), Join a table (tables found on the local network, or an address and a code), and the
lobby both wait in until the host starts the match.  Each opens the game's own table by name."""

from __future__ import annotations

import dataclasses
import time

import pygame

from game.i18n import N_, _, ngettext
from game.i18n.names import shown_name
from game.net import protocol as P
from game.net.table import BOT, HERE, NETWORK, Options, SeatPlan

from ..bots import HUMAN, level_names, level_shown
from ..match import SeatSetup
from ..resources import elide, wrap
from ..scene import Scene, felt, title_bar
from ..scenes.newgame import BOT_NAMES, NewGameScene
from ..textdraw import fit_lines
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, Button, Choice, Form, TextField, label, panel
from .hosting import INTERFACES_ENV, Hosting, interfaces, new_table, resumed_table
from .session import Session, remembered_tokens
from .words import or_theirs

FRIEND = N_("Friend")  # a seat's level (stored English, shown through level_shown)
# The turn timer (off by default): seconds a turn, the time bank a seat has for a deal, and the time to
# group one's cards after another player declared (the games that have that step).
TIMERS = ((None, 0.0, None), (30.0, 60.0, 30.0), (45.0, 90.0, 45.0), (60.0, 120.0, 60.0))
READY_S = 60.0  # with the timer on, the next deal starts this long after a deal even if someone has not said Next


def timer_words(j: int) -> str:
    """The turn timer ``TIMERS[j]`` as the Turn timer choice shows it ("30 s + 60 s bank")."""
    turn, bank, _declare = TIMERS[j]
    if turn is None:
        return _("Off")
    return _("{turn} s + {bank} s bank").format(turn=f"{turn:g}", bank=f"{bank:g}")


def open_session(app, front, client, hosting: Hosting | None = None, address: str = "") -> Session:
    """The session of this screen at a table, the one the app draws the status of."""
    if app.network is not None:
        app.network.close()
    session = Session(app, front, client, hosting=hosting, address=address)
    app.network = session
    return session


def host_table(app, front, table, name: str) -> Session:
    """Serve ``table`` from this app and sit at it (this screen's seats by their tokens)."""
    from game.net.client import Client

    hosting = Hosting(app, front, table, name)
    where = (interfaces() or ["127.0.0.1"])[0]
    client = Client(where, hosting.port, front.name, table.code, tokens=table.tokens(HERE)).start()
    return open_session(app, front, client, hosting)


def seen_by_all(plans: list[SeatPlan]) -> list[SeatPlan]:
    """The seats as every screen at the table reads them: a seat is never called "You" (the default
    name of the person at this screen), since "You to play" would mislead everyone else; the host's
    seat is "Host" instead ("Host 2"... for more seats at this screen)."""
    used = {p.name for p in plans}
    out = []
    for i, plan in enumerate(plans):
        if plan.name.casefold() == "you":
            name = next(n for n in ("Host", *(f"Host {k}" for k in range(2, len(plans) + 2)), f"Player {i + 1}")
                        if n not in used)
            used.add(name)
            plan = dataclasses.replace(plan, name=name)
        out.append(plan)
    return out


class HostScene(NewGameScene):
    """Host a table: the game, seats (you here, friends elsewhere, bots), rules, the turn timer."""

    name = "host"
    title = N_("Host a table")
    subtitle = N_("Friends join from their own computers; other seats can be bots")
    remember = False  # a table's seats are its own (friends): New game's memory is for local games

    def __init__(self, app, seed: int | None = None) -> None:
        self.timer = 0
        super().__init__(app, seed)
        self.seats = [SeatSetup("You", HUMAN), SeatSetup("Friend 1", FRIEND)]
        self.build()

    def levels(self) -> list[str]:
        return [HUMAN, FRIEND] + level_names(self.front.bots)

    def build(self) -> None:
        super().build()
        self.start.caption = _("Open the table")

    def game_widgets(self) -> list:
        """The game's widgets, with the turn timer just before "Advanced: house rules"."""
        widgets = super().game_widgets()
        at = next(i for i, w in enumerate(widgets) if isinstance(w, Button))
        timer = Choice(_("Turn timer"), [timer_words(j) for j in range(len(TIMERS))], self.timer, self.set_timer)
        timer.turn_timer = True  # type: ignore[attr-defined]  (describe() knows it by this, not by its caption)
        return widgets[:at] + [timer] + widgets[at:]

    def set_timer(self, j: int) -> None:
        self.timer = j

    def describe(self, widget) -> str:
        if getattr(widget, "turn_timer", False):
            if self.timer == 0:
                return _("No clock: the table waits for each player (online apps use one; a bot moves at zero).")
            turn, bank, declare = TIMERS[self.timer]
            return _("{turn} s a turn, a bank of {bank} s a deal for long turns, {declare} s to group your cards "
                     "after a declaration; at zero a safe move is played for the seat.").format(
                turn=f"{turn:g}", bank=f"{bank:g}", declare=f"{declare:g}")
        return super().describe(widget)

    def seat_words(self, level: str) -> str:
        if level == FRIEND:
            return _("Friend: a person at another computer takes this seat with the table's code (Join a table).")
        if level == HUMAN:
            return _("Human: a person at this screen (several take turns, passing it).")
        return super().seat_words(level)

    def set_seat(self, i: int, **change: str) -> None:
        super().set_seat(i, **change)
        if "level" in change and self.friend_names():
            self.build()

    def friend_names(self) -> bool:
        """Friends' seats the host has not named are "Friend 1", "Friend 2"... (a joining friend's own
        name replaces it)."""
        changed = False
        friends = [i for i, s in enumerate(self.seats) if s.level == FRIEND]
        for i, seat in enumerate(self.seats):
            if i in self.named:
                continue
            if seat.level == FRIEND:
                name = f"Friend {friends.index(i) + 1}"
            elif seat.name.startswith("Friend "):
                used = {s.name for s in self.seats}
                name = next((n for n in BOT_NAMES if n not in used), f"Player {i + 1}") if seat.level != HUMAN else (
                    "You")
            else:
                continue
            if name != seat.name:
                self.seats[i] = dataclasses.replace(seat, name=name)
                changed = True
        return changed

    def start_now(self) -> None:
        front = self.front
        if front.bots.engine.view is None:
            self.app.toast(_("{game} cannot be played over the network yet.").format(game=_(front.title)))
            return
        if not any(s.level == HUMAN for s in self.seats):
            self.app.toast(_("Keep at least one seat Human: the person at this screen."))
            return
        plans = [SeatPlan(s.name.strip() or f"Player {i + 1}",
                          HERE if s.level == HUMAN else NETWORK if s.level == FRIEND else BOT,
                          "" if s.level in (HUMAN, FRIEND) else s.level) for i, s in enumerate(self.seats)]
        named = next((p.name for p in plans if p.kind == HERE and p.name != "You" and not p.name.startswith("Player ")),
                     None)
        plans = seen_by_all(plans)
        turn, bank, declare = TIMERS[self.timer]
        options = Options(turn_s=turn, bank_s=bank, ready_s=None if turn is None else READY_S, declare_s=declare)
        table = new_table(front, plans, self.rules.with_players(len(plans)), options, self.seed,
                          match_me=lambda: self.app.match_me_start(self.game))
        try:
            session = host_table(self.app, front, table, f"{named}'s table" if named else "")
        except OSError as exc:
            self.app.toast(_("The table could not be opened: {problem}").format(problem=exc))
            return
        self.app.sounds.play("deal")
        self.app.replace(self.app.make("lobby", session))


class LobbyScene(Scene):
    """Waiting at a table: its code and addresses (for the host), its seats and who has joined."""

    name = "lobby"
    hides_network = True  # the lobby says everything the status panel would

    def __init__(self, app, session: Session | None = None, resume=None) -> None:
        super().__init__(app)
        self.problem = ""
        if resume is not None:  # Continue on a hosted match: open its table again
            session = self._resume(resume)
        self.session = session
        hosting = session.hosting if session is not None else None
        self.is_host = hosting is not None
        self.started_at = time.monotonic()
        buttons = []
        if self.is_host:
            self.start = Button(_("Resume the match") if resume is not None else _("Start"), self.begin, "Enter")
            buttons.append(self.start)
            buttons.append(Button(_("Close the table"), self.leave, "Esc"))
        else:
            buttons.append(Button(_("Leave"), self.leave, "Esc"))
        self.form = Form(buttons)

    def _resume(self, match) -> Session | None:
        front = self.app.games.get(match.game)
        try:
            table = resumed_table(front, match)
            return host_table(self.app, front, table, "")
        except (ValueError, OSError) as exc:
            self.problem = _("The hosted match could not be opened again: {problem}").format(problem=exc)
            return None

    # --- flow ---------------------------------------------------------------------------------

    def begin(self) -> None:
        if self.session is not None and self.session.hosting is not None:
            self.session.hosting.start()

    def leave(self) -> None:
        if self.session is not None:
            self.session.close()
        self.app.reset_to(self.app.make("title"))

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        s = self.session
        if s is None:
            return
        s.poll()
        if s.ended is not None and not s.told_end:
            s.told_end = True
            self.problem = s.ended
            s.close()
            if self.join_the_tables_game(s):
                return
            if self.is_host:
                self.form.widgets = [Button(_("Back to the title"), self.leave, "Esc")]
            else:
                self.form.widgets = [Button(_("Back"), self.back, "Esc")]
            self.form.focus = 0
            return
        if s.match is not None and s.started and self.app.top is self:
            self.app.replace(self.app.make(s.match.scene, s.match))

    def back(self) -> None:
        self.app.pop()

    def join_the_tables_game(self, session: Session) -> bool:
        """A join refused for naming another game than the table's: join again at once with the
        table's game (the player never has to know which game the host chose).  True when it did."""
        game = session.table_game
        below = self.app.stack[-2] if len(self.app.stack) > 1 else None
        if (self.is_host or game is None or game == session.front.name or not isinstance(below, JoinScene)
                or self.app.top is not self):
            return False
        self.app.pop()
        below.game.index = list(self.app.games).index(game)
        below.join()
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.widgets[-1].activate()
            return
        self.form.handle(event)

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        s = self.session
        front = s.front if s is not None else None
        heading = _("Your table") if self.is_host else _("At a friend's table")
        sub = _(front.title) if front is not None else ""
        top = title_bar(surf, self, heading, sub)
        w, h = surf.get_size()
        p = self.px
        x = w // 2 - p(560)
        width = p(1120)
        if s is not None and s.hosting is not None:
            label(surf, _("Table code"), (x, top), self.fs(20), MUTED, bold=True)
            code = label(surf, s.code, (x, top + p(26)), self.fs(52), ACCENT, True)
            where = s.hosting.where()
            tell = _("Friends choose Join a table, pick this table (or type the address), then type the code.")
            lines = wrap(tell, self.fs(18), p(560))
            y = top + p(26) + code.h + p(6)
            for line in lines:
                label(surf, line, (x, y), self.fs(18), INK)
                y += self.fs(18) + p(6)
            either = where[0] if len(where) < 2 else _("{address} or {other}").format(address=where[0], other=where[1])
            label(surf, _("Address: {address}").format(address=elide(either, self.fs(18), p(460))), (x, y),
                  self.fs(18), MUTED)
            y += self.fs(18) + p(14)
        else:
            y = top
            if s is not None:
                label(surf, _("Table code {code}").format(code=s.code), (x, y), self.fs(22), ACCENT, bold=True)
                y += self.fs(22) + p(12)
        seats_x = w // 2 + p(20) if s is not None and s.hosting is not None and w >= 900 else x
        seats_y = top if seats_x != x else y
        seats_w = p(540) if seats_x != x else width
        self.draw_seats(surf, pygame.Rect(seats_x, seats_y, seats_w, h - seats_y - p(110)))
        status = self.problem or self.status_words()
        colour = BAD if self.problem else GOOD if s is not None and s.started else INK
        lines = fit_lines(wrap(status, self.fs(18), width), 2)
        sy = h - p(100) - len(lines) * (self.fs(18) + p(4))
        for line in lines:
            label(surf, line, (w // 2, sy), self.fs(18), colour, anchor="midtop")
            sy += self.fs(18) + p(4)
        bw, bh = p(300), p(50)
        total = len(self.form.widgets) * bw + (len(self.form.widgets) - 1) * p(20)
        bx = w // 2 - total // 2
        for widget in self.form.widgets:
            widget.rect = pygame.Rect(bx, h - p(76), bw, bh)
            bx += bw + p(20)
        self.form.draw(surf, self.fs(22))

    def status_words(self) -> str:
        s = self.session
        if s is None:
            return _("No table.")
        if s.link == "connecting" or s.info is None:
            return _("Connecting to the table…")
        if s.link == "retrying":
            return _("Connection lost: trying again…")
        if s.started and s.match is None:
            return _("Your seat is out of this game (it goes on without it). Leave when you like.")
        if self.is_host:
            waiting = [x for x in s.info.get("seats", []) if x.get("kind") == NETWORK and not x.get("claimed")]
            if waiting:
                n = len(waiting)
                return ngettext("Waiting for {n} friend to join. Start when you like: a seat nobody has taken is "
                                "played by a safe-move bot until its friend joins.",
                                "Waiting for {n} friends to join. Start when you like: a seat nobody has taken is "
                                "played by a safe-move bot until its friend joins.", n).format(n=n)
            return _("Everyone is here. Start when you are ready.")
        return _("You are at the table. The host starts the match.")

    def draw_seats(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        s = self.session
        p = self.px
        label(surf, _("Seats"), (box.x, box.y), self.fs(20), MUTED, bold=True)
        if s is None or s.info is None:
            return
        row = max(p(40), self.fs(18) + p(16))
        y = box.y + self.fs(20) + p(10)
        for i, seat in enumerate(s.info.get("seats", [])):
            if not isinstance(seat, dict):
                continue
            rect = pygame.Rect(box.x, y, box.w, row - p(6))
            mine = i in s.seats
            panel(surf, rect, border=ACCENT if mine else (80, 120, 100))
            kind = seat.get("kind")
            if kind == BOT:
                state, colour = _("bot ({level})").format(level=level_shown(str(seat.get("level", "")))), MUTED
            elif kind == HERE:
                state, colour = _("at the host's screen"), INK
            elif not seat.get("claimed"):
                state, colour = _("waiting for a friend"), MUTED
            elif seat.get("connected"):
                state, colour = _("joined"), GOOD
            else:
                state, colour = _("joined, connection lost"), BAD
            if mine:
                state = _("you · {state}").format(state=state)
            name = elide(shown_name(str(seat.get("name", "?"))), self.fs(18), box.w // 2 - p(20), True)
            label(surf, name, (rect.x + p(12), rect.centery), self.fs(18), ACCENT if mine else INK, True, "midleft")
            label(surf, elide(state, self.fs(18), box.w // 2 - p(10)), (rect.right - p(12), rect.centery),
                  self.fs(18), colour, anchor="midright")
            y += row


TYPE_CODE = N_("Now type the table's code (the host reads it to you).")  # after a table found is picked


def address_words(problem: ValueError, typed: str) -> str:
    """Why the address typed is none (:func:`game.net.client.split_address` says it in English), for the player."""
    from .hosting import DEFAULT_PORT

    if not typed.strip():
        return or_theirs(N_("type the host's address"), str(problem))
    return or_theirs(N_("{address} is no address (try {example})"), str(problem), address=repr(typed.strip()[:40]),
                     example=f"192.168.1.20:{DEFAULT_PORT}")


class JoinScene(Scene):
    """Join a table: one found on the local network, or an address and a code typed."""

    name = "join"

    def __init__(self, app) -> None:
        super().__init__(app)
        from game.net.discovery import Browser

        self.browser = Browser(interfaces())
        self.found: list = []
        self.looked_at = 0.0
        self.problem = ""
        self.asking = False  # the problem line is the prompt for the code (TYPE_CODE), not a problem
        names = list(app.games)
        last = app.settings  # the last join, filled in again (a dropped player joins back with Enter)
        self.game = Choice(_("Game"), [_(app.games[g].title) for g in names],
                           names.index(last.join_game) if last.join_game in names else 0)
        joining_as = last.join_name or "Player"  # the default name is shown translated, sent in English
        self.player = TextField(shown_name(joining_as) if joining_as == "Player" else joining_as, P.MAX_NAME)
        self.address = TextField(last.join_address, 80)  # host:port, or wss://host:port for a server behind TLS
        self.code = TextField(last.join_code, 9)
        self.join_button = Button(_("Join"), self.join, "Enter")
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.picks: list[Button] = []
        self.form = Form()
        self.build()

    def build(self) -> None:
        focus = self.form.focus
        self.form.widgets = [*self.picks, self.player, self.game, self.address, self.code, self.join_button,
                             self.back_button]
        self.form.focus = focus

    def enter(self) -> None:
        if self.browser.zc is None:
            self.browser.start()

    def exit(self) -> None:
        self.browser.close()

    def back(self) -> None:
        self.browser.close()
        self.app.pop()

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if now - self.looked_at < 0.5:
            return
        self.looked_at = now
        found = [f for f in self.browser.tables() if f.protocol == P.PROTOCOL and f.game in self.app.games][:4]
        if found != self.found:
            self.found = found
            self.picks = [Button(f"{f.name} · {_(self.app.games[f.game].title)} · {f.where}", lambda f=f: self.pick(f))
                          for f in found]
            self.build()

    def pick(self, found) -> None:
        """A table found on the network: its address and game filled in; the code is still to type
        (the last join's code stays only for the same table)."""
        if found.where != self.address.value:
            self.code.value = ""
        self.address.value = found.where
        self.game.index = list(self.app.games).index(found.game)
        self.form.focus = self.form.focusable().index(self.code)
        self.say(_(TYPE_CODE), asking=True)

    def say(self, words: str, asking: bool = False) -> None:
        """The line over the buttons: a problem (``words``), or with ``asking`` the prompt for the code."""
        self.problem, self.asking = words, asking

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(
                self.form.focused, TextField):
            self.join()
            return
        self.form.handle(event)
        if self.asking and P.normal_code(self.code.value) is not None:
            self.say("")  # the code is typed: the prompt for it goes

    def join(self) -> None:
        from game.net.client import Client, secure_address, split_address

        from .hosting import DEFAULT_PORT

        try:
            host, port = split_address(self.address.value, DEFAULT_PORT)
        except ValueError as exc:
            self.say(address_words(exc, self.address.value))
            return
        secure = secure_address(self.address.value)  # wss://: TLS, the host's certificate checked
        allowed = interfaces()
        if allowed is not None and host not in allowed:  # a narrowed app (tests) reaches nothing else
            self.say(_("This app is set to reach {addresses} only ({setting}).").format(
                addresses=", ".join(allowed), setting=INTERFACES_ENV))
            return
        code = P.normal_code(self.code.value)
        if code is None:
            self.say(_("A table code is {n} letters and digits (the host reads it to you).").format(n=P.CODE_LENGTH))
            return
        game = list(self.app.games)[self.game.index]
        front = self.app.games[game]
        if front.bots.engine.view is None:
            self.say(_("{game} cannot be played over the network yet.").format(game=_(front.title)))
            return
        where = f"wss://{host}:{port}" if secure else f"{host}:{port}"  # the tokens are kept under this
        tokens = remembered_tokens(self.app.store, where, code)
        name = self.player.value.strip()
        name = "Player" if name in ("", shown_name("Player")) else name
        self.remember_join(name, code, game)
        client = Client(host, port, game, code, name, tokens, secure=secure).start()
        session = open_session(self.app, front, client, address=where)
        self.say("")
        self.app.open("lobby", session)

    def remember_join(self, name: str, code: str, game: str) -> None:
        """Keep this join in the settings: Join a table opens with it filled in again."""
        settings = self.app.settings
        settings.join_name, settings.join_address, settings.join_code, settings.join_game = (
            name, self.address.value.strip(), code, game)
        self.app.save_settings()

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        top = title_bar(surf, self, _("Join a table"), _("A friend hosts it: pick it below, or type its address"))
        w, h = surf.get_size()
        p = self.px
        x, width = w // 2 - p(420), p(840)
        label(surf, _("Tables on your network"), (x, top), self.fs(20), MUTED, bold=True)
        y = top + self.fs(20) + p(10)
        if not self.picks:
            label(surf, _("None found yet (a table appears here when its host opens it)."), (x, y), self.fs(18), MUTED)
            y += self.fs(18) + p(14)
        for b in self.picks:
            b.rect = pygame.Rect(x, y, width, p(40))
            y += p(46)
        y += p(10)
        field_h = p(42)
        cap_w = p(220)
        for caption, widget in ((_("Your name"), self.player), (_("Game"), self.game), (_("Address"), self.address),
                                (_("Table code"), self.code)):
            if widget is self.game:
                widget.rect = pygame.Rect(x, y, width, field_h)
                widget.caption = caption
            else:
                label(surf, caption, (x, y + field_h // 2), self.fs(20), INK, anchor="midleft")
                widget.rect = pygame.Rect(x + cap_w, y, width - cap_w, field_h)
            y += field_h + p(10)
        if self.problem:
            lines = fit_lines(wrap(self.problem, self.fs(18), width), 2)
            for line in lines:
                label(surf, line, (w // 2, y), self.fs(18), ACCENT if self.asking else BAD, anchor="midtop")
                y += self.fs(18) + p(4)
        self.join_button.rect = pygame.Rect(w // 2 - p(310), h - p(70), p(300), p(50))
        self.back_button.rect = pygame.Rect(w // 2 + p(10), h - p(70), p(300), p(50))
        self.form.draw(surf, self.fs(20))
