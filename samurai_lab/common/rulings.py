"""The points a rulebook leaves open, as data (Katana's K1-K11, Iki-zumari's I1-I12): a :class:`Ruling` each, and
what a game's ``Ruleset`` (a frozen dataclass with a field per ruling) shares, :class:`ChosenRulings`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Mapping


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
    """One option per ruling of ``RULINGS``, checked when made (``refusal`` words a bad one, ``unknown`` a ruling that
    is not one of them)."""

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

    @classmethod
    def unknown(cls, key: object) -> str:
        """Why ``key`` names no ruling."""
        return f"unknown ruling {key!r} (known: {', '.join(r.id for r in cls.RULINGS)})"

    @classmethod
    def ruling(cls, key: object) -> Ruling:
        """The ruling of id ``key`` (``"K1"``, ``"i3"``) or of the field ``key``; ValueError for another key."""
        found = next((r for r in cls.RULINGS if r.id == str(key).strip().upper() or r.field == key), None)
        if found is None:
            raise ValueError(cls.unknown(key))
        return found

    def option(self, ruling_id: str) -> str:
        """The chosen option of ruling ``ruling_id`` (e.g. ``"K1"``)."""
        return getattr(self, self.ruling(ruling_id).field)

    def with_option(self, ruling_id: str, option: object) -> Any:
        """A copy with one ruling changed; ValueError for an unknown ruling or option."""
        return replace(self, **{self.ruling(ruling_id).field: str(option)})  # type: ignore[type-var]

    def as_dict(self) -> dict[str, str]:
        """``{ruling id: option}`` for every ruling."""
        return {r.id: getattr(self, r.field) for r in self.RULINGS}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Any:
        """From ``{ruling id or field name: option}``; ValueError naming every bad entry."""
        if not isinstance(data, Mapping):
            raise ValueError(f"rulings must be a table of ruling id = option, not {type(data).__name__}")
        values: dict[str, str] = {}
        problems: list[str] = []
        for key, value in data.items():
            try:
                ruling = cls.ruling(key)
            except ValueError as e:
                problems.append(str(e))
                continue
            if str(value) not in ruling.option_names:
                problems.append(f"ruling {ruling.id}: {value!r} is not one of {', '.join(ruling.option_names)}")
            else:
                values[ruling.field] = str(value)
        if problems:
            raise ValueError("; ".join(problems))
        return cls(**values)
