"""``okey join HOST[:PORT] CODE``: take a seat at a table another machine hosts.

The same accessible table as ``okey play`` plays the seat; the match is the server's
(docs/network.md). The seat's rejoin token is kept in the user's data folder
(:mod:`okey.net.tokens`), so that joining again from this machine after a drop takes
the same seat back. :func:`sit` is shared with ``okey host``, which seats its host the
same way at its own server.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import ssl
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from okey.commands import error, report
from okey.commands.online_tasks import OnlineTasks
from okey.commands.play import add_name_and_sort, make_speaker, table_sounds
from okey.messages import DEFAULT_LANGUAGE, Catalogue, Verbosity, load_catalogue
from okey.net.address import Target, parse_target
from okey.net.client import Client, Disconnected, Lost
from okey.net.protocol import Reason, Seated
from okey.net.seat import Online, lost_text, net_seat, welcome_lines
from okey.net.table import NetTable, clean_name
from okey.net.tokens import HOST, forget_token, load_token, save_token, server_key
from okey.rules import RulesError
from okey.saves import saves_dir
from okey.speech import Speaker, add_speech_options
from okey.table.controller import Table
from okey.table.lines import Line, Speech
from okey.table.state.seat import Step
from okey.table.state.sorting import SortMode
from okey.table.terminal.app import play_async
from okey.table.terminal.screens import add_screen_option, chosen_lines

NAME = "join"
HELP_KEY = "join.cli.help"
LOST = 1  # the exit status when the server was lost or refused the seat


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    text = catalogue.text
    parser.add_argument("address", metavar="HOST[:PORT]", help=text("join.cli.address"))
    parser.add_argument("code", metavar="CODE", help=text("join.cli.code"))
    add_name_and_sort(parser, catalogue)
    parser.add_argument("--cafile", metavar="FILE", help=text("join.cli.cafile"))
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


def online_name(given: str | None, catalogue: Catalogue) -> str | None:
    """The name others hear: ``--name``, else this machine's login name (None: unusable)."""
    if given is not None:
        return clean_name(given)
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):
        login = ""
    return clean_name(login.capitalize()) or catalogue.text("net.default_name")


@dataclass
class Sitting:
    """A seat to take: where, with which code and name, and where its token is kept."""

    url: str
    shown: str  # the server's address as the player gave it (said if it is lost)
    server: str  # what its token is filed under (:func:`okey.net.tokens.server_key`)
    code: str
    name: str
    tls: ssl.SSLContext | None = None
    welcome: Sequence[Speech] = ()
    leaving: str | None = None  # said after the farewell when the match goes on without you
    leave_question: Line | None = None  # asked before leaving a match under way (the salon's)
    table: Table | None = None  # once seated
    lost: Disconnected | None = None
    afterwards: str | None = None
    catalogue: Catalogue = field(default_factory=lambda: load_catalogue(DEFAULT_LANGUAGE))
    # The day's tasks the match completes for this seat are counted at its end (a private
    # table's or a salon's alike), in ``tasks_folder`` (None: the saves folder); at
    # ``okey host``, from ``own``, its server's table, rather than the record sent.
    count_tasks: bool = True
    tasks_folder: Path | None = None
    own: Callable[[], NetTable | None] | None = None


async def join_seat(sitting: Sitting) -> tuple[Client, Seated]:
    """Connect and take the seat (this machine's token's, if it holds one that works)."""
    token = load_token(sitting.server, sitting.code)
    client = Client(sitting.url, sitting.code, sitting.name, tls=sitting.tls, token=token)
    try:
        seated = await client.join()
    except Disconnected as lost:
        if token is None or lost.lost is not Lost.REFUSED or lost.reason is not Reason.BAD_TOKEN:
            raise
        forget_token(sitting.server, sitting.code)  # another table has that code now
        client = Client(sitting.url, sitting.code, sitting.name, tls=sitting.tls)
        seated = await client.join()
    try:
        save_token(sitting.server, sitting.code, seated.token)
    except OSError as exc:
        report(sitting.catalogue.text("join.error.token", reason=exc), sitting.catalogue)
    return client, seated


async def sit(sitting: Sitting, speaker: Speaker, args: argparse.Namespace) -> int:
    """Take the seat and play it at the table until the player leaves or the server is
    lost; the exit status."""
    try:
        client, seated = await join_seat(sitting)
    except Disconnected as lost:
        said = lost_text(lost, sitting.shown, sitting.catalogue)
        report(said, sitting.catalogue)  # shown on standard error, as every error...
        speaker.attach(printer=lambda _: None)
        speaker.event_text(said)  # ...and said, and written to the transcript, once
        return LOST
    try:
        seat = net_seat(
            seated,
            sitting.name,
            verbosity=Verbosity(args.verbosity),
            sounds=args.sounds,
            sort_mode=SortMode(args.sort),
        )
    except RulesError as exc:
        await client.close()
        return error(exc, sitting.catalogue)
    table = sitting.table = Table(seat, speaker)
    table.voice.use_sounds(table_sounds(args, speaker, table.settings.sounds), table.settings)
    welcome = [*welcome_lines(seat), *sitting.welcome]
    tasks = None
    if sitting.count_tasks:
        folder = sitting.tasks_folder or saves_dir(None)
        tasks = OnlineTasks(folder, own=sitting.own).listener(table.voice.event, seat)
    online = Online(
        table,
        seat,
        client,
        address=sitting.shown,
        welcome=welcome,
        serving=sitting.server == HOST,
        leaving=sitting.leave_question,
        on_record=tasks,
    )
    try:
        await play_async(table, pace=0.0, far=online, lines=chosen_lines(args, speaker.mode))
    finally:
        await client.close()
    sitting.lost = online.lost
    if online.lost is not None:
        if online.lost.lost is Lost.UNREACHABLE and sitting.server != HOST:
            # The server may come back (okey host --resume): so may the seat.
            sitting.afterwards = sitting.catalogue.text(
                "net.goodbye.lost", address=sitting.shown, code=sitting.code
            )
        return LOST
    if online.removed:
        forget_token(sitting.server, sitting.code)  # it takes no seat back now
    elif seat.started and table.state.step is not Step.MATCH_OVER:
        sitting.afterwards = sitting.leaving  # (left in the lobby, the seat is freed)
    return 0


def play_online(sitting: Sitting, speaker: Speaker, main: Coroutine[Any, Any, int]) -> int:
    """Run ``main`` (which plays the seat, and perhaps a server beside it) in its own event
    loop; then the last words, and the reason if the server was lost."""
    net_log = logging.getLogger("okey.net")
    quiet = logging.NullHandler()  # the server's warnings must not scribble on the screen
    net_log.addHandler(quiet)
    net_log.propagate = False
    status = LOST
    try:
        status = asyncio.run(main)
    except KeyboardInterrupt:
        status = 130
    finally:
        net_log.removeHandler(quiet)
        net_log.propagate = True
        if sitting.table is not None:
            sitting.table.voice.sounds.close()
            speaker.event_text(sitting.table.farewell())
            if sitting.afterwards is not None:
                speaker.event_text(sitting.afterwards)
        speaker.close()
    if sitting.lost is not None and sitting.table is not None:
        report(lost_text(sitting.lost, sitting.shown, sitting.catalogue), sitting.catalogue)
    return status


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    try:
        target: Target = parse_target(args.address)
    except ValueError:
        return error(text("join.error.address", address=args.address), catalogue)
    name = online_name(args.name, catalogue)
    if name is None:
        return error(text("net.reason.bad_name"), catalogue)
    tls: ssl.SSLContext | None = None
    if args.cafile is not None:
        target = replace(target, tls=True)
        try:
            tls = ssl.create_default_context(cafile=args.cafile)
        except (OSError, ssl.SSLError) as exc:
            return error(text("join.error.cafile", reason=exc), catalogue)
    speaker = make_speaker(args, catalogue)
    if not isinstance(speaker, Speaker):
        return speaker
    sitting = Sitting(
        url=target.url,
        shown=target.shown,
        server=server_key(target.host, target.port),
        code=args.code,
        name=name,
        tls=tls,
        leaving=text("net.goodbye.seat", address=target.shown, code=args.code),
        catalogue=catalogue,
    )
    return play_online(sitting, speaker, sit(sitting, speaker, args))
