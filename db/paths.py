"""Where the default SQLite database lives, and whether it can be used there: the standard library only, so that
the server checks its data folder before it says where it runs without importing SQLAlchemy first (the start-up
opens the database beside the browser's loading, :mod:`app.main`).

>>> data_dir({"COMPAGNON_DATA_DIR": "/srv/club"})
PosixPath('/srv/club')
>>> data_dir({"XDG_DATA_HOME": "/home/ana/.data"}, system="Linux")
PosixPath('/home/ana/.data/compagnon')
>>> unusable(Path("/proc/compagnon"))[1]  # /proc takes no new folder
'the data folder /proc/compagnon cannot be created (No such file or directory)'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: the database's file in the data folder
FILE = "compagnon.db"


def data_dir(env: Mapping[str, str] = os.environ, system: str = "") -> Path:
    """``COMPAGNON_DATA_DIR``, else the platform's user data folder."""
    if env.get("COMPAGNON_DATA_DIR"):
        return Path(env["COMPAGNON_DATA_DIR"])
    if os.name == "nt":
        return Path(env.get("APPDATA", Path.home())) / "Compagnon"
    if (system or os.uname().sysname) == "Darwin":
        return Path.home() / "Library" / "Application Support" / "Compagnon"
    return Path(env.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "compagnon"


def unusable(folder: Path) -> tuple[str, str, str] | None:
    """Why the database cannot be kept in ``folder`` (in French, English and Italian), after making the folder
    if it is missing; None when it can: a folder that cannot be made, one this user cannot write in (SQLite
    writes its journal beside the file), a database file that cannot be opened for writing."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        why = e.strerror or e
        return (f"le dossier des données {folder} ne peut pas être créé ({why})",
                f"the data folder {folder} cannot be created ({why})",
                f"la cartella dei dati {folder} non può essere creata ({why})")
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"le dossier des données {folder} n'est pas accessible en écriture",
                f"the data folder {folder} is not writable", f"la cartella dei dati {folder} non è scrivibile")
    file = folder / FILE
    try:
        if file.exists() or file.is_symlink():
            with open(file, "r+b"):
                pass
    except OSError as e:
        why = e.strerror or e
        return (f"le fichier {file} ne peut pas être ouvert en écriture ({why})",
                f"the file {file} cannot be opened for writing ({why})",
                f"il file {file} non può essere aperto in scrittura ({why})")
    return None
