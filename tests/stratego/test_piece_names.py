"""A preset's piece names: ``piece_key`` is the English key the kit's words know a piece by,
``piece_name`` the piece in the language in force (what a lesson prints)."""

from gamekit.catalogs import looks_english
from gamekit.i18n import using_language
from gamekit.stratego import board_spec
from gamekit.stratego.presets import DRAGON, FLAG, RANKS


def test_piece_names_follow_the_language_and_keys_stay_english():
    for preset in ("fire-and-ice", "original"):
        spec = board_spec(preset)
        for rank in RANKS:
            if rank not in spec.names:
                continue
            for side in (0, 1):
                key = spec.piece_key(rank, side)
                assert spec.piece_name(rank, side) == key
                with using_language("pt"):
                    name = spec.piece_name(rank, side)
                assert spec.piece_key(rank, side) == key
                if key not in ("General", "Major", "Yeti"):  # the same word in Portuguese
                    assert name != key and not looks_english(name), (preset, rank, key, name)


def test_exact_portuguese_piece_names():
    spec = board_spec("fire-and-ice")
    with using_language("pt"):
        assert (spec.piece_name(DRAGON), spec.piece_name(FLAG)) == ("Dragão", "Bandeira")
        assert ", ".join(f"{count}×{spec.piece_name(rank)}" for rank, count in spec.army[:2]) == \
            "1×Dragão, 1×Mago"
