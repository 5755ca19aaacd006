"""Plug-in bots: seat any ``module:callable`` and guard it so a failure costs one move.

A seat name is either a level (``hard``), ``module:callable`` (a module on
the import path) or ``file.py:callable`` (a Python file, named by its path:
``./lucky.py:make_bot``, ``C:\\bots\\lucky.py:make_bot``), where the
callable takes the seat's own ``random.Random`` and returns a bot (an object
with ``name`` and ``choose(view) -> action``; see :mod:`okey.bots.base`). A
plug-in bot is wrapped in :class:`GuardedBot`, the one guard of every game: when
it raises, runs past its time limit or returns a move the table would not take
(at Okey, one not in ``view.legal``), the game's easy level plays that move
instead, an :class:`Incident` is recorded (and passed to ``on_incident``), and
the match goes on.

The hook for front ends and ``okey simulate``: :func:`seat_bot` makes the bot
for a seat name and :func:`check_seat_name` says why a name cannot be seated.

A plug-in seated so runs in okey's own process: it is trusted code, which can reach
the whole match. ``process:SPEC`` seats the same plug-in in a child process that sees
only its view (:mod:`okey.bots.process`).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import importlib
import importlib.util
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any, Final, Protocol, TypeVar

from okey import kits
from okey.bots import make_bot
from okey.bots.base import AnyBot, AnyBotFactory
from okey.bots.kit import BotsPart
from okey.bots.plugin_terms import Incident as Incident
from okey.bots.plugin_terms import PluginError as PluginError
from okey.bots.plugin_terms import Reason as Reason
from okey.bots.plugin_terms import is_file_name as is_file_name
from okey.bots.plugin_terms import is_plugin_name as is_plugin_name
from okey.bots.plugin_terms import split_spec as split_spec
from okey.bots.process import PREFIX as PROCESS_PREFIX
from okey.bots.process import ProcessBot, is_process_name
from okey.engine.actions import Action

T = TypeVar("T")
DEFAULT_TIME_LIMIT: Final = 2.0  # seconds a plug-in bot may think about one move


class BotFailure(Exception):
    """What a bot's own code raised, of any kind (``SystemExit`` and a
    ``KeyboardInterrupt`` it raised itself among them): the bot's failure, never the end
    of okey. ``error`` is what it raised."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error


@contextlib.contextmanager
def bots_own_code() -> Iterator[None]:
    """Run a bot's code in this thread: whatever it raises becomes :class:`BotFailure`,
    except the user's own Ctrl+C. In the main thread a real SIGINT is told apart by a
    handler that notes it (Python delivers signals to the main thread only; a
    ``KeyboardInterrupt`` that no signal preceded was raised by the bot's code); a Ctrl+C
    the bot's code swallowed is raised again when it returns."""
    pressed = False
    previous: Any = None
    watching = threading.current_thread() is threading.main_thread()

    def noted(signum: int, frame: FrameType | None) -> None:
        nonlocal pressed
        pressed = True
        raise KeyboardInterrupt

    if watching:
        try:
            previous = signal.signal(signal.SIGINT, noted)
        except (ValueError, OSError):  # pragma: no cover - no signals here
            watching = False
    try:
        yield
    except BaseException as exc:
        if pressed and isinstance(exc, KeyboardInterrupt):
            raise
        raise BotFailure(exc) from None
    finally:
        if watching:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
    if pressed:
        raise KeyboardInterrupt


def _module_from_file(spec: str, target: str) -> ModuleType:
    """The Python file ``target`` as a module of its own, run once per file."""
    path = Path(target).expanduser()
    if not path.is_file():
        raise PluginError("no_file", spec=spec, path=path)
    resolved = path.resolve()
    digest = hashlib.sha256(str(resolved).encode("utf-8")).hexdigest()[:12]
    stem = re.sub(r"\W", "_", resolved.stem)
    name = f"okey_plugin_{stem}_{digest}"
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    found = importlib.util.spec_from_file_location(name, resolved)
    if found is None or found.loader is None:
        raise PluginError("form_file", spec=spec)
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module  # as an import does: dataclasses and pickling look it up
    try:
        found.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_factory(spec: str) -> AnyBotFactory:
    """Import ``module:callable`` or load ``file.py:callable`` (the callable may be
    dotted: ``module:Class.make``)."""
    target_name, attribute = split_spec(spec)
    try:
        with bots_own_code():  # a plug-in's module may fail in any way as it loads
            if is_file_name(target_name):
                target: Any = _module_from_file(spec, target_name)
            else:
                target = importlib.import_module(target_name)
    except BotFailure as failure:
        exc = failure.error
        if isinstance(exc, PluginError):
            raise exc from None
        reason = exc if isinstance(exc, ImportError) else failure
        raise PluginError("import", spec=spec, reason=reason) from None
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise PluginError("missing", spec=spec) from None
    if not callable(target):
        raise PluginError("not_callable", spec=spec)
    factory: AnyBotFactory = target
    return factory


Accepts = Callable[[Any, Action], bool]
"""Whether a plug-in's move may go to the table: ``accepts(view, action)``."""


class GuardedBot:
    """A plug-in bot of game ``game`` whose failures are replaced, one move at a time, by
    ``fallback`` (by default the game's easy level, seeded by ``rng``).

    A move is let through when ``accepts(view, move)``: by default the game's own check
    from the view (:attr:`okey.bots.kit.BotsPart.accepts`: at Okey, a move of
    ``view.legal``); a seat that owns the match may pass the engine's own check instead
    (at Okey 101 an ``Open`` or a ``Lay`` is never listed in ``view.legal``)."""

    def __init__(
        self,
        bot: AnyBot,
        rng: random.Random | None = None,
        *,
        game: str = kits.DEFAULT_GAME,
        fallback: AnyBot | None = None,
        accepts: Accepts | None = None,
        time_limit: float = DEFAULT_TIME_LIMIT,
        on_incident: Callable[[Incident], None] | None = None,
        threaded: bool = True,
    ) -> None:
        if fallback is None:
            if rng is None:
                raise TypeError("a guarded bot needs a random source or a fallback")
            fallback = make_bot("easy", rng, game)
        self.bot = bot
        self.name = bot_name(bot)
        self.fallback = fallback
        self.accepts = accepts if accepts is not None else kits.part(game, "bots", BotsPart).accepts
        self.time_limit = time_limit
        self.on_incident = on_incident
        self.threaded = threaded
        self.retired = False  # its thread could not be stopped: the fallback plays on
        self.incidents: list[Incident] = []

    def choose(self, view: Any) -> Action:
        return guarded_choice(self, view, self.accepts)

    def _replace(self, view: Any, reason: Reason, detail: str) -> Action:
        return replaced(self, view, reason, detail)


class Guarded101(GuardedBot):
    """Okey 101's guard as ``okey.bots.guard101`` first gave it (``bot, fallback, accepts``;
    that name still imports this module): a :class:`GuardedBot` of game ``"101"``."""

    def __init__(
        self,
        bot: AnyBot,
        fallback: AnyBot,
        accepts: Accepts,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        on_incident: Callable[[Incident], None] | None = None,
        threaded: bool = True,
    ) -> None:
        super().__init__(
            bot,
            game="101",
            fallback=fallback,
            accepts=accepts,
            time_limit=time_limit,
            on_incident=on_incident,
            threaded=threaded,
        )


def bot_name(bot: object) -> str:
    """A plug-in's name (its class's when asking for it fails in any way)."""
    try:
        with bots_own_code():
            return str(getattr(bot, "name", type(bot).__name__))
    except BotFailure:
        return type(bot).__name__


class Guard(Protocol):
    """What :func:`guarded_choice` and :func:`replaced` ask of a guard."""

    bot: Any  # the plug-in: its choose(view) may do anything
    name: str
    time_limit: float
    threaded: bool
    retired: bool
    fallback: Any  # a bot of the view's game
    on_incident: Callable[[Incident], None] | None
    incidents: list[Incident]

    def _replace(self, view: Any, reason: Reason, detail: str) -> Action: ...


def replaced(guard: Guard, view: Any, reason: Reason, detail: str) -> Action:
    """The fallback's move instead of the plug-in's, the incident kept and told."""
    incident = Incident(view.seat, guard.name, reason, detail, view.round_number)
    guard.incidents.append(incident)
    if guard.on_incident is not None:
        guard.on_incident(incident)
    action: Action = guard.fallback.choose(view)
    return action


def guarded_choice(guard: Guard, view: Any, accepts: Accepts) -> Action:
    """A guard's move (:class:`GuardedBot`):
    the plug-in's in time, raising nothing and ``accepts``-ed, else the guard's
    ``_replace`` (its fallback's move, the incident kept). The plug-in's code, the check of
    what it returned among it (an object of its own may compare or print itself in any
    way), runs under the time limit, and whatever it raises is its failure; a plug-in whose
    thread could not be stopped is retired: the fallback plays its seat from then on."""
    if guard.retired:
        action: Action = guard.fallback.choose(view)
        return action

    def attempt() -> tuple[Action, str | None]:
        chosen: Action = guard.bot.choose(view)
        return chosen, None if accepts(view, chosen) else repr(chosen)

    started = time.perf_counter()
    try:
        action, refused = ask_in_time(attempt, guard.time_limit, guard.name, guard.threaded)
    except TooSlow as slow:
        waited = f"{time.perf_counter() - started:.2f}"
        if slow.stopped:
            return guard._replace(view, "too_slow", waited)
        guard.retired = True
        return guard._replace(view, "stuck", waited)
    except BotFailure as failure:  # a plug-in may fail in any way: that is the point
        return guard._replace(view, "raised", str(failure))
    elapsed = time.perf_counter() - started
    if elapsed > guard.time_limit:
        return guard._replace(view, "too_slow", f"{elapsed:.2f}")
    if refused is not None:
        return guard._replace(view, "illegal", refused)
    return action


class TooSlow(Exception):
    """The bot was still thinking when its time ran out; ``stopped`` when its thread
    then ended (a bot's thread that never ends runs on in the background)."""

    def __init__(self, stopped: bool) -> None:
        super().__init__()
        self.stopped = stopped


class _Stop(BaseException):
    """Raised inside a bot's thread whose time ran out, to end it."""


STOP_GRACE: Final = 0.5
"""Seconds at most that a bot's thread is given to end once told to stop."""


def ask_in_time(call: Callable[[], T], time_limit: float, name: str, threaded: bool = True) -> T:
    """``call()``, a bot's code, waited for at most ``time_limit`` seconds in a thread of
    its own; what it raises, of any kind, is raised here as :class:`BotFailure` (a real
    Ctrl+C reaches the main thread only, so it still interrupts the wait). A thread still
    running at the limit is told to stop (an exception raised inside it, CPython's
    ``PyThreadState_SetAsyncExc``: it ends at its next Python instruction, not inside a
    long call into C) and :class:`TooSlow` says whether it ended. Unthreaded, it is simply
    called (the caller then times it)."""
    if not threaded:
        with bots_own_code():
            return call()
    box: dict[str, Any] = {}
    lock = threading.Lock()
    # The bot starts once start() has returned here: a Ctrl+C it causes at once would
    # otherwise land inside threading's own start-up wait, which then fails with
    # "release unlocked lock" instead of the KeyboardInterrupt (seen on CI's 3.13).
    started = threading.Event()

    def run() -> None:
        started.wait()
        try:
            try:
                value = call()
            except BaseException as exc:  # the bot's failure, given to the caller
                with lock:
                    box["error"] = exc
                return
            with lock:
                box["value"] = value
        except _Stop:  # told to stop once it was too late: its answer is not waited for
            pass

    worker = threading.Thread(target=run, name=f"bot-{name}", daemon=True)
    worker.start()
    started.set()
    deadline = time.monotonic() + time_limit
    while worker.is_alive() and (left := deadline - time.monotonic()) > 0:
        worker.join(min(left, 0.1))  # in slices: a Ctrl+C the bot's thread received is seen
    if worker.is_alive():
        raise TooSlow(_stopped(worker, lock, box, STOP_GRACE))
    if "error" in box:
        raise BotFailure(box["error"])
    value: T = box["value"]
    return value


def _stopped(
    worker: threading.Thread, lock: threading.Lock, box: dict[str, Any], grace: float
) -> bool:
    """Whether a bot's thread that ran out of time ended once told to stop."""
    raise_in = getattr(getattr(ctypes, "pythonapi", None), "PyThreadState_SetAsyncExc", None)
    with lock:  # not once it has answered: the exception would land outside the bot's code
        if raise_in is not None and worker.ident is not None and not box:
            raise_in(ctypes.c_ulong(worker.ident), ctypes.py_object(_Stop))
    worker.join(grace)
    return not worker.is_alive()


def _child_refused(name: str, game: str) -> PluginError | None:
    """Why process seat ``name`` cannot play game ``game``, or None when it can."""
    refusal = kits.part(game, "bots", BotsPart).no_child
    if refusal is None:
        return None
    return PluginError(refusal, spec=name.removeprefix(PROCESS_PREFIX))


def check_seat_name(
    name: str, levels: Mapping[str, AnyBotFactory], game: str = kits.DEFAULT_GAME
) -> PluginError | None:
    """Why ``name`` cannot be seated at game ``game`` (worded when shown), or None when it
    can (a ``process:`` seat is checked for its form here, and loaded when it is seated)."""
    if name in levels:
        return None
    if is_process_name(name):
        refused = _child_refused(name, game)
        if refused is not None:
            return refused
        try:
            split_spec(name.removeprefix(PROCESS_PREFIX))
        except PluginError as exc:
            return exc
        return None
    if not is_plugin_name(name):
        known = ", ".join(sorted(levels))
        return PluginError("unknown_file", name=name, known=known)
    try:
        load_factory(name)
    except PluginError as exc:
        return exc
    return None


def seat_bot(
    name: str,
    rng: random.Random,
    levels: Mapping[str, AnyBotFactory],
    *,
    game: str = kits.DEFAULT_GAME,
    accepts: Accepts | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    on_incident: Callable[[Incident], None] | None = None,
) -> AnyBot:
    """The bot for a seat name at game ``game``: a level as is, a ``module:callable``
    guarded (:class:`GuardedBot`, ``accepts`` its check), a ``process:SPEC`` in a child
    process (PluginError when it cannot start)."""
    if name in levels:
        return levels[name](rng)
    if is_process_name(name):
        refused = _child_refused(name, game)
        if refused is not None:
            raise refused
        return ProcessBot(name, rng, time_limit=time_limit, on_incident=on_incident)
    if not is_plugin_name(name):
        problem = check_seat_name(name, levels, game)
        assert problem is not None
        raise problem
    factory = load_factory(name)
    fallback_rng = random.Random(rng.getrandbits(64))
    try:
        with bots_own_code():  # a plug-in may fail in any way
            bot = factory(rng)
    except BotFailure as failure:
        raise PluginError("make", spec=name, reason=failure) from None
    return GuardedBot(
        bot,
        fallback_rng,
        game=game,
        accepts=accepts,
        time_limit=time_limit,
        on_incident=on_incident,
    )
