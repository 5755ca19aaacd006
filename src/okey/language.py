"""Which language okey speaks: ``--language``, else the setting, else
``$OKEY_LANGUAGE``, else the system's locale, else English."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import NamedTuple

from okey.messages import DEFAULT_LANGUAGE, LANGUAGES, UnknownLanguageError

LANGUAGE_VAR = "OKEY_LANGUAGE"
# The variables the C library reads for the language of messages, strongest first;
# GNU's LANGUAGE, a list like "tr:en", counts unless the locale is C.
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")
LANGUAGE_LIST_VAR = "LANGUAGE"
_NO_LANGUAGE = frozenset({"C", "POSIX"})


class Source(StrEnum):
    """Where the language was taken from."""

    OPTION = "option"
    SETTING = "setting"
    ENVIRONMENT = "environment"
    SYSTEM = "system"
    DEFAULT = "default"


class LanguageChoice(NamedTuple):
    """The language chosen, and where from. A named tuple, not a dataclass: every command
    chooses its language, okey --help too, which imports no dataclasses (issue 29)."""

    code: str
    source: Source
    # $OKEY_LANGUAGE's value when it names no known language (passed over; worth a word)
    rejected: str | None = None


def process_locale() -> str | None:
    """The locale this process runs in: on Windows, where the variables are seldom set,
    the user's own ("Turkish_Türkiye"), which Python sets up at start."""
    import locale  # here: okey --help need not load it

    try:
        return locale.getlocale()[0]
    except ValueError:  # a locale name Python cannot parse
        return None


def language_of(name: str | None, known: tuple[str, ...] = LANGUAGES) -> str | None:
    """The known language a locale name stands for: "tr_TR.UTF-8", "tr-TR", "tr" and
    Windows' "Turkish_Türkiye" are "tr"; "C", "de_DE" and "" are None."""
    if not name:
        return None
    base = name.split(".", 1)[0].split("@", 1)[0]
    if base in _NO_LANGUAGE:
        return None
    head = re.split(r"[_-]", base, maxsplit=1)[0].lower()
    if head in known:
        return head
    # A language's English name, as Windows gives it: "turkish" is tr_TR.ISO8859-9.
    import locale

    normalized = locale.normalize(head)
    code = re.split(r"[_.@]", normalized, maxsplit=1)[0].lower()
    return code if normalized != head and code in known else None


def system_language(
    environ: Mapping[str, str],
    known: tuple[str, ...] = LANGUAGES,
    locale_of_process: Callable[[], str | None] = process_locale,
) -> str | None:
    """The known language the system's locale asks for, or None: the first of LC_ALL,
    LC_MESSAGES and LANG that is set (else the process's locale), with GNU's LANGUAGE
    list before it unless that locale is C (as GNU gettext does)."""
    name = next((environ[var] for var in LOCALE_VARS if environ.get(var)), None)
    if name is None:
        name = locale_of_process()
    if not name or name.split(".", 1)[0] in _NO_LANGUAGE:
        return None  # the C locale: no language asked for
    for entry in environ.get(LANGUAGE_LIST_VAR, "").split(":"):
        code = language_of(entry, known)
        if code is not None:
            return code
    return language_of(name, known)


def choose_language(
    option: str | None,
    setting: object,
    environ: Mapping[str, str],
    *,
    known: tuple[str, ...] = LANGUAGES,
    locale_of_process: Callable[[], str | None] = process_locale,
) -> LanguageChoice:
    """The language to speak: the option (which must be known), else the setting, else
    $OKEY_LANGUAGE, else the system's locale, else English. A value that names no known
    language is passed over ($OKEY_LANGUAGE's is kept in ``rejected``, to be told)."""
    if option is not None:
        if option not in known:
            raise UnknownLanguageError(option, known)
        return LanguageChoice(option, Source.OPTION)
    if isinstance(setting, str) and setting in known:
        return LanguageChoice(setting, Source.SETTING)
    from_env = environ.get(LANGUAGE_VAR, "").strip()
    if from_env in known:
        return LanguageChoice(from_env, Source.ENVIRONMENT)
    rejected = from_env or None
    system = system_language(environ, known, locale_of_process)
    if system is not None:
        return LanguageChoice(system, Source.SYSTEM, rejected)
    return LanguageChoice(DEFAULT_LANGUAGE, Source.DEFAULT, rejected)
