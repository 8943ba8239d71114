"""The points a rulebook leaves open, as data (Katana's K1-K11, Iki-zumari's I1-I12): a :class:`Ruling` each, and
what a game's ``Ruleset`` (a frozen dataclass with a field per ruling) shares, :class:`ChosenRulings`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Ruling:
    """One open point: its id, the ``Ruleset`` field it sets, the question, its options (each a tuple: the option's
    name, then its words), the default and why."""

    id: str
    field: str
    question: str
    options: tuple[tuple[str, ...], ...]
    default: str
    why_default: str

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(option[0] for option in self.options)


class ChosenRulings:
    """One option per ruling of ``RULINGS``, checked when made (``refusal`` words a bad one)."""

    __slots__ = ()
    RULINGS: ClassVar[tuple[Ruling, ...]] = ()

    def __post_init__(self) -> None:
        for ruling in self.RULINGS:
            value = getattr(self, ruling.field)
            if value not in ruling.option_names:
                raise ValueError(self.refusal(ruling, value))

    def refusal(self, ruling: Ruling, value: object) -> str:
        """Why ``value`` is not an option of ``ruling``."""
        return f"ruling {ruling.id} ({ruling.field}): {value!r} is not one of {', '.join(ruling.option_names)}"

    def changes(self) -> dict[str, str]:
        """The rulings that differ from their default, as {id: option}."""
        return {r.id: getattr(self, r.field) for r in self.RULINGS if getattr(self, r.field) != r.default}
