"""Who moves: a seat number, or one of two markers shared by every game (OpenSpiel's numbers)."""


class _Marker(int):
    """An int that prints its name, so ``state.current_player`` reads well in a notebook."""

    def __new__(cls, value: int, name: str):
        marker = super().__new__(cls, value)
        marker._name = name
        return marker

    def __repr__(self) -> str:
        return self._name

    __str__ = __repr__

    def __reduce__(self):  # keep the name through pickling (process pools)
        return (_Marker, (int(self), self._name))


SIMULTANEOUS = _Marker(-2, "SIMULTANEOUS")
TERMINAL = _Marker(-4, "TERMINAL")
