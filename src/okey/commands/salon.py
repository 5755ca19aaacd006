"""``okey salon [HOST[:PORT]]``: come into a salon, a public server where strangers find
a table; ``okey salon --serve``: run one (docs/salon.md).

In the salon a player logs in (or claims a name), hears the conduct rules the first
time, then the lobby: the arrow keys read the tables one line each, Enter sits at the
one read, and typed commands open a table, quick-seat, watch, chat, report, see the
leaderboard. A seat is played at the same table as ``okey join`` (its ticket is the
table's code and the seat's token); back in the lobby after the match.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import platformdirs

from okey.commands import error, on_a_terminal, report
from okey.commands.join import LOST, Sitting, sit
from okey.commands.play import add_name_and_sort, make_speaker
from okey.commands.serve import checked_bind
from okey.messages import Catalogue
from okey.net.address import DEFAULT_PORT, Target, parse_target, shown_host, with_port
from okey.net.table import plain_name
from okey.net.tokens import forget_token, save_token, server_key
from okey.salon import messages as m
from okey.salon.client import SalonClient, SalonClosed
from okey.salon.config import ConfigError, SalonConfig, load_config
from okey.salon.lobby import Lobby, Quit, Say, Send
from okey.salon.server import Salon
from okey.salon.sessions import (
    forget_session,
    last_salon,
    load_session,
    remember_salon,
    save_session,
)
from okey.salon.store import Store, StoreError
from okey.salon.words import private_lines, staked
from okey.speech import Speaker, add_speech_options
from okey.table.lines import Line, sentence

NAME = "salon"
HELP_KEY = "salon.cli.help"
SEATING = (m.OpenTable, m.Sit, m.QuickSeat)
TRIES = 3  # log-ins asked for before giving up
AT_TABLE = (m.Watchers, m.Forfeited, m.Settled, m.Closing, m.Sanctioned)
"""News said at the table too (the rest waits for the lobby)."""


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("address", nargs="?", metavar="HOST[:PORT]", help=text("salon.cli.address"))
    parser.add_argument("--new", action="store_true", help=text("salon.cli.new"))
    add_name_and_sort(parser, catalogue)
    parser.add_argument("--serve", action="store_true", help=text("salon.cli.serve"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=text("serve.cli.port"))
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=text("serve.cli.bind"))
    parser.add_argument("--config", metavar="FILE", help=text("salon.cli.config"))
    parser.add_argument("--database", metavar="FILE", help=text("salon.cli.database"))
    parser.add_argument(
        "--moderator", action="append", default=[], metavar="NAME", help=text("salon.cli.moderator")
    )
    add_speech_options(parser, catalogue)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    if args.serve:
        return serve(args, catalogue)
    return enter(args, catalogue)


# -- the server -----------------------------------------------------------------------


def serve(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    try:
        bind = checked_bind(args.bind)
    except ValueError:
        return error(text("salon.error.bind", bind=args.bind[:40]), catalogue)
    config, database = SalonConfig(), None
    if args.config is not None:
        try:
            config, database = load_config(Path(args.config))
        except ConfigError as exc:
            return error(text("salon.error.config", path=args.config, reason=exc), catalogue)
    if args.moderator:
        extra = frozenset(plain_name(name) for name in args.moderator)
        config = replace(config, moderators=config.moderators | extra)
    path = Path(args.database) if args.database else database
    if path is None:
        path = Path(platformdirs.user_data_dir("okey")) / "salon.db"
    try:
        store = Store.open(path)
    except (StoreError, OSError) as exc:
        return error(text("salon.error.store", path=str(path), reason=exc), catalogue)
    from okey.web.salon_door import salon_door  # the page: loaded at the start, not later

    salon = Salon(store, config, web=salon_door)

    async def main() -> None:
        try:
            _, port = await salon.start(bind, args.port)
        except OSError as exc:
            report(text("salon.error.listen", reason=exc), catalogue)
            raise SystemExit(1) from None
        host, _ = shown_host(bind)
        address = with_port(host, port)
        print(text("salon.serving", address=address), flush=True)
        print(text("web.link", url=f"http://{address}/"), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await salon.stop()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    return 0


# -- a player in the salon ------------------------------------------------------------


def enter(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    address = args.address or last_salon()
    if address is None and not on_a_terminal():
        return error(text("salon.error.no_address"), catalogue)
    target = _target(address) if address is not None else None
    if isinstance(target, str):
        return error(text("join.error.address", address=target), catalogue)
    speaker = make_speaker(args, catalogue)
    if not isinstance(speaker, Speaker):
        return speaker
    if target is None:  # the start menu's Play online, the first time: ask
        asked = ask_address(speaker, catalogue)
        target = _target(asked) if asked is not None else None
        if not isinstance(target, Target):
            speaker.close()
            key = "salon.error.no_address" if target is None else "join.error.address"
            return error(text(key, address=target), catalogue)
    net_log = logging.getLogger("okey.net")
    quiet = logging.NullHandler()
    net_log.addHandler(quiet)
    net_log.propagate = False
    visit = Visit(target, args, catalogue, speaker)
    try:
        return asyncio.run(visit.run())
    except KeyboardInterrupt:
        return 130
    finally:
        net_log.removeHandler(quiet)
        net_log.propagate = True
        speaker.close()


def _target(address: str) -> Target | str:
    """The salon at ``address``, or the address when it is none."""
    try:
        return parse_target(address)
    except ValueError:
        return address


def ask_address(speaker: Speaker, catalogue: Catalogue) -> str | None:
    """The salon's address, asked and typed (None: nothing typed, or Ctrl+C, Ctrl+D)."""
    from prompt_toolkit import prompt

    speaker.event_text(catalogue.text("salon.ask.address"))
    try:
        typed = prompt("> ").strip()
    except (EOFError, KeyboardInterrupt):
        return None
    return typed or None


def as_said(line: str) -> Line:
    """A line of the salon's words said at the table (which adds the full stop)."""
    return sentence(line.removesuffix("."))


class Visit:
    """One visit to a salon: log in, the lobby's prompt, the tables played."""

    def __init__(
        self,
        target: Target,
        args: argparse.Namespace,
        catalogue: Catalogue,
        speaker: Speaker,
        *,
        terminal: tuple[Any, Any] | None = None,
    ) -> None:
        self.terminal = terminal  # tests: prompt_toolkit's input and output (else the real)
        self.target = target
        self.args = args
        self.catalogue = catalogue
        self.speaker = speaker
        self.server = server_key(target.host, target.port)
        self.client = SalonClient(target.url)
        self.lobby = Lobby(catalogue)
        self.answers: asyncio.Queue[m.Ticket | m.Declined] = asyncio.Queue()
        self.at_table: Sitting | None = None
        self.held: list[str] = []
        self.closed = asyncio.Event()
        self.exit_prompt: Callable[[], None] = lambda: None

    def say(self, line: str) -> None:
        self.speaker.event_text(line)

    async def run(self) -> int:
        text = self.catalogue.text
        self.say(text("salon.connecting", address=self.target.shown))
        try:
            await self.client.connect()
        except (OSError, TimeoutError, Exception):  # no salon there, or not a salon
            self.say(text("salon.unreachable", address=self.target.shown))
            return LOST
        from prompt_toolkit import PromptSession
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.patch_stdout import patch_stdout

        keys = KeyBindings()

        @keys.add("up")
        def _up(event: object) -> None:
            self.say(self.lobby.move(-1))

        @keys.add("down")
        def _down(event: object) -> None:
            self.say(self.lobby.move(1))

        given: dict[str, Any] = {}
        if self.terminal is not None:
            given["input"], given["output"] = self.terminal
        session: PromptSession[str] = PromptSession(key_bindings=keys, **given)
        try:
            with patch_stdout(raw=True):
                try:
                    welcome = await self._log_in(session)
                except SalonClosed:
                    self.say(text("salon.lost"))
                    return LOST
                if welcome is None:
                    return LOST
                for line in self.lobby.hear(welcome):
                    self.say(line)
                if welcome.conduct:
                    answer = await self._ask(session, "")
                    if answer is None or not self.lobby.agrees(answer):
                        self.say(text("salon.goodbye"))
                        return 0
                    with contextlib.suppress(SalonClosed):
                        await self.client.send(m.AgreeConduct())
                    self.say(text("salon.conduct.agreed"))
                reader = asyncio.get_running_loop().create_task(self._read())
                try:
                    await self._lobby(session)
                finally:
                    reader.cancel()
        finally:
            with contextlib.suppress(Exception):
                await self.client.close()
        return 0

    async def _ask(self, session: object, question: str, *, secret: bool = False) -> str | None:
        from prompt_toolkit import PromptSession

        assert isinstance(session, PromptSession)
        if question:
            self.say(question)
        try:
            answer: str = await session.prompt_async("> ", is_password=secret)
        except (EOFError, KeyboardInterrupt):
            return None
        return answer

    async def _log_in(self, session: object) -> m.Welcome | None:
        text = self.catalogue.text
        kept = load_session(self.server)
        if kept is not None:
            answer = await self.client.resume(kept)
            if isinstance(answer, m.Welcome):
                return self._keep(answer)
            forget_session(self.server)
        name = self.args.name
        for _ in range(TRIES):
            if name is None:
                name = await self._ask(session, text("salon.ask.name"))
                if name is None:
                    return None
            password = await self._ask(session, text("salon.ask.password"), secret=True)
            if password is None:
                return None
            answer = await self.client.log_in(name, password, claim=self.args.new)
            if isinstance(answer, m.Declined) and answer.login == "wrong":
                question = text("salon.ask.claim", name=name)
                yes = await self._ask(session, question)
                if yes is not None and self.lobby.agrees(yes):
                    answer = await self.client.log_in(name, password, claim=True)
            if isinstance(answer, m.Welcome):
                return self._keep(answer)
            for line in self.lobby.hear(answer):
                self.say(line)
            name = None
        return None

    def _keep(self, welcome: m.Welcome) -> m.Welcome:
        with contextlib.suppress(OSError):
            save_session(self.server, welcome.session)
            remember_salon(self.target.shown)
        return welcome

    async def _read(self) -> None:
        """Every piece of news: said now, at the table if it matters there, or kept."""
        try:
            while True:
                news = await self.client.receive()
                if isinstance(news, m.Ticket):
                    self.answers.put_nowait(news)
                    continue
                lines = self.lobby.hear(news)
                if isinstance(news, m.Declined):
                    self.answers.put_nowait(news)
                sitting = self.at_table
                if sitting is not None and sitting.table is not None:
                    if isinstance(news, AT_TABLE):
                        for line in lines:
                            sitting.table.voice.event(as_said(line))
                    elif isinstance(news, m.LobbySaid | m.ReportHeard):
                        self.held += lines
                    continue
                for line in lines:
                    self.say(line)
        except SalonClosed as closed:
            if closed.news is None:
                self.say(self.catalogue.text("salon.lost"))
        finally:
            self.closed.set()
            self.exit_prompt()

    async def _lobby(self, session: object) -> None:
        from prompt_toolkit import PromptSession

        assert isinstance(session, PromptSession)
        self.exit_prompt = lambda: (
            session.app.exit(exception=EOFError) if session.app.is_running else None
        )
        while not self.closed.is_set():
            line = await self._ask(session, "")
            if line is None or self.closed.is_set():
                return
            answer = self.lobby.typed(line)
            match answer:
                case Quit():
                    self.say(self.catalogue.text("salon.goodbye"))
                    return
                case Say():
                    for said in answer.lines:
                        self.say(said)
                case Send():
                    try:
                        await self.client.send(answer.request)
                    except SalonClosed:
                        return  # the reader says so
                    if isinstance(answer.request, SEATING):
                        await self._seat()

    async def _seat(self) -> None:
        """Wait for the ticket (or why not), and play the seat it keeps."""
        try:
            async with asyncio.timeout(10):
                answer = await self.answers.get()
        except TimeoutError:
            return
        if isinstance(answer, m.Declined):
            return
        await self.play(answer)

    async def play(self, ticket: m.Ticket) -> None:
        text = self.catalogue.text
        welcome = self.lobby.welcome
        assert welcome is not None
        if ticket.table:
            lines = [text("salon.ticket", number=ticket.table)]  # (the table says the rest)
        else:  # a private table: its code is for friends
            lines = private_lines(ticket.code, self.target.shown, self.catalogue)
        try:
            save_token(self.server, ticket.code, ticket.token)
        except OSError as exc:
            report(text("join.error.token", reason=exc), self.catalogue)
        sitting = Sitting(
            url=self.target.url,
            shown=self.target.shown,
            server=self.server,
            code=ticket.code,
            name=welcome.name,
            welcome=[as_said(line) for line in lines],
            leave_question=Line(staked("salon.ask.leave", ticket.stake), stake=ticket.stake),
            catalogue=self.catalogue,
        )
        self.at_table = sitting
        try:
            await sit(sitting, self.speaker, self.args)
        finally:
            self.at_table = None
            forget_token(self.server, ticket.code)
            if sitting.table is not None:
                sitting.table.voice.sounds.close()
                self.say(sitting.table.farewell())
        self.say(text("salon.back"))
        for line in self.held:
            self.say(line)
        self.held.clear()
