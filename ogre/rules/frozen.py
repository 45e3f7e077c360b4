"""A faster __init__ for the engine's frozen, slotted dataclasses (issue 16).

The __init__ that dataclasses writes for a frozen class stores every field with
`object.__setattr__(self, name, value)`; the engine builds a state, a piece, a verdict and an
event or two on every action, and those calls were a fifth of its time. `quick_init` gives the
class an __init__ with the same signature that stores through the slots' own descriptors,
about twice as fast. Nothing else changes: the instances are the same frozen values (equality,
hashing, repr, dataclasses.replace and the FrozenInstanceError on assignment all as before).

    @quick_init
    @dataclass(frozen=True, slots=True)
    class Piece: ...
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def quick_init(cls: type[T]) -> type[T]:
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init needs a dataclass with slots=True")
    namespace: dict[str, Any] = {}
    params, body = [], []
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain defaults only")
        store = f"_store_{f.name}"
        namespace[store] = cls.__dict__[f.name].__set__
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
        if f.init:
            params.append(f.name if f.default is MISSING else f"{f.name}=_default_{f.name}")
            body.append(f"    {store}(self, {f.name})")
        elif f.default is not MISSING:
            body.append(f"    {store}(self, _default_{f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)                    # as dataclasses itself writes __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)     # mypy refuses a plain assignment to a method
    return cls
