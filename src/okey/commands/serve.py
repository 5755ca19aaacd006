"""``okey serve``: a table server alone, for a machine that only hosts (docs/network.md).

It opens one table (Okey, or Okey 101 with ``--rules 101``), says its address and join
code, autosaves after every turn, and runs until the match is over and everyone has
left, or Ctrl+C.
``--resume [NAME]`` brings back a table from its autosave after the server was
stopped or killed: its players rejoin their seats with the tokens they hold.
``okey host`` (:mod:`okey.commands.host`) takes the same options and seats the host.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import re
import signal
import ssl
import sys
from dataclasses import dataclass
from math import isfinite
from pathlib import Path

from okey.bots import available_levels
from okey.commands import error
from okey.errors import Phrase
from okey.messages import DEFAULT_LANGUAGE, Catalogue, load_catalogue
from okey.net.address import DEFAULT_PORT, local_only_line, shown_host, with_port
from okey.net.codes import fixed_code, new_code
from okey.net.server import Hosted, Limits, TableServer
from okey.net.table import TableConfig, online_rules
from okey.numbers import NumberProblem, NumberRule
from okey.rules import LEAST_TIMER, MOST_TIMER, RulesError, load_rules
from okey.saves import SaveData, SaveError, read_save, saves_dir
from okey.saves.paths import check_folder, check_name
from okey.web.door import web_door
from okey.web.link import page_link

NAME = "serve"
HELP_KEY = "serve.cli.help"
DEFAULT_SAVE = "online"
BOT_DELAY = NumberRule("--bot-delay", 0.0, 60.0)
"""Seconds a bot waits before it moves (a number: not negative, nan or inf)."""
MOST_BIND = 253
"""The longest host name there is."""
_HOST_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def checked_bind(bind: str) -> str:
    """``--bind``'s value if it is an address or a host name this machine could listen
    on (an IP address, ``localhost``, a name of letters, digits and dashes); ValueError
    otherwise (a path, a right-to-left mark, 100,000 characters)."""
    if bind == "":
        return bind  # every address, as asyncio takes it
    if len(bind) > MOST_BIND or not bind.isprintable():
        raise ValueError(bind)
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(bind)
        return bind
    try:
        ascii_name = bind.encode("idna").decode("ascii")
    except UnicodeError:
        raise ValueError(bind) from None
    labels = ascii_name.removesuffix(".").split(".")
    if not all(_HOST_LABEL.fullmatch(label) for label in labels):
        raise ValueError(bind)
    return bind


def _shown(text: str, most: int = 40) -> str:
    """A refused value as a message quotes it: what cannot be shown (a right-to-left
    mark, an escape) written as its escape, so the value never looks like a good one;
    and not too long."""
    shown = "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text[: most + 1]
    )
    return shown if len(shown) <= most else shown[:most] + "..."


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    add_server_options(parser, catalogue)
    parser.add_argument(
        "--bot-delay",
        type=BOT_DELAY.argument(catalogue),
        default=1.0,
        metavar="SECONDS",
        help=catalogue.text("serve.cli.bot_delay"),
    )


def add_server_options(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    """The table server's options, shared by ``okey serve`` and ``okey host``."""
    text = catalogue.text
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=text("serve.cli.port"))
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDR", help=text("serve.cli.bind"))
    parser.add_argument("--rules", default="classic", metavar="NAME", help=text("serve.cli.rules"))
    parser.add_argument(
        "--level", default="medium", choices=available_levels(), help=text("serve.cli.level")
    )
    parser.add_argument("--code", metavar="CODE", help=text("serve.cli.code"))
    parser.add_argument("--timer", type=int, metavar="SECONDS", help=text("serve.cli.timer"))
    parser.add_argument("--certfile", metavar="FILE", help=text("serve.cli.certfile"))
    parser.add_argument("--keyfile", metavar="FILE", help=text("serve.cli.keyfile"))
    parser.add_argument("--saves", metavar="DIR", help=text("serve.cli.saves"))
    parser.add_argument(
        "--save-as", default=DEFAULT_SAVE, metavar="NAME", help=text("serve.cli.save_as")
    )
    parser.add_argument(
        "--resume", nargs="?", const=DEFAULT_SAVE, metavar="NAME", help=text("serve.cli.resume")
    )
    parser.add_argument("--seed", type=int, help=argparse.SUPPRESS)  # tests: a seeded table


def _tls(args: argparse.Namespace, catalogue: Catalogue) -> ssl.SSLContext | None:
    if args.certfile is None and args.keyfile is None:
        return None
    if args.certfile is None:
        raise ValueError(catalogue.text("serve.error.certfile"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(args.certfile, args.keyfile)
    except (OSError, ssl.SSLError) as exc:
        raise ValueError(catalogue.text("serve.error.tls", reason=exc)) from None
    return context


@dataclass(frozen=True)
class Plan:
    """A table server to start, checked: a new table's config or an autosave to resume."""

    config: TableConfig | None
    data: SaveData | None
    tls: ssl.SSLContext | None
    folder: Path
    save_as: str
    bind: str
    port: int

    @property
    def scheme(self) -> str:
        return "wss" if self.tls is not None else "ws"

    def table_on(self, server: TableServer) -> Hosted:
        """The table, on ``server`` (SaveError if the autosave is not a server's)."""
        if self.data is not None:
            return server.resume_table(self.data, save_as=self.save_as)
        assert self.config is not None
        return server.add_table(self.config, save_as=self.save_as)


def plan(args: argparse.Namespace, bot_delay: float, catalogue: Catalogue) -> Plan | int:
    """The server the options ask for, or the exit status of a refusal (said)."""
    if args.timer is not None and args.timer != 0 and not LEAST_TIMER <= args.timer <= MOST_TIMER:
        return error(
            catalogue.text("serve.error.timer", least=LEAST_TIMER, most=MOST_TIMER), catalogue
        )
    if not 0 <= args.port <= 65535:
        return error(catalogue.text("serve.error.port", port=args.port), catalogue)
    try:
        checked_bind(args.bind)
    except ValueError:
        return error(Phrase("serve.error.bind", bind=_shown(args.bind)), catalogue)
    if not (isfinite(bot_delay) and bot_delay >= 0):  # okey host's --pace, checked there
        return error(BOT_DELAY.refuse(NumberProblem.RANGE, bot_delay), catalogue)
    try:
        code = fixed_code(args.code) if args.code is not None else new_code()
    except ValueError:
        return error(Phrase("serve.error.code"), catalogue)
    config: TableConfig | None = None
    data: SaveData | None = None
    try:
        tls = _tls(args, catalogue)
        save_as = check_name(args.save_as)
        folder = check_folder(saves_dir(args.saves))
        if args.resume is not None:
            data = read_save(args.resume, folder)
        else:
            rules = online_rules(load_rules(args.rules), args.timer)  # Okey or Okey 101
            config = TableConfig(rules, code, args.level, bot_delay, args.seed)
    except (RulesError, SaveError, ValueError) as exc:
        return error(exc, catalogue)
    return Plan(config, data, tls, folder, save_as, args.bind, args.port)


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    chosen = plan(args, args.bot_delay, catalogue)
    if isinstance(chosen, int):
        return chosen

    async def main() -> int:
        server = TableServer(Limits(), saves_dir=chosen.folder, web=web_door())
        try:
            hosted = chosen.table_on(server)
        except SaveError as exc:
            return error(exc, catalogue)
        try:
            host, port = await server.start(chosen.bind, chosen.port, tls=chosen.tls)
        except OSError as exc:
            return error(
                catalogue.text("serve.error.listen", bind=chosen.bind, reason=exc), catalogue
            )
        text = catalogue.text
        print(text("serve.listening", host=host, port=port, scheme=chosen.scheme), flush=True)
        print(text("serve.code", code=hosted.code), flush=True)
        shown, local_only = shown_host(chosen.bind)
        print(text("serve.join", address=with_port(shown, port), code=hosted.code), flush=True)
        link = page_link(chosen.scheme, with_port(shown, port), hosted.code)
        print(text("web.link", url=link), flush=True)
        if local_only:
            key, shown_host_name = local_only_line(chosen.bind)
            print(text(key, host=shown_host_name), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        closed = loop.create_task(server.all_closed.wait())
        stopped = loop.create_task(stop.wait())
        await asyncio.wait({closed, stopped}, return_when=asyncio.FIRST_COMPLETED)
        closed.cancel()
        stopped.cancel()
        await server.stop()
        print(text("serve.stopped"), flush=True)
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        return 0


def main(argv: list[str] | None = None) -> int:
    """Run ``okey serve`` alone (``python -m okey.commands.serve``), for tests."""
    catalogue = load_catalogue(DEFAULT_LANGUAGE)
    parser = argparse.ArgumentParser(prog="okey serve", description=catalogue.text(HELP_KEY))
    configure(parser, catalogue)
    return run(parser.parse_args(argv), catalogue)


if __name__ == "__main__":
    sys.exit(main())
