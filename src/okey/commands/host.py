"""``okey host``: open a table server and sit at it, in this terminal (docs/network.md).

The server is ``okey serve``'s (the same options), started in this process; the host's
own seat joins it over the loopback like anyone else's, and plays at the accessible
table, in the same event loop. The join code and the address to give are printed and
said; people join with ``okey join``; the host starts the match with Enter, and the
seats still free get bots. Leaving the table stops the server (its autosave is kept:
``okey host --resume`` brings the match back, and everyone rejoins their seat).
"""

from __future__ import annotations

import argparse

from okey.commands import error
from okey.commands.join import Sitting, online_name, play_online, sit
from okey.commands.play import add_name_and_sort, add_pace, make_speaker
from okey.commands.serve import Plan, add_server_options, plan
from okey.messages import Catalogue
from okey.net.address import connect_host, local_only_line, shown_host, with_port
from okey.net.seat import hosting_lines
from okey.net.server import Limits, TableServer
from okey.net.tokens import HOST, load_token
from okey.saves import SaveError
from okey.speech import Speaker, add_speech_options
from okey.table.lines import Line
from okey.table.state.settings import DEFAULT_PACE
from okey.table.terminal.screens import add_screen_option
from okey.web.door import web_door
from okey.web.link import loopback_tls, page_link

NAME = "host"
HELP_KEY = "host.cli.help"


def configure(parser: argparse.ArgumentParser, catalogue: Catalogue) -> None:
    add_server_options(parser, catalogue)
    add_name_and_sort(parser, catalogue)
    add_pace(parser, DEFAULT_PACE, catalogue)  # how long a bot waits, at the server
    add_speech_options(parser, catalogue)
    add_screen_option(parser, catalogue)


async def _host(chosen: Plan, sitting: Sitting, speaker: Speaker, args: argparse.Namespace) -> int:
    """Start the server, then seat the host at it until they leave; the exit status."""
    catalogue = sitting.catalogue
    text = catalogue.text
    server = TableServer(Limits(), saves_dir=chosen.folder, web=web_door())
    try:
        hosted = chosen.table_on(server)
    except SaveError as exc:
        return error(exc, catalogue)
    code = sitting.code = hosted.code
    sitting.tasks_folder = chosen.folder  # the host's tasks are kept beside the autosave
    sitting.own = lambda: hosted.table  # ...and counted from this server's own match
    if chosen.data is not None and load_token(HOST, code) is None:
        return error(text("host.error.no_seat", code=code), catalogue)
    try:
        bound, port = await server.start(chosen.bind, chosen.port, tls=chosen.tls)
    except OSError as exc:
        return error(text("serve.error.listen", bind=chosen.bind, reason=exc), catalogue)
    try:
        shown, local_only = shown_host(chosen.bind)
        address = with_port(shown, port)
        print(text("serve.listening", host=bound, port=port, scheme=chosen.scheme), flush=True)
        print(text("serve.join", address=address, code=code), flush=True)
        link = page_link(chosen.scheme, address, code)
        print(text("web.link", url=link), flush=True)
        why = local_only_line(chosen.bind) if local_only else None
        if why is not None:
            print(text(why[0], host=why[1]), flush=True)
        sitting.url = f"{chosen.scheme}://{with_port(connect_host(chosen.bind), port)}"
        sitting.shown = address
        hosting = hosting_lines(address, code, local_only=why)
        sitting.welcome = [*hosting, Line("web.link", url=link)]
        return await sit(sitting, speaker, args)
    finally:
        await server.stop()


def run(args: argparse.Namespace, catalogue: Catalogue) -> int:
    text = catalogue.text
    if args.pace < 0:
        return error(text("table.cli.bad_pace"), catalogue)
    chosen = plan(args, args.pace, catalogue)
    if isinstance(chosen, int):
        return chosen
    name = online_name(args.name, catalogue)
    if name is None:
        return error(text("net.reason.bad_name"), catalogue)
    speaker = make_speaker(args, catalogue)
    if not isinstance(speaker, Speaker):
        return speaker
    sitting = Sitting(
        url="",
        shown="",
        server=HOST,
        code="",
        name=name,
        tls=loopback_tls() if chosen.tls is not None else None,
        leaving=text("net.goodbye.host"),
        catalogue=catalogue,
    )
    return play_online(sitting, speaker, _host(chosen, sitting, speaker, args))
