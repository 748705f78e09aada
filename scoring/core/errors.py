"""Rule errors: narrow ``ValueError`` subclasses whose message quotes the bad value in both languages.

An error carries a :class:`~scoring.core.tr.Tr`; ``str(error)`` is the English text (logs, the
command line's default), ``error.text.get(lang)`` the table's language.

>>> e = IllegalEvent(Tr("mise : au plus 7, reçu 8", "bet: must be at most 7, got 8"))
>>> str(e), e.get("fr")
('bet: must be at most 7, got 8', 'mise : au plus 7, reçu 8')
>>> str(InvalidScoreInput("players[0].wallet", Tr("doit être un nombre entier, reçu 'x'",
...                                                 "must be a whole number, got 'x'")))
"players[0].wallet: must be a whole number, got 'x'"
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
        refused = cls(Tr(f"{option} : {problem.fr}", f"{option}: {problem.en}", it=f"{option}: {problem.get('it')}"))
        refused.option, refused.problem = option, problem
        return refused


class IllegalEvent(RulesError):
    """An event that cannot be applied to the current state."""


class InvalidScoreInput(RulesError):
    """A score-sheet input document with a bad field: ``where`` names it (``players[0].wallet``)."""

    def __init__(self, where: str, problem: Tr | str) -> None:
        text = problem if isinstance(problem, Tr) else Tr(problem, problem, it=problem)
        super().__init__(Tr(f"{where} : {text.fr}", f"{where}: {text.en}", it=f"{where}: {text.get('it')}"))
        self.where = where
        self.problem = text.en
