"""``python -m scoring score GAME [FILE]``: print a score sheet as JSON.

Reads the JSON document from FILE, or standard input when no file is given.
Invalid input exits with status 2 and one line on standard error.
"""

from __future__ import annotations

import json
import sys

from scoring import RulesError, find_game

USAGE = "usage: python -m scoring score GAME [FILE]"


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] != "score":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        game = find_game(argv[1])
        if len(argv) == 3:
            with open(argv[2], encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = sys.stdin.read()
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            print(f"input: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})",
                  file=sys.stderr)
            return 2
        sheet = game.score_input(doc)
    except RulesError as exc:
        print(str(exc).splitlines()[0], file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{argv[2]}: cannot read ({exc.strerror})", file=sys.stderr)
        return 2
    json.dump(sheet.to_json(), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
