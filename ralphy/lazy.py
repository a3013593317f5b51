"""Names a package offers that load their module on first use (a module's ``__getattr__``, PEP 562): importing
``ralphy`` or ``ralphy.agents`` stays light, and a name moved to another module is still found where it was."""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing ralphy loads neither typing nor re
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_names(module: str, homes: Mapping[str, str], namespace: dict[str, Any] | None = None
               ) -> Callable[[str], Any]:
    """The ``__getattr__`` of module ``module``: a name of ``homes`` is imported from the module it maps to, and
    kept in ``namespace`` (the module's ``globals()``) when one is given, so it is looked up once; another name is
    the usual AttributeError."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        if namespace is not None:
            namespace[name] = value
        return value

    return __getattr__
