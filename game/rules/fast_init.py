"""Faster construction for the engine's small frozen dataclasses.

Every action a search tries and every event an applied action causes is a
frozen dataclass; its generated ``__init__`` sets each field through
``object.__setattr__``, a large share of a playout's time. :func:`fast_init`
gives such a class an ``__init__`` that writes the same fields, in the same
order and with the same parameters, straight into the instance's
``__dict__``: the instances compare, hash, print and pickle as before and
stay frozen (assigning a field still raises ``FrozenInstanceError``).
"""

from __future__ import annotations

from dataclasses import MISSING, fields


def fast_init(cls: type) -> type:
    """Replace the dataclass ``cls``'s ``__init__`` as the module docstring
    says and return ``cls``. ``TypeError`` for a class whose fields have
    defaults or that defines ``__post_init__`` (not supported: the plain
    generated ``__init__`` is kept for those)."""
    names = [f.name for f in fields(cls) if f.init]
    if any(f.default is not MISSING or f.default_factory is not MISSING for f in fields(cls)) \
            or hasattr(cls, "__post_init__") or len(names) != len(fields(cls)):
        raise TypeError(f"fast_init supports plain fields only, not {cls.__name__}'s")
    lines = [f"def __init__(self{''.join(', ' + n for n in names)}):", "    d = self.__dict__"]
    lines += [f"    d[{n!r}] = {n}" for n in names] or ["    pass"]
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - the source is built from the field names above
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls
