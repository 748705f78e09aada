"""scoring/ is pure standard library: importing it loads neither flet nor sqlmodel."""

import subprocess
import sys


def test_importing_scoring_loads_no_ui_or_database_library():
    code = ("import sys, scoring\n"
            "from scoring import all_games\n"
            "all_games()\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('flet', 'sqlmodel', 'sqlalchemy', 'db', 'app'))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_scoring_imports_only_the_standard_library():
    code = ("import sys, scoring\nfrom scoring import all_games\nall_games()\n"
            "std = set(sys.stdlib_module_names)\n"
            "print(','.join(sorted({m.split('.')[0] for m in sys.modules} - std - {'scoring', '__main__'})))")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__('pathlib').Path(__file__).resolve().parent.parent))
    assert out.stdout.strip() == ""
