"""The page's link, and how this process reaches its own server (imports nothing heavy:
``okey host`` and ``okey serve`` say the link before any browser comes)."""

from __future__ import annotations

import ssl


def page_link(scheme: str, address: str, code: str) -> str:
    """The link that seats a browser: ``http://HOST:PORT/#CODE`` (``wss`` gives ``https``).

    The code is the fragment, which a browser keeps to itself: it is in no request line
    and no server's log."""
    web = "https" if scheme == "wss" else "http"
    return f"{web}://{address}/#{code}"


def loopback_tls() -> ssl.SSLContext:
    """This process reaching its own server (the host's seat): nothing to verify."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
