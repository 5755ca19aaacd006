"""The table in a web browser (docs/web.md): the page, served by the table server itself,
and the browser's seat, played on the server by the same table a terminal plays.

- :mod:`okey.web.http` answers the browser's plain HTTP requests (the page's files, its
  words) on the table server's port, and lets only the page's own origin open a seat.
- :mod:`okey.web.bridge` seats a browser at the server's table directly
  (:class:`okey.net.local.LocalClient`: it hears only its seat's view, like any client), and
  a :class:`~okey.table.controller.Table` tells that seat's events, keys and chat in the
  player's language; its lines go to the page as they are said.
- :mod:`okey.web.page` is what the page is sent: lines, and the parts of its picture (the
  rack, the board, the actions) that changed.
"""
