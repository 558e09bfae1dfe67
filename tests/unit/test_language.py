"""Non-English questions are recognised (lingua on the question with mentions removed, cross-checked with
the lexicon) and the offline planner abstains on them, except German and French, which it reads; English
questions that quote foreign titles or names stay English."""

from __future__ import annotations

import pytest
from test_planner import P1, toy  # noqa: F401  (fixture)

from hgrag.agents.answering.answer_render import abstention_text
from hgrag.agents.language import non_english
from hgrag.agents.retrieval_agent import OfflinePlanner
from hgrag.state.context import Context
from hgrag.tools.plan_exec import linked_subjects


@pytest.mark.parametrize("question, language", [
    ('Wer hat "Some Title Here" geschrieben?', "German"),
    ("Wie viele Artikel hat Marvin K. Simon veröffentlicht?", "German"),
    ('In welchem Monat wurde "Some Title Here" zitiert?', "German"),  # German nouns are capitalised
    ('Qui a écrit "Some Title Here" ?', "French"),
    ("Combien d'articles a publié Marvin Simon ?", "French"),
    ('¿Quién escribió "Some Title Here"?', "Spanish"),
    ("¿Cuántos artículos publicó Marvin Simon?", "Spanish"),
    ('Chi ha scritto "Some Title Here"?', "Italian"),
    ("Quanti articoli ha pubblicato Marvin Simon?", "Italian"),
    ('Quem escreveu "Some Title Here"?', "Portuguese"),
    ("Quantos artigos Marvin Simon publicou?", "Portuguese"),
    ('Wie heeft "Some Title Here" geschreven?', "Dutch"),
    ("Hoeveel artikelen heeft Marvin Simon gepubliceerd?", "Dutch"),
])
def test_foreign_questions_are_recognised(question, language):
    assert non_english(question) == language


@pytest.mark.parametrize("question", [
    'Who wrote "Über die Verteilung der Primzahlen und die Rolle der Zahlen"?',
    "Who wrote Über die Verteilung der Primzahlen und die Rolle der Zahlen?",
    'In which year was "Sobre la teoría de los números y la geometría" published?',
    "How many papers did José Luis de la Fuente y Gómez publish in 2020?",
    "How many papers did Jan van der Berg publish?",
    "Which papers were published in Zeitschrift für die gesamte Staatswissenschaft und die Politik?",
    "who wrote on the distribution of primes",
    'Was "Some Title Here" published in 2020?',
])
def test_english_questions_with_foreign_mentions_stay_english(question):
    assert non_english(question) is None


def test_linked_spans_are_removed_before_counting():
    title = "die Theorie der Wärme und die Lehre der Zahlen"
    question = f"{title}: who wrote it?"

    class Span:
        start, end = 0, len(title)

    assert non_english(question, [Span()]) is None


def test_offline_planner_abstains_on_a_spanish_question(toy):  # noqa: F811
    plan = OfflinePlanner().plan(f'¿Quién escribió "{P1}"?', toy, Context(dataset="toy"))
    assert plan["operation"] == "unsupported" and not linked_subjects(plan)
    text = abstention_text(plan, "toy")
    assert text.startswith("This question looks like Spanish; hgrag reads questions in English, German and French")


def test_offline_planner_reads_a_german_question(toy):  # noqa: F811
    plan = OfflinePlanner().plan(f'Wer hat "{P1}" geschrieben?', toy, Context(dataset="toy"))
    assert plan["language"] == "de" and linked_subjects(plan) == ["p1"] and plan["target_type"] == "author"


def test_offline_planner_still_answers_the_english_question(toy):  # noqa: F811
    plan = OfflinePlanner().plan(f'Who wrote "{P1}"?', toy, Context(dataset="toy"))
    assert plan["operation"] != "unsupported" and linked_subjects(plan) == ["p1"]
