"""How many pages a server may run at once: one kernel each, about 120 MB.

Without a limit, a loop of plain page requests starts kernels until the machine runs out of memory.
``samurai-lab serve`` sizes the limit from the computer's memory (:func:`default_max_kernels`) or
takes ``--max-kernels N``; past it, a page request is answered at once with a short "the class is
full" page (HTTP 503, see :mod:`samurai_lab.tools.class_full`).

:class:`PageKernels` counts the kernels serving pages: those handed to a page, plus the requests let
through that have no kernel yet (a *place* each, taken before the request waits for anything, so a
burst of requests cannot all pass the check before any of them has a kernel). The preheated pool
waiting for the next pages is counted apart: its size is fixed (``--prepare``).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from dataclasses import dataclass, field

#: Memory a page's kernel takes on a class's server (measured: 40 explorer kernels, 4.7 GB).
KERNEL_MB = 150
#: Share of the computer's memory the pages' kernels may take.
MEMORY_SHARE = 0.6
#: The smallest limit, whatever the memory.
MIN_KERNELS = 4


def total_memory_mb() -> int | None:
    """This computer's memory in MB (None where the system does not say)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20)
    except (ValueError, OSError, AttributeError):
        return None


def default_max_kernels(pool_kernels: int = 0, memory_mb: int | None = None) -> int:
    """Pages served at once by default: :data:`MEMORY_SHARE` of the memory in kernels of
    :data:`KERNEL_MB`, less the preheated pool's ``pool_kernels`` (at least :data:`MIN_KERNELS`)."""
    memory_mb = total_memory_mb() if memory_mb is None else memory_mb
    if not memory_mb:
        return 40
    return max(MIN_KERNELS, int(memory_mb * MEMORY_SHARE / KERNEL_MB) - pool_kernels)


@dataclass(eq=False)
class Place:
    """A page request let through that has no kernel yet."""

    taken: bool = False


#: The place of the page request being served (each request runs in a task of its own).
_current_place: contextvars.ContextVar[Place | None] = contextvars.ContextVar("samurai_page_place", default=None)


@dataclass
class PageKernels:
    """The kernels serving pages, and the places of the requests on their way to one."""

    limit: int
    kernels: set[str] = field(default_factory=set)
    places: list[Place] = field(default_factory=list)

    def in_use(self, running: set[str] | None = None) -> int:
        """Pages counted against the limit (``running``: the kernels still running, if known)."""
        kernels = self.kernels if running is None else self.kernels & running
        return len(kernels) + len(self.places)

    def admit(self, running: set[str] | None = None) -> Place | None:
        """Let the page request being served through (its place, held until it has a kernel), or
        not (None)."""
        if running is not None:
            self.kernels &= running
        if self.in_use() >= self.limit:
            return None
        place = Place()
        self.places.append(place)
        _current_place.set(place)
        return place

    def handed(self, kernel_id: str) -> None:
        """A kernel now serves a page (the request being served, if it held a place, gives it up)."""
        self.kernels.add(kernel_id)
        self.release(_current_place.get())

    def release(self, place: Place | None) -> None:
        """A request ended: the place it still holds, if any, is given back."""
        if place is not None and not place.taken:
            place.taken = True
            with contextlib.suppress(ValueError):
                self.places.remove(place)

    def stopped(self, kernel_id: str) -> None:
        """A kernel stopped."""
        self.kernels.discard(kernel_id)
