"""Addresses: the one to give friends, and the ones ``okey join`` is given.

The machine's address on its local network is the source address the system would use
to reach a private address: a UDP socket is "connected" to one, which picks a route
and sends nothing, and is asked its own address. When there is none (no network),
``127.0.0.1`` is given instead, and the host is told that only this machine can join.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

PROBE = ("10.255.255.254", 9)  # a private address: nothing is ever sent to it
LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 7011
ANY = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on its local network, or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    try:
        if ipaddress.ip_address(found).is_loopback or found == "0.0.0.0":
            return None
    except ValueError:
        return None
    return found


def shown_host(bind: str) -> tuple[str, bool]:
    """The host to give friends for a server bound to ``bind``, and whether only this
    machine can reach it (no network found, or bound to the loopback)."""
    if bind in ANY:
        found = lan_address()
        return (found, False) if found is not None else (LOOPBACK, True)
    try:
        loopback = ipaddress.ip_address(bind).is_loopback
    except ValueError:
        loopback = bind == "localhost"
    return bind, loopback


def local_only_line(bind: str) -> tuple[str, str]:
    """Why only this machine can join a server bound to ``bind`` (when
    :func:`shown_host` says so): the catalogue key and the host it names."""
    if bind in ANY:
        return "serve.local_only", LOOPBACK  # no network was found
    return "serve.loopback_only", bind  # the host chose the loopback


def connect_host(bind: str) -> str:
    """Where this machine reaches its own server bound to ``bind``."""
    if bind in ("0.0.0.0", ""):
        return LOOPBACK
    if bind == "::":
        return "::1"
    return bind


def with_port(host: str, port: int) -> str:
    """``host:port``, with an IPv6 address in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass(frozen=True)
class Target:
    """A server to join: its host, port and whether it speaks TLS (``wss://``)."""

    host: str
    port: int
    tls: bool = False

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://{with_port(self.host, self.port)}"

    @property
    def shown(self) -> str:
        return with_port(self.host, self.port)


def parse_target(text: str) -> Target:
    """``HOST``, ``HOST:PORT``, ``[IPv6]:PORT``, or any of them after ``ws://`` or
    ``wss://``; ValueError when it is none of them."""
    rest = text.strip()
    tls = False
    for scheme in ("ws://", "wss://"):
        if rest.lower().startswith(scheme):
            tls = scheme == "wss://"
            rest = rest[len(scheme) :]
    rest = rest.rstrip("/")
    port_text = ""
    if rest.startswith("["):
        host, bracket, after = rest[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            raise ValueError(text)
        port_text = after[1:]
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    else:
        host = rest  # a name, an IPv4 address, or a bare IPv6 address
    if not host or any(c.isspace() or c in "/@?#" for c in host):
        raise ValueError(text)
    port = DEFAULT_PORT
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) <= 65535:
            raise ValueError(text)
        port = int(port_text)
    return Target(host, port, tls)
