"""Rule errors: narrow ``ValueError`` subclasses whose message quotes the bad value in both languages.

An error carries a :class:`~scoring.core.tr.Tr`; ``str(error)`` is the English text (logs, the
command line's default), ``error.text.get(lang)`` the table's language.

>>> e = IllegalEvent(Tr("mise : au plus 7, reçu 8", "bet: must be at most 7, got 8"))
>>> str(e), e.get("fr")
('bet: must be at most 7, got 8', 'mise : au plus 7, reçu 8')
>>> str(InvalidScoreInput("players[0].wallet", Tr("doit être un nombre entier, reçu “x”",
...                                                 "must be a whole number, got “x”")))
'players[0].wallet: must be a whole number, got “x”'
"""

from __future__ import annotations

from scoring.core.tr import Tr


class RulesError(ValueError):
    """Base class of every rule violation; the message quotes the bad value.

    A plain string is accepted for texts that read the same in both languages; every refusal a
    player can meet passes a :class:`Tr`.
    """

    def __init__(self, message: Tr | str) -> None:
        self.text = message if isinstance(message, Tr) else Tr(message, message, it=message)
        super().__init__(self.text.en)

    def get(self, lang: str) -> str:
        return self.text.get(lang)


class UnknownGame(RulesError):
    pass


class InvalidOptions(RulesError):
    """Set-up options that the rules do not allow.  One option's refusal (:meth:`about`) says which
    (``option``, its key) and what is wrong with it (``problem``): the message names the option by its key, a
    form by its label."""

    option: str | None = None
    problem: Tr | None = None

    @classmethod
    def about(cls, option: str, problem: Tr) -> InvalidOptions:
        """The option ``option`` refused: "option : problem".

        >>> e = InvalidOptions.about("players", Tr("0 est en dessous de 1", "0 is below 1"))
        >>> str(e), e.get("fr"), e.option, e.problem.en
        ('players: 0 is below 1', 'players : 0 est en dessous de 1', 'players', '0 is below 1')
        """
        refused = cls(keyed(option, problem))
        refused.option, refused.problem = option, problem
        return refused


class IllegalEvent(RulesError):
    """An event that cannot be applied to the current state.  One field's refusal (:meth:`about`) says which
    (``field``, its key path: ``bank``, ``points[0]``, ``painting[1][2]``) and what is wrong with its value
    (``problem``): the message names the field by its key, a form by its label."""

    field: str | None = None
    problem: Tr | None = None

    @classmethod
    def about(cls, field: str, problem: Tr, named: str | None = None) -> IllegalEvent:
        """The field ``field`` refused: "field : problem" (``named``: what the message calls it instead).

        >>> e = IllegalEvent.about("points[2]", Tr("au plus 9, reçu 12", "must be at most 9, got 12"))
        >>> str(e), e.get("fr"), e.field, e.problem.en  # doctest: +NORMALIZE_WHITESPACE
        ('points[2]: must be at most 9, got 12', 'points[2] : au plus 9, reçu 12', 'points[2]',
         'must be at most 9, got 12')
        >>> str(IllegalEvent.about("bank1", Tr("vide", "empty"), named="bank1 (Sam)"))
        'bank1 (Sam): empty'
        """
        refused = cls(keyed(named or field, problem))
        refused.field, refused.problem = field, problem
        return refused


class InvalidScoreInput(RulesError):
    """A score-sheet input document with a bad field: ``where`` names it (``players[0].wallet``), ``reason`` says
    what is wrong with it in each language (``problem``: in English)."""

    def __init__(self, where: str, problem: Tr | str) -> None:
        text = problem if isinstance(problem, Tr) else Tr(problem, problem, it=problem)
        super().__init__(keyed(where, text))
        self.where = where
        self.reason = text
        self.problem = text.en


def keyed(key: str, problem: Tr) -> Tr:
    """A refusal of one field or option named by its key: "key : problem", as each language punctuates it.

    >>> keyed("bank", Tr("vide", "empty", it="vuoto")).get("it")
    'bank: vuoto'
    """
    return Tr(f"{key} : {problem.fr}", f"{key}: {problem.en}", it=f"{key}: {problem.get('it')}")
