"""The start's compiled code kept from one start to the next (app/codecache.py): a class made with it behaves
exactly as one made without, a second start compiles nothing, a damaged or unwritable file costs only time, and
the server writes the file once it has readied its first page."""

import dataclasses
import inspect
import logging
import marshal
import os
import subprocess
import sys
import time
import typing
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import codecache
from tests.browser.conftest import free_port
from tests.test_desktop import lines_of, wait_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cached(tmp_path):
    codecache.install(tmp_path)
    yield tmp_path
    codecache.uninstall()


def _file(folder: Path) -> Path:
    (path,) = folder.glob("compiled-*.marshal")
    assert path == codecache.cache_file(folder)
    return path


def _shape(make):
    """What a dataclass does, by its behaviour: its constructor's signature and annotations, its text, its
    comparisons and hashing, whether it can be changed."""
    cls = make()
    a, b = cls(*range(len(dataclasses.fields(cls)))), cls(*range(1, len(dataclasses.fields(cls)) + 1))
    shape: dict[str, object] = {"signature": str(inspect.signature(cls.__init__)),
                                "annotations": dict(cls.__init__.__annotations__), "repr": repr(a), "eq": a == b,
                                "self": a == cls(*range(len(dataclasses.fields(cls))))}
    try:
        shape["lt"] = a < b
    except TypeError as e:
        shape["lt"] = str(e)
    try:
        shape["hash"] = hash(a) == hash(cls(*range(len(dataclasses.fields(cls)))))
    except TypeError as e:
        shape["hash"] = str(e)
    try:
        if dataclasses.fields(cls):
            setattr(a, dataclasses.fields(cls)[0].name, 9)
        shape["set"] = repr(a)
    except dataclasses.FrozenInstanceError as e:
        shape["set"] = f"frozen: {e}"
    return shape


names = st.lists(st.sampled_from(["x", "y", "name", "size", "kind", "v2"]), max_size=4, unique=True)
options = st.fixed_dictionaries({"frozen": st.booleans(), "order": st.booleans(), "eq": st.just(True),
                                 "unsafe_hash": st.booleans(), "slots": st.booleans(), "kw_only": st.just(False)})


@given(fields=names, flags=options, types=st.lists(st.sampled_from([int, str, "float", int | None]),
                                                    min_size=4, max_size=4))
def test_a_class_made_from_the_file_behaves_as_one_compiled_on_the_spot(tmp_path_factory, fields, flags, types):
    folder = tmp_path_factory.mktemp("cache")

    def make():
        spec = [(name, types[i], dataclasses.field(default=i)) if i % 2 else (name, types[i])
                for i, name in enumerate(fields)]
        spec.sort(key=lambda f: len(f) == 3)  # the fields with a default after those without
        return dataclasses.make_dataclass("Made", spec, **flags)

    plain = _shape(make)
    codecache.install(folder)
    try:
        compiled = _shape(make)  # compiled on the spot, kept
        assert codecache.save()
        codecache.uninstall()
        codecache.install(folder)
        from_file = _shape(make)
        assert codecache.compiled() == 0
    finally:
        codecache.uninstall()
    assert plain == compiled == from_file


def test_the_generated_methods_take_no_future_flag_of_the_cache_s_own_module(cached):
    """``app/codecache.py`` is compiled with ``from __future__ import annotations``: a source compiled there as
    ``exec`` would have made every ``__init__``'s annotations text."""

    @dataclasses.dataclass
    class Point:
        x: int = 0

    assert Point.__init__.__annotations__ == {"x": int, "return": None}
    codecache.save()
    codecache.uninstall()
    codecache.install(cached)

    @dataclasses.dataclass
    class Again:
        x: int = 0

    assert Again.__init__.__annotations__ == {"x": int, "return": None}
    assert codecache.compiled() == 0


def _seat() -> type:
    @dataclasses.dataclass(frozen=True)
    class Seat:
        name: str
        money: int = 0

    return Seat


def test_a_second_start_compiles_nothing_and_writes_nothing(cached):
    _seat()
    assert codecache.compiled() > 0 and codecache.save()
    written = _file(cached).stat()
    assert written.st_mode & 0o777 == 0o600  # the user's own: Python runs what it holds
    codecache.uninstall()
    codecache.install(cached)
    seat = _seat()  # the same class, made again as at the next start
    assert seat("Sam", 3) == seat("Sam", 3) and repr(seat("Sam")).endswith("Seat(name='Sam', money=0)")
    assert codecache.compiled() == 0
    assert codecache.save() is False
    assert _file(cached).stat().st_ino == written.st_ino


def test_the_file_is_named_for_this_python_s_bytecode(cached):
    @dataclasses.dataclass
    class P:
        x: int = 0

    codecache.save()
    assert _file(cached).name.startswith(f"compiled-{sys.implementation.cache_tag}-")


@pytest.mark.parametrize("content", [b"", b"\x00garbage", marshal.dumps([1, 2]), marshal.dumps({"k": 1}),
                                     marshal.dumps({b"k": "not code"})[:-1], marshal.dumps({b"k": b"not code"})],
                         ids=["empty", "garbage", "a list", "text keys", "cut short", "no code"])
def test_a_damaged_file_is_a_file_with_nothing_in_it(tmp_path, content):
    path = codecache.cache_file(tmp_path)
    path.write_bytes(content)
    codecache.install(tmp_path)
    try:
        @dataclasses.dataclass
        class P:
            x: int = 0

        assert P(2) == P(2) and codecache.compiled() > 0
        assert codecache.save()
        assert all(isinstance(code, type(P.__init__.__code__)) for code in marshal.loads(path.read_bytes()).values())
    finally:
        codecache.uninstall()


def test_a_folder_that_cannot_be_written_costs_only_time(tmp_path, caplog):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    codecache.install(blocked / "compagnon")
    try:
        @dataclasses.dataclass
        class P:
            x: int = 0

        with caplog.at_level(logging.INFO, logger="compagnon"):
            assert codecache.save() is False
        assert P(1) == P(1)
    finally:
        codecache.uninstall()
    (record,) = [r for r in caplog.records if "could not be kept" in r.getMessage()]
    assert record.exc_info is None and "Traceback" not in caplog.text
    assert list(tmp_path.iterdir()) == [blocked]  # no temporary file left behind


def test_forward_references_resolve_as_before_and_a_bad_one_is_refused_as_before(cached):
    class Box:
        item: "dict[str, list[int]]"
        other: "Box | None"

    assert typing.get_type_hints(Box, globals(), {"Box": Box}) == {"item": dict[str, list[int]],
                                                                    "other": Box | None}
    with pytest.raises(SyntaxError) as cached_error:
        typing.ForwardRef("1 +")
    codecache.uninstall()
    with pytest.raises(SyntaxError) as plain_error:
        typing.ForwardRef("1 +")
    codecache.install(cached)
    assert str(cached_error.value) == str(plain_error.value)


def test_uninstalled_python_compiles_as_it_always_does(tmp_path):
    codecache.install(tmp_path)
    codecache.uninstall()
    assert "exec" not in vars(dataclasses) and "compile" not in vars(typing)


def _start(tmp_path: Path, cache: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path / "data"), "XDG_CACHE_HOME": str(cache)}
    return subprocess.Popen([sys.executable, "-m", "app.main", "--no-browser", "--port", str(free_port())],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_the_server_keeps_its_compiled_code_for_its_next_start(tmp_path):
    cache = tmp_path / "cache"
    server = _start(tmp_path, cache)
    try:
        deadline = time.monotonic() + 60
        while not list((cache / "compagnon").glob("compiled-*.marshal")) and time.monotonic() < deadline:
            time.sleep(0.1)
        path = _file(cache / "compagnon")
        assert len(marshal.loads(path.read_bytes())) > 500  # Flet's controls, SQLModel's tables...
    finally:
        server.kill()
        server.wait()
    written = path.stat().st_ino
    again = _start(tmp_path, cache)
    try:
        # the first page's imports and the database: the file read, nothing compiled
        wait_for(lines_of(again), "/host/", 60.0, [])
        time.sleep(2.0)
        assert path.stat().st_ino == written
    finally:
        again.kill()
        again.wait()


@pytest.mark.skipif(os.name != "posix", reason="file modes and owners are POSIX's")
def test_a_file_others_may_write_is_not_run(tmp_path, caplog):
    codecache.install(tmp_path)
    try:
        _seat()
        codecache.save()
    finally:
        codecache.uninstall()
    path = codecache.cache_file(tmp_path)
    path.chmod(0o666)
    codecache.install(tmp_path)
    try:
        with caplog.at_level(logging.WARNING, logger="compagnon"):
            _seat()
        assert codecache.compiled() > 0  # compiled on the spot, the file's code left alone
        assert "is not this user's own file" in caplog.text
        assert codecache.save() and path.stat().st_mode & 0o777 == 0o600  # written again, the user's own
    finally:
        codecache.uninstall()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links as POSIX has them")
def test_a_link_left_at_the_temporary_file_s_place_is_not_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not the cache's")
    folder = tmp_path / "cache"
    folder.mkdir()
    path = codecache.cache_file(folder)
    path.with_name(f"{path.name}.{os.getpid()}.tmp").symlink_to(elsewhere)
    codecache.install(folder)
    try:
        _seat()
        assert codecache.save()
    finally:
        codecache.uninstall()
    assert elsewhere.read_text() == "not the cache's"
    assert not path.is_symlink() and marshal.loads(path.read_bytes())
    assert [p.name for p in folder.iterdir()] == [path.name]
