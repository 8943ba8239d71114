"""The few numpy calls ipycanvas makes, for the static site (Pyodide has no numpy wheel on PyPI or npm).

ipycanvas imports numpy to pack drawing arguments into binary buffers: ``asarray`` / ``array`` of
(nested) lists of numbers, ``require`` (C order, optional dtype), ``concatenate``, ``ravel``,
``astype``, ``frombuffer`` of ``uint8`` bytes, ``ascontiguousarray``, ``zeros``, the ``shape`` /
``ndim`` / ``dtype`` / ``flags`` attributes and ``memoryview(array)``. This module does exactly that
and nothing more: an :class:`ndarray` is a ``bytearray`` holding its C-ordered items (so
``memoryview`` works on every Python), with a shape and a dtype. The site ships it as the
``numpy`` of the browser's Python only; ``tests/test_site_shims.py`` checks that ipycanvas packs
byte for byte the same buffers and metadata with it as with real numpy.
"""

from __future__ import annotations

import struct
from typing import Any, Iterable, Sequence

__version__ = "0.0.0+samurai-lab-shim"


class DType:
    """An item type: its numpy name and its ``struct`` code (little-endian, as numpy on wasm and x86)."""

    _CODES = {"float64": "d", "float32": "f", "float16": "e", "int64": "q", "int32": "i", "int16": "h",
              "int8": "b", "uint8": "B", "uint16": "H", "uint32": "I", "uint64": "Q", "bool": "?"}

    def __init__(self, name: Any) -> None:
        name = getattr(name, "name", name)
        name = {float: "float64", int: "int64", bool: "bool", "float": "float64", "int": "int64",
                "uint8": "uint8"}.get(name, name)
        if name not in self._CODES:
            raise TypeError(f"data type {name!r} not understood")
        self.name: str = name
        self.code: str = self._CODES[name]
        self.itemsize: int = struct.calcsize(self.code)

    def __eq__(self, other: object) -> bool:
        try:
            return self.name == DType(other).name
        except TypeError:
            return False

    def __hash__(self) -> int:
        return hash(self.name)

    def __str__(self) -> str:
        return self.name

    __repr__ = __str__


dtype = DType  # numpy's name for the class
float64, float32, float16 = dtype("float64"), dtype("float32"), dtype("float16")
int64, int32, int16, int8 = dtype("int64"), dtype("int32"), dtype("int16"), dtype("int8")
uint8, uint16, uint32, uint64 = dtype("uint8"), dtype("uint16"), dtype("uint32"), dtype("uint64")
bool_ = dtype("bool")


class ndarray(bytearray):
    """A C-ordered array: the bytes of its items, its ``shape`` and its ``dtype``."""

    shape: tuple[int, ...]
    dtype: DType

    @classmethod
    def _of(cls, items: Sequence[Any], shape: tuple[int, ...], kind: DType) -> "ndarray":
        if kind.code in "bBhHiIqQ":
            items = [int(v) for v in items]
        elif kind.code == "?":
            items = [bool(v) for v in items]
        else:
            items = [float(v) for v in items]
        a = cls(struct.pack(f"<{len(items)}{kind.code}", *items))
        a.shape, a.dtype = shape, kind
        return a

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def flags(self) -> dict[str, bool]:
        return {"C_CONTIGUOUS": True, "CONTIGUOUS": True}

    def tolist_flat(self) -> list[Any]:
        """The items in C order, as Python numbers."""
        return list(struct.unpack(f"<{self.size}{self.dtype.code}", bytes(self)))

    def ravel(self) -> "ndarray":
        return ndarray._of(self.tolist_flat(), (self.size,), self.dtype)

    def astype(self, kind: Any) -> "ndarray":
        kind = DType(kind)
        items = self.tolist_flat()
        if kind.code in "bBhHiIqQ":  # numpy truncates towards zero, then wraps to the width
            bits = kind.itemsize * 8
            items = [int(v) % (1 << bits) for v in items]
            if kind.code.islower():
                items = [v - (1 << bits) if v >= 1 << (bits - 1) else v for v in items]
        return ndarray._of(items, self.shape, kind)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self) -> str:
        return f"array(shape={self.shape}, dtype={self.dtype})"


def _flatten(obj: Any) -> tuple[list[Any], tuple[int, ...]]:
    """The items of nested sequences in C order and their shape (every level must be regular)."""
    if isinstance(obj, ndarray):
        return obj.tolist_flat(), obj.shape
    if isinstance(obj, (list, tuple)):
        parts = [_flatten(x) for x in obj]
        shapes = {s for _, s in parts}
        if len(shapes) > 1:
            raise ValueError("setting an array element with a sequence: the lists are not all of one length")
        inner = shapes.pop() if shapes else ()
        return [v for items, _ in parts for v in items], (len(obj), *inner)
    return [obj], ()


def _kind_of(items: Iterable[Any]) -> DType:
    """numpy's choice for Python numbers: bool, else int64, else float64 (also for no items)."""
    items = list(items)
    if not items:
        return float64
    if all(isinstance(v, bool) for v in items):
        return bool_
    if all(isinstance(v, int) for v in items):
        return int64
    return float64


def array(obj: Any, dtype: Any = None) -> ndarray:  # noqa: A002 - numpy's name
    if isinstance(obj, ndarray) and dtype is None:
        return ndarray._of(obj.tolist_flat(), obj.shape, obj.dtype)
    items, shape = _flatten(obj)
    kind = DType(dtype) if dtype is not None else (obj.dtype if isinstance(obj, ndarray) else _kind_of(items))
    return ndarray._of(items, shape, kind)


def asarray(obj: Any, dtype: Any = None) -> ndarray:  # noqa: A002
    if isinstance(obj, ndarray) and (dtype is None or obj.dtype == dtype):
        return obj
    return array(obj, dtype)


def ascontiguousarray(obj: Any, dtype: Any = None) -> ndarray:  # noqa: A002
    return asarray(obj, dtype)


def require(obj: Any, dtype: Any = None, requirements: Any = None) -> ndarray:  # noqa: A002
    """Every array here is C-ordered: ``requirements`` are met already."""
    return asarray(obj, dtype)


def concatenate(arrays: Sequence[Any]) -> ndarray:
    parts = [asarray(a) for a in arrays]
    if any(p.ndim != 1 for p in parts):
        raise ValueError("this stand-in concatenates one-dimensional arrays only")
    kinds = {p.dtype.name for p in parts}
    kind = parts[0].dtype if len(kinds) == 1 else float64
    items = [v for p in parts for v in p.tolist_flat()]
    return ndarray._of(items, (len(items),), kind)


def frombuffer(buffer: Any, dtype: Any = float64) -> ndarray:  # noqa: A002
    kind = DType(dtype)
    data = bytes(buffer)
    a = ndarray(data)
    a.shape, a.dtype = (len(data) // kind.itemsize,), kind
    return a


def zeros(shape: Any, dtype: Any = float64) -> ndarray:  # noqa: A002
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = 1
    for d in shape:
        n *= d
    return ndarray._of([0] * n, shape, DType(dtype))
