"""Small rules of French the games' labels need: ``de`` elides before a vowel or a mute h.

A name is put in a French sentence through :func:`de` rather than glued to a written "de", so that the
table reads "Ordre secret d'Ange" and "Base d'Hugo", never "de Ange".

>>> de("Ange"), de("Léa"), de("Hugo"), de("Émile"), de("Yves"), de("Yann"), de("Œdipe"), de("")
("d'Ange", 'de Léa', "d'Hugo", "d'Émile", "d'Yves", 'de Yann', "d'Œdipe", 'de ')
>>> elides("ours"), elides("table"), elides("1er"), elides("'x")
(True, False, False, False)
"""

from __future__ import annotations

#: the vowels French elides before, accented or not (and the œ and æ ligatures)
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿœæ")


def elides(word: str) -> bool:
    """Whether French elides "de", "le", "que" before ``word``.

    Before an h it does (names: "d'Hugo", "d'Hélène"; the aspirated h of a few nouns never starts a
    player's name); before a y only when a consonant follows ("d'Yves", but "de Yann")."""
    head = word[:2].lower()
    if not head:
        return False
    if head[0] == "y":
        return len(head) > 1 and head[1] not in VOWELS
    return head[0] in VOWELS or head[0] == "h"


def de(word: str) -> str:
    """French "de" before ``word``, elided when it should be."""
    return f"d'{word}" if elides(word) else f"de {word}"
