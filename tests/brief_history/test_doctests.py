"""The examples in the Brief History modules' docstrings run as written."""

import doctest

import pytest

from gamekit.brief_history import actions, cards, maps, odds, rules, words


@pytest.mark.parametrize("module", [actions, odds, maps, cards, rules, words], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
