"""The wire: how a seat's view, an event and a move are written as JSON and read back,
for the network (:mod:`okey.net`), the process seats' children (:mod:`okey.bots.child`)
and every game alike (each game's ``net`` part: :class:`okey.wire.kit.NetPart`)."""
