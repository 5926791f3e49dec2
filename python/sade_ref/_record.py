"""What the typed classes of verdicts and options share: ``to_dict()``, the JSON object they
were read from, and, on the classes that were dicts in sade_ref 0.1.0, the old ``obj["key"]``
for one release."""

from __future__ import annotations

import warnings
from dataclasses import Field
from enum import Enum
from typing import Any, ClassVar

__all__ = ["JsonObject", "DictAccess"]


def _json(value: object) -> Any:
    """A field's value as JSON gives it: enums as their strings, tuples as lists."""
    if isinstance(value, JsonObject):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    return value


class JsonObject:
    """A frozen dataclass read from one JSON object of the referee; its fields are the
    object's keys in their order (a key that is a Python keyword, ``from``, ends in ``_``)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object, as the ``sade-ref`` command writes it (a new dict)."""
        return {
            name.removesuffix("_"): _json(getattr(self, name))
            for name in self.__dataclass_fields__
        }


class DictAccess(JsonObject):
    """``obj["key"]``, the access of sade_ref 0.1.0, whose answer here was a dict: the value
    of ``to_dict()["key"]`` (plain dicts, lists and strings, as before), with a
    ``DeprecationWarning``. Kept for one release; read the attributes instead."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        warnings.warn(
            f'{type(self).__name__}[{key!r}]: dict access is deprecated and goes in the next'
            f" release; read the attribute (.{key if key != 'from' else 'from_'}) or to_dict()",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_dict()[key]
