"""The web page's door into a table server (:class:`okey.net.server.WebDoor`)."""

from __future__ import annotations

from okey.net.server import WebDoor
from okey.web.bridge import seat_browser
from okey.web.http import WEB_PATH, answer


def web_door() -> WebDoor:
    """The page and its browsers' seats, for ``TableServer(web=web_door())``: importing
    this loads the browser seat's modules at the server's start, not at the first page
    (loading the table's modules then would hold every table a while)."""
    return WebDoor(answer, WEB_PATH, seat_browser)
