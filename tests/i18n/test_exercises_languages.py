"""Exercises in Portuguese: the widget's words, the answer key's Portuguese overlay, Portuguese word
answers (the English ones still count) and the decimal comma."""

import json

import pytest

from gamekit.i18n import using_language
from gamekit.ui import answer_key
from gamekit.ui.answer_key import key_entry, key_markdown, lessons_with_keys, untranslated
from gamekit.ui.exercises import Exercise, exercises, judge_number, read_number


@pytest.mark.parametrize("lesson", lessons_with_keys())
def test_every_english_exercise_has_a_complete_portuguese_entry(lesson):
    assert untranslated(lesson, "pt") == [], f"gamekit/ui/answers/pt/{lesson}.json"


@pytest.fixture
def toy_key(tmp_path, monkeypatch):
    """A lesson "90_toy" with a number exercise and a word exercise, and a Portuguese overlay that
    translates the first fully and the second without its hint."""
    english = {"lesson": "90_toy", "exercises": [
        {"id": "90.1", "difficulty": 2, "kind": "number", "answer": "5/12", "decimals": 3,
         "question": "What share of the deck is red?", "hint": "Count the red cards.",
         "explanation": "5 of 12 cards are red."},
        {"id": "90.2", "difficulty": 1, "kind": "word", "answer": "yes", "accept": ["always"],
         "question": "Does a seed fix the deal?", "hint": "What does a seed decide?",
         "explanation": "Yes: the seed decides every random thing."}]}
    portuguese = {"lesson": "90_toy", "language": "pt", "exercises": [
        {"id": "90.1", "question": "Que parte do baralho é vermelha?", "hint": "Conta as cartas vermelhas.",
         "explanation": "5 das 12 cartas são vermelhas."},
        {"id": "90.2", "question": "Uma semente fixa a distribuição?", "answer": "sim",
         "accept": ["sempre"], "explanation": "Sim: a semente decide tudo o que é aleatório."}]}
    (tmp_path / "pt").mkdir()
    (tmp_path / "90_toy.json").write_text(json.dumps(english), encoding="utf-8")
    (tmp_path / "pt" / "90_toy.json").write_text(json.dumps(portuguese), encoding="utf-8")
    monkeypatch.setattr(answer_key, "KEY_FOLDER", tmp_path)
    answer_key._key_file.cache_clear()
    answer_key.overlay.cache_clear()
    yield "90_toy"
    answer_key._key_file.cache_clear()
    answer_key.overlay.cache_clear()


def test_the_overlay_is_read_in_portuguese_and_english_stands_in_for_what_it_lacks(toy_key):
    assert lessons_with_keys() == ["90_toy"]  # the pt folder is no lesson
    assert key_entry("90.1")["question"] == "What share of the deck is red?"
    with using_language("pt"):
        number, word = key_entry("90.1"), key_entry("90.2")
    assert number["question"] == "Que parte do baralho é vermelha?" and number["answer"] == "5/12"
    assert number["decimals"] == 3 and number["difficulty"] == 2
    assert word["answer"] == "sim" and word["accept"] == ["sempre", "yes", "always"]
    assert word["hint"] == "What does a seed decide?"  # not translated yet: the English stands in
    assert untranslated(toy_key, "pt") == ["90.2 hint"]
    assert key_entry("90.2", "pt")["answer"] == "sim" and key_entry("90.2", "en")["answer"] == "yes"


def test_portuguese_and_english_word_answers_both_count_in_portuguese(toy_key):
    with using_language("pt"):
        exercise = Exercise.from_key("90.2")
    assert exercise.question_text == "Uma semente fixa a distribuição?"
    for right in ("sim", "Sim!", "sempre", "yes", "always"):
        assert exercise.judge(right).right, right
    assert not exercise.judge("talvez").right


def test_the_widget_speaks_portuguese(toy_key):
    with using_language("pt"):
        exercise = Exercise.from_key("90.1")
        assert exercise.button.description == "Verificar"
        assert exercise.box.placeholder == "uma fração, ou um decimal com 3 casas"
        assert not exercise.check("0,5")
        assert "Ainda não." in exercise.verdict.value
        assert "Pista: Conta as cartas vermelhas." in exercise.verdict.value
        assert not exercise.check("0,42")
        assert "Dá-o com 3 casas decimais (ou como fração)." in exercise.verdict.value
        assert exercise.check("0,417")
        assert "Certo." in exercise.verdict.value
        assert "5 das 12 cartas são vermelhas." in exercise.verdict.value
        assert repr(exercise) == "Exercício 90.1 ★★: Que parte do baralho é vermelha?"
        assert "dificuldade 2 de 3" in exercise.question.value
    english = Exercise.from_key("90.1")
    assert english.button.description == "Check" and not english.check("0.5")
    assert "Not yet." in english.verdict.value and "Hint: Count the red cards." in english.verdict.value


def test_a_decimal_comma_is_the_decimal_in_portuguese_where_english_finds_it_unclear():
    with using_language("pt"):
        assert read_number("1,375").value == read_number("1.375").value
        unclear = judge_number("abc", 1)
        assert unclear.message.startswith("Não consigo ler “abc” como um número: escreve-o como 5/12")
    assert "could be 1375" in judge_number("1,375", 1.375).message


def test_the_teachers_key_in_portuguese(toy_key):
    with using_language("pt"):
        text = key_markdown(toy_key)
    assert text.startswith("## Chave de respostas: 90_toy")
    assert "- **Resposta:** 5/12 (com 3 casas decimais)" in text
    assert "- **Resposta:** sim (também: sempre, yes, always)" in text
    assert "- **Resolução:** 5 das 12 cartas são vermelhas." in text
    assert key_markdown(toy_key, "pt") == text
    assert key_markdown(toy_key).startswith("## Answer key: 90_toy")


def test_a_real_lessons_sheet_builds_in_portuguese():
    with using_language("pt"):
        sheet = exercises("00")
    assert len(sheet) == len(answer_key.answer_key("00_welcome", "en"))
    assert all(item.button.description == "Verificar" for item in sheet.items)
