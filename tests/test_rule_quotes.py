"""Every « quotation » in a game's tests is really in that game's rulebook.

The tests quote the rulebooks (../shared/rules/) for each rule they check; this keeps
the quotations honest. Quotes may be shortened with "…" or "/" between fragments.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"
BOOKS = {
    "apaches": ["apaches.fr.txt", "apaches.en.txt"],
    "robby_solo": ["robby-solo.fr.txt"],
    "traction_avant": ["gang-des-traction-avant.fr-it.txt"],
    "apprentis": ["les-apprentis.fr.txt"],
}


def norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = (text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
            .replace("«", '"').replace("»", '"').replace("–", "-").replace("—", "-"))
    text = re.sub(r"(?m)^\s*[-•]\s+", " ", text)  # list bullets
    text = re.sub(r"[*_#>`]", "", text)  # markdown emphasis and quote marks in the rulebook files
    text = re.sub(r"\^\{?(\w+)\}?", r"\1", text)  # 1^{er} -> 1er
    text = re.sub(r"<sup>(\w+)</sup>", r"\1", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def quotes(source: str) -> list[str]:
    found = re.findall(r"«\s*(.+?)\s*»", source, flags=re.S)
    out = []
    for q in found:
        q = re.sub(r'"""|\'\'\'|"\s*\n\s*"', " ", q)  # a quote continued on the next source line
        q = re.sub(r"\s+", " ", q)
        # Fragments: elided with "…", or items of the rulebook's lists joined with "/", ":" or ",".
        for part in re.split(r"…|\.\.\.| ?/ |\[[^\]]*\]| : |, ", q):
            part = part.strip(" ,;:.()\"'")
            if len(part) >= 12:
                out.append(part)
    return out


CASES = [(game, path) for game in BOOKS for path in sorted((ROOT / "tests").glob(f"test_{game}*.py"))]


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks (../shared/rules) are not beside this checkout")
@pytest.mark.parametrize(("game", "path"), CASES, ids=[p.name for _, p in CASES])
def test_quotations_are_in_the_rulebook(game: str, path: Path):
    book = norm(" ".join((RULES / name).read_text(encoding="utf-8") for name in BOOKS[game]))
    found = quotes(path.read_text(encoding="utf-8"))
    assert found, f"{path.name} quotes nothing from the rulebook"
    missing = [q for q in found if norm(q) not in book]
    assert not missing, f"{path.name}: not in the rulebook: {missing[:5]}"
