"""Whether the engine runs compiled (engine.native): every listed module is, or none is.

Where compiled and plain Python code want different constructs (a native constructor, a loop
where plain Python has a faster builtin), ``NATIVE`` picks; both play the same games."""

from __future__ import annotations

from typing import Final


class _Probe:
    """Compiled by mypyc, a class is native: it has no ``__dict__``."""


NATIVE: Final = not hasattr(_Probe(), "__dict__")
