"""Play over the network: a table server and a headless client (docs/protocol.md).

- :mod:`okey.net.protocol`: the messages, versioned, with their reason codes;
- :mod:`okey.wire.codec`: the engine's frozen values (views, events) as JSON and back;
- :mod:`okey.net.table`: one table, IO-free: seats, bots, the clock, drops, chat;
- :mod:`okey.net.server`: the asyncio WebSocket server hosting tables;
- :mod:`okey.net.client`: a seat at a remote table, for a bot or a front end;
- :mod:`okey.net.local`: a seat at a table of a server in the same process (a browser's).
"""
