"""The code Python writes and compiles at every start, compiled once per machine instead.

For each dataclass, ``dataclasses`` writes the source of its ``__init__``, ``__repr__``, ``__eq__``… and
compiles it when the class is made; ``typing`` compiles each annotation written as text the first time a
class's type hints are read.  Flet's controls and theme, SQLModel's tables and the rest of the server's
imports are some 1 100 such methods and 430 such texts: compiling them was 95 ms of the start-up's 420 ms of
imports (11-29, this machine), run while the browser loads the web client on the same cores.  :func:`install`
has both modules take each source's code from a file of code objects compiled by an earlier start
(``marshal``, as Python's own bytecode caches): reading it costs a fifth of compiling.  A source not in the
file is compiled exactly as the module would have (``dont_inherit``: no ``__future__`` flag of this one), and
:func:`save` writes the file again once a start met sources it did not hold: the file holds what the last
such start compiled, so it never grows with the versions one installs.

The file is named by Python's bytecode version and each code object keyed by a digest of its source: an
upgraded Compagnon, Flet or Python compiles what changed.  A file that cannot be read (absent, cut short,
another format) is a file with nothing in it; one that cannot be written leaves the next start compiling, as
before.  The file lives in the user's cache folder (:func:`cache_dir`): deleting it loses nothing.  As Python
runs the code it holds, a file that is not the user's own, or that others may write, is not read.

>>> import dataclasses, tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> install(folder)
>>> @dataclasses.dataclass
... class Point:
...     x: int = 0
>>> Point(2), Point(2) == Point(2), save()
(Point(x=2), True, True)
>>> uninstall(); install(folder)
>>> @dataclasses.dataclass
... class Point:
...     x: int = 0
>>> Point(3), compiled(), save()
(Point(x=3), 0, False)
>>> uninstall()
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.util
import logging
import marshal
import os
import sys
import threading
import types
import typing
from pathlib import Path
from typing import Any

log = logging.getLogger("compagnon")


def cache_dir() -> Path:
    """The platform's user cache folder for Compagnon (nothing in it is ever needed: it only saves time)."""
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "Compagnon" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "Compagnon"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "compagnon"


class _State:
    def __init__(self, path: Path, held: dict[bytes, types.CodeType]) -> None:
        self.path = path
        self.held = held
        self.used: dict[bytes, types.CodeType] = {}
        self.compiled = 0
        self.lock = threading.Lock()


_state: _State | None = None


def _own(file: Any) -> bool:
    """Whether an open file is the user's own and no one else's to write (POSIX; elsewhere the user's folder
    is): Python runs the code it holds, as it runs its own bytecode caches'."""
    if os.name != "posix":
        return True
    status = os.fstat(file.fileno())
    return status.st_uid == os.getuid() and not status.st_mode & 0o022


def _read(path: Path) -> dict[bytes, types.CodeType]:
    try:
        with open(path, "rb") as file:
            if not _own(file):
                log.warning("%s is not this user's own file: its code is not run", path)
                return {}
            held = marshal.load(file)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(held, dict):
        return {}
    return {k: v for k, v in held.items() if isinstance(k, bytes) and isinstance(v, types.CodeType)}


def _code(source: str, mode: str) -> types.CodeType:
    """``compile(source, "<string>", mode)``, from the file when it holds it."""
    state = _state
    if state is None:
        return compile(source, "<string>", mode, dont_inherit=True)
    key = hashlib.blake2b(f"{mode}\0{source}".encode("utf-8", "surrogatepass"), digest_size=16).digest()
    code = state.used.get(key) or state.held.get(key)
    if code is None:
        code = compile(source, "<string>", mode, dont_inherit=True)  # a SyntaxError is Python's, as before
        with state.lock:
            state.compiled += 1
    state.used[key] = code
    return code


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:
    """``exec`` as ``dataclasses`` calls it (a method's source, the class's globals, a namespace)."""
    exec(_code(source, "exec") if isinstance(source, str) else source, globals, locals)  # noqa: S102


def _compile(source: Any, filename: Any, mode: str, flags: int = 0, dont_inherit: bool = False,
             optimize: int = -1) -> Any:
    """``compile`` as ``typing`` calls it (a forward reference's text, ``"<string>"``, ``"eval"``)."""
    if isinstance(source, str) and filename == "<string>" and mode == "eval" and not flags and optimize == -1:
        return _code(source, mode)
    return compile(source, filename, mode, flags, dont_inherit, optimize)


def compiled() -> int:
    """How many sources were compiled since the file was last read or written (none held them)."""
    return _state.compiled if _state is not None else 0


def cache_file(folder: Path | None = None) -> Path:
    """The file in ``folder`` (the cache folder) for this Python's bytecode."""
    folder = cache_dir() if folder is None else folder
    return folder / f"compiled-{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}.marshal"


def install(folder: Path | None = None) -> None:
    """Have ``dataclasses`` and ``typing`` take their sources' code from the file in ``folder`` (the cache
    folder), and keep what they compile for :func:`save`."""
    global _state
    path = cache_file(folder)
    _state = _State(path, _read(path))
    # each module's own name for the builtin, shadowed (the one call each makes)
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    typing.compile = _compile  # type: ignore[attr-defined]


def uninstall() -> None:
    """``dataclasses`` and ``typing`` compile every source as Python does (their builtins again)."""
    global _state
    _state = None
    for module, name in ((dataclasses, "exec"), (typing, "compile")):
        if name in vars(module):
            delattr(module, name)


def save() -> bool:
    """Write the file again if this start compiled a source it did not hold; whether it was written."""
    state = _state
    if state is None or not state.compiled:
        return False
    with state.lock:
        used, state.compiled = dict(state.used), 0
    temporary = state.path.with_name(f"{state.path.name}.{os.getpid()}.tmp")
    try:
        state.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()  # left by a killed start of the same process number
        # made the user's own at once, and never through a link someone else left there
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with open(fd, "wb") as file:
            marshal.dump(used, file)
        os.replace(temporary, state.path)
    except OSError as e:
        log.info("the start's compiled code could not be kept (%s): the next start compiles it again", e)
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return False
    state.held = used
    return True
