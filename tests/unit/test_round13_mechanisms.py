"""Mechanisms added after blind round 13's first run (each a rule of grammar or of names, not of a wording): the
last noun of a kind compound is asked ('author affiliations'); a misspelt given name typed before a linked name
is corrected against the whole name; German and French rich-kind words are lexicon data."""

from __future__ import annotations

import pytest

from hgrag.agents.kinds.asking import asked_kind
from hgrag.agents.kinds.lexicon import cues
from hgrag.agents.understanding.normalise import to_english


@pytest.mark.parametrize("asking, kind", [
    ("zzm author affiliations", "institution"),
    ("what are the author affiliations of zzm", "institution"),
    ("which authors of zzm have affiliations", "author"),  # not a compound: the authors are asked
])
def test_the_last_noun_of_a_kind_compound_is_asked(asking, kind):
    assert asked_kind(cues(asking), asking, ["paper"]) == kind


@pytest.mark.parametrize("question, language, english", [
    ("Mit welchen Institutionen war Ann Lee affiliiert?", "de", "institutions"),
    ("Quels organismes ont financé « Deep rocks » ?", "fr", "funders"),
    ("Combien de citations « Deep rocks » a-t-il reçues ?", "fr", "received"),
    ("Welches ist das früheste Paper von Ann Lee?", "de", "earliest"),
    ("In welchem Journal oder Tagungsband ist „Deep rocks“ erschienen?", "de", "proceedings"),
    ("Mit wem hat Ann Lee außer Bo Chen noch zusammen publiziert?", "de", "else"),
    ("Dans quelle revue ou quel congrès « Deep rocks » est-il paru ?", "fr", "conference"),
    ("Combien de publications compte Ann Lee dans la base ?", "fr", "in the database"),
    ("Quelles publications font référence à « Deep rocks » ?", "fr", "cite"),
])
def test_german_and_french_words_are_lexicon_data(question, language, english):
    assert english in to_english(question, language).lower()


class _Index:
    """Author names for the misspelt-name corrector: exact look-ups and nearest names by spelling."""

    def __init__(self, names):
        self.names = names

    def lookup(self, text, node_type=None):
        from types import SimpleNamespace

        return [SimpleNamespace(label=n) for n in self.names if n.lower() == text.lower()]

    def closest(self, text, node_type, k):
        return list(self.names)[:k]


def test_a_misspelt_given_name_before_a_linked_name_is_corrected():
    from hgrag.agents.linking.name_typos import given_name_corrections

    index = _Index(["David M. Weiss", "Michael Weiss", "Yair Weiss", "Kainam Thomas Wong", "Thomas N. Wong"])
    anchors = [{"text": "M. Weiss", "type": "author"}]
    assert given_name_corrections(index, "what papers has Daavid M. Weiss authored?", anchors) == \
        {"Daavid M. Weiss": "David M. Weiss"}
    anchors = [{"text": "Thomas Wong", "type": "author"}]
    assert given_name_corrections(index, "In which venues did Kanam Thomas Wong publish?", anchors) == \
        {"Kanam Thomas Wong": "Kainam Thomas Wong"}
    assert given_name_corrections(index, "Which papers did Thomas Wong write?", anchors) == {}  # no word before


def test_a_kind_word_before_a_participle_is_no_compound():
    assert asked_kind(cues("papers funded by zzm"), "papers funded by zzm", ["funder"]) == "paper"


def test_a_misspelt_title_found_over_a_venue_must_reach_past_it():
    from types import SimpleNamespace

    from hgrag.agents.linking.mentions import _reaches_past_spans

    text = "Where was A parallel computing approach to fast geosttaistical areal interpolation pubished?"
    venue = SimpleNamespace(start=text.index("parallel"), end=text.index(" approach"), type="venue")
    title = "A parallel computing approach to fast geostatistical areal interpolation"
    assert _reaches_past_spans(text, title, [venue])
    text = "Did Shana Smith publish any paper in Advanced Engineering Informatics?"
    venue = SimpleNamespace(start=text.index("Advanced"), end=len(text) - 1, type="venue")
    assert not _reaches_past_spans(text, "Advanced Engineering Informatics.", [venue])


@pytest.fixture(scope="module")
def world():
    from types import SimpleNamespace

    from test_planner import StringIndex, make_store

    store = make_store()
    return SimpleNamespace(store=store, index=StringIndex(store), dataset="toy")


@pytest.mark.parametrize("question, expected", [
    ("Ann Lee has a ton of papers. How many does Bo Chen have?", ["2"]),  # not Bo Chen's co-authors
    ("ok forget Ann Lee for a sec, what is Bo Chen's most cited work", ["Sparse recovery of harmonic signals in noise"]),
])
def test_a_context_person_set_aside_leaves_no_person_noun_behind(world, question, expected):
    """The set-aside person is replaced by the lexicon's `context_stand_ins` (a pronoun): 'someone' had made the
    replanned question read as one about people."""
    from test_second_reader import read, verified

    answer, plan, report = read(world, question)
    assert answer == expected and verified(report), plan.get("interpretation")


def _two_people_plan(context_person: str, asked_person: str) -> dict:
    from hgrag.state import plan_ir as ir

    both = ir.setop("intersect", [ir.traverse(ir.match(["A1"], "author", context_person), "writes", "out"),
                                  ir.traverse(ir.match(["A2"], "author", asked_person), "writes", "out")])
    return {"ir": ir.aggregate(both, "count"),
            "anchors": [{"text": context_person, "node_id": "A1", "type": "author"},
                        {"text": asked_person, "node_id": "A2", "type": "author"},
                        {"text": "Signal Processing", "node_id": "V1", "type": "venue"}]}


@pytest.mark.parametrize("question, set_aside", [
    # 'it' can only mean the venue of the context: the context person is set aside
    ("Hao Cui publishes a lot in Signal Processing. How many of Ann Lee's papers are in it?", True),
    # 'conf' is no co-author word: nothing relates the asked person to the context one
    ("Hao Cui was on a panel with nobody. Which journal or conf has the most papers by Ann Lee?", True),
    # 'this person' may mean the context person: kept
    ("Hao Cui introduced me to Ann Lee. How many papers does this person have?", False),
    # 'it' names no paper or venue of the question: it may be a work of the context person, who is kept
    ("Hao Cui wrote a great survey. Did Ann Lee cite it?", False),
])
def test_a_context_person_is_set_aside_only_when_nothing_may_mean_them(question, set_aside):
    from hgrag.agents.checking.honest_context import context_to_set_aside

    found = context_to_set_aside(question, _two_people_plan("Hao Cui", "Ann Lee"))
    assert bool(found) == set_aside, found


def test_an_intersection_of_two_named_things_needs_a_joining_word():
    from hgrag.agents.understanding.check import structural_parts
    from hgrag.state import plan_ir as ir

    def coauthors(node):
        return ir.traverse(ir.traverse(node, "writes", "out"), "writes", "in")

    shared = {"ir": ir.setop("intersect", [coauthors(ir.match(["A1"], "author")), coauthors(ir.match(["A2"], "author"))])}
    stated = "zzm is one of zzm 's collaborators. i'm after the others. who are they?"
    assert any(p.startswith("what joins") for p in structural_parts(stated, shared))
    assert not [p for p in structural_parts("common co-authors of zzm and zzm?", shared) if p.startswith("what joins")]


def test_a_relation_word_between_two_people_the_asking_sentence_names_sets_the_context_person_aside():
    from hgrag.agents.checking.honest_context import context_to_set_aside
    from hgrag.state import plan_ir as ir

    people = {"Hao Cui": "A1", "Ann Lee": "A2", "Bo Chen": "A3"}
    joint = ir.setop("intersect", [ir.traverse(ir.match([people[n]], "author", n), "writes", "out")
                                   for n in ("Hao Cui", "Ann Lee", "Bo Chen")])
    plan = {"ir": ir.test(joint, "nonempty"),
            "anchors": [{"text": n, "node_id": i, "type": "author"} for n, i in people.items()]}
    said = "Hao Cui said Ann Lee might know Bo Chen. Did Ann Lee ever co-author with Bo Chen?"
    assert context_to_set_aside(said, plan) == ["'Hao Cui' (named only as context)"]
    one_named = "Hao Cui said Ann Lee is great. Did Bo Chen ever co-author with Ann Lee's student?"
    assert context_to_set_aside(one_named.replace("Ann Lee's student", "someone"), plan) == []
