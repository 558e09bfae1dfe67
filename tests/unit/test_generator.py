"""Benchmark generator on a synthetic graph: quotas, determinism, filters, and gold answers
re-computed independently from the raw networkx graph."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from hgrag.evaluation import template_sets
from hgrag.evaluation.generator import TEMPLATE_SETS, generate_questions, load_templates, template_slots, write_questions
from hgrag.evaluation.intent_samplers import SAMPLERS
from hgrag.tools.errors import InputError
from hgrag.tools.graph_store import NetworkXGraphStore

FIRST = ["Ada", "Bruno", "Chen", "Dana", "Emil", "Farah", "Goran", "Hana", "Jun", "Jia"]  # J. Keller: two people
LAST = ["Keller", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi"]
WORDS = ["adaptive", "sparse", "graph", "neural", "robust", "seismic", "carbonate", "reservoir",
         "inference", "models", "flow", "wavelet", "networks", "learning", "estimation", "porous"]
JUNK, TWIN_NAME, TWIN_TITLE, SHORT_TITLE = "12 others", "Twin Author", "Twin title of two papers here", "Short title"


def _synthetic_store(seed: int = 7) -> NetworkXGraphStore:
    """80 authors, ~400 papers, 6 venues, with traps: junk and duplicate names/titles."""
    rng = random.Random(seed)
    store = NetworkXGraphStore(name="synthetic")
    authors = [f"a{i}" for i in range(80)]
    for i, author_id in enumerate(authors):
        store.add_node(author_id, "author", name=f"{FIRST[i % 10]} {LAST[i // 10]}",
                       orcid=f"0000-0001-{i:04d}-0000" if i % 2 else None)
    for extra, name in (("junk", JUNK), ("twin1", TWIN_NAME), ("twin2", TWIN_NAME)):
        store.add_node(extra, "author", name=name)
    for v in range(6):
        store.add_node(f"v{v}", "venue", name=f"Journal of {WORDS[v].title()} Studies")
    titles: set[str] = set()
    papers = []
    while len(papers) < 400:
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 9))).capitalize()
        if title in titles:
            continue
        titles.add(title)
        paper_id = f"p{len(papers)}"
        papers.append(paper_id)
        store.add_node(paper_id, "paper", title=title, year=rng.randint(2000, 2020),
                       cited_by_count=rng.randint(0, 40), work_type=rng.choice(["article", "preprint"]),
                       doi=f"10.1000/x{len(papers)}" if rng.random() < 0.5 else None)
        byline = rng.sample(authors[: rng.choice([20, 80])], rng.randint(1, 4))
        if rng.random() < 0.03:
            byline.append(rng.choice(["junk", "twin1", "twin2"]))
        for position, author_id in enumerate(byline, start=1):
            store.add_edge(author_id, paper_id, "writes", position=position)
        if rng.random() < 0.9:
            store.add_edge(paper_id, f"v{rng.randrange(6)}", "published_in")
    for trap, title in (("t1", TWIN_TITLE), ("t2", TWIN_TITLE), ("t3", SHORT_TITLE)):
        store.add_node(trap, "paper", title=title, year=2010, cited_by_count=3, doi="10.1/trap")
        store.add_edge("a1", trap, "writes", position=1)
    for _ in range(300):
        source, target = rng.sample(papers, 2)
        store.add_edge(source, target, "cites")
    return store


@pytest.fixture(scope="module")
def store() -> NetworkXGraphStore:
    return _synthetic_store()


@pytest.fixture(scope="module")
def questions(store) -> list[dict]:
    return generate_questions(store, "synthetic", per_type=100, seed=0)


# -- an independent reading of the raw networkx graph ---------------------------------
class Raw:
    def __init__(self, store: NetworkXGraphStore):
        self.g = store.graph
        self.by_label = {}
        for node, data in self.g.nodes(data=True):
            self.by_label[(data["type"], data.get("name") or data.get("title"))] = node

    def find(self, kind: str, label: str) -> str:
        return self.by_label[(kind, label)]

    def label(self, node: str) -> str:
        data = self.g.nodes[node]
        return data.get("name") or data.get("title")

    def authors(self, paper: str) -> list[str]:
        pairs = [(self.g.edges[a, paper, "writes"]["position"], a)
                 for a, _, k in self.g.in_edges(paper, keys=True) if k == "writes"]
        return [a for _, a in sorted(pairs)]

    def papers(self, author: str) -> list[str]:
        return [p for _, p, k in self.g.out_edges(author, keys=True) if k == "writes"]

    def venue(self, paper: str) -> str | None:
        venues = [v for _, v, k in self.g.out_edges(paper, keys=True) if k == "published_in"]
        return venues[0] if venues else None

    def coauthors(self, author: str) -> Counter:
        return Counter(a for p in self.papers(author) for a in self.authors(p) if a != author)

    def all_authors(self) -> list[str]:
        return [n for n, data in self.g.nodes(data=True) if data["type"] == "author"]


def _expected(raw: Raw, intent: str, slots: dict) -> list[str]:
    """Gold of a question from its full entity names (row["entities"])."""
    paper = raw.find("paper", slots["paper"]) if "paper" in slots else None
    author = raw.find("author", slots["author"]) if "author" in slots else None
    venue = raw.find("venue", slots["venue"]) if "venue" in slots else None
    attrs = raw.g.nodes[paper] if paper else raw.g.nodes[author] if author else {}
    mine = raw.papers(author) if author else []
    first_author = raw.authors(paper)[0] if paper and raw.authors(paper) else None
    group = set(p for a in raw.authors(paper) for p in raw.papers(a)) if paper else set()
    top = lambda counts: [raw.label(max(counts, key=counts.get))]  # noqa: E731 (ties excluded by generator)
    answers = {
        "paper_year": lambda: [str(attrs.get("year"))],
        "paper_citations": lambda: [str(attrs.get("cited_by_count"))],
        "paper_doi": lambda: [attrs.get("doi")],
        "paper_type": lambda: [attrs.get("work_type")],
        "author_orcid": lambda: [attrs.get("orcid")],
        "paper_authors": lambda: [raw.label(a) for a in raw.authors(paper)],
        "paper_coauthors": lambda: [raw.label(a) for a in raw.authors(paper) if a != author],
        "paper_coauthors_false_premise": lambda: [],
        "paper_venue": lambda: [raw.label(raw.venue(paper))],
        "paper_first_author": lambda: [raw.label(first_author)],
        "author_papers_in_venue": lambda: [raw.label(p) for p in mine if raw.venue(p) == venue],
        "author_paper_count": lambda: [str(len(mine))],
        "author_venue_paper_count": lambda: [str(sum(raw.venue(p) == venue for p in mine))],
        "paper_author_count": lambda: [str(len(raw.authors(paper)))],
        "author_most_cited_paper": lambda: top({p: raw.g.nodes[p]["cited_by_count"] for p in mine}),
        "author_first_year": lambda: [str(min(raw.g.nodes[p]["year"] for p in mine))],
        "author_top_venue": lambda: top(Counter(raw.venue(p) for p in mine if raw.venue(p))),
        "author_year_paper_count": lambda: [str(sum(str(raw.g.nodes[p]["year"]) == slots["year"] for p in mine))],
        "paper_authors_venue_count": lambda: [str(sum(raw.venue(p) == venue for p in group))],
        "author_coauthors": lambda: [raw.label(a) for a in raw.coauthors(author)],
        "author_coauthor_count": lambda: [str(len(raw.coauthors(author)))],
        "coauthored_yes_no": lambda: ["yes" if raw.find("author", slots["author2"]) in raw.coauthors(author) else "no"],
        "author_top_coauthor": lambda: top(raw.coauthors(author)),
        "paper_first_author_paper_count": lambda: [str(len(raw.papers(first_author)))],
        "paper_authors_venues": lambda: list({raw.label(raw.venue(p)) for p in group if raw.venue(p)}),
    }
    return answers[intent]()


# -- tests ---------------------------------------------------------------------------
def test_one_hundred_questions_per_type(questions):
    assert Counter(q["type"] for q in questions) == {
        "attribute": 100, "relation": 100, "aggregation": 100, "multihop": 100}
    assert len({q["id"] for q in questions}) == 400
    assert len({q["question"] for q in questions}) == 400


def test_intents_are_spread_evenly_within_a_type(questions):
    per_intent = Counter(q["intent"] for q in questions)
    for question_type in ("attribute", "relation", "aggregation", "multihop"):
        counts = [per_intent[i] for t, i, _ in SAMPLERS
                  if t == question_type and i != "paper_coauthors_false_premise"]
        assert all(counts), f"an intent of {question_type} produced no question: {counts}"
        assert max(counts) - min(counts) <= 1, (question_type, counts)


def test_false_premise_takes_half_a_share(questions):
    per_intent = Counter(q["intent"] for q in questions)
    others = [per_intent[i] for t, i, _ in SAMPLERS if t == "relation" and i != "paper_coauthors_false_premise"]
    assert per_intent["paper_coauthors_false_premise"] in (min(others) // 2, (max(others) + 1) // 2), per_intent
    assert 8 <= per_intent["paper_coauthors_false_premise"] <= 10


def test_gold_answers_match_an_independent_computation(store, questions):
    raw = Raw(store)
    for q in questions:
        expected = _expected(raw, q["intent"], q["entities"])
        assert sorted(q["answer"]) == sorted(expected), q


def test_questions_mention_their_slots_and_skip_traps(questions):
    for q in questions:
        for value in q["slots"].values():
            assert value in q["question"]
        text = json.dumps(q)
        for trap in (JUNK, TWIN_NAME, TWIN_TITLE, SHORT_TITLE):
            assert trap not in text, q


def test_false_premise_names_a_plausible_author_who_did_not_write_the_paper(store, questions):
    raw = Raw(store)
    wordings = load_templates("standard")["paper_coauthors"]
    false_premises = [q for q in questions if q["intent"] == "paper_coauthors_false_premise"]
    assert false_premises
    for q in false_premises:
        assert q["type"] == "relation" and q["answer"] == [] and not q["rendering"], q
        assert q["slots"] == q["entities"]
        assert any(w.format(**q["slots"]) == q["question"] for w in wordings), q
        paper, named = raw.find("paper", q["slots"]["paper"]), raw.find("author", q["slots"]["author"])
        byline = raw.authors(paper)
        assert 2 <= len(byline) <= 10
        assert named not in byline, q
        assert any(named in raw.coauthors(a) for a in byline), q
        surnames = {raw.label(a).split()[-1] for a in byline}
        tokens = {t for a in byline for t in raw.label(a).split()}
        assert not set(raw.label(named).split()) & surnames and raw.label(named).split()[-1] not in tokens, q


def test_templates_aliases_reuse_wordings_in_every_set_that_has_the_intent():
    for template_set in TEMPLATE_SETS:
        templates = load_templates(template_set)
        if "paper_coauthors" in templates:
            assert templates["paper_coauthors_false_premise"] == templates["paper_coauthors"]
        else:
            assert "paper_coauthors_false_premise" not in templates


def _write_set(monkeypatch, tmp_path, name: str, text: str) -> None:
    monkeypatch.setattr(template_sets, "TEMPLATE_DIR", tmp_path)
    (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")


def test_a_set_is_a_json_file_declaring_its_own_intents(monkeypatch, tmp_path):
    _write_set(monkeypatch, tmp_path, "mine", '{"paper_year": ["When did {paper} appear?"]}')
    assert template_sets.available_sets() == ("mine",)
    assert load_templates("mine") == {"paper_year": ["When did {paper} appear?"]}


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not valid JSON"),
    ('["a list"]', "expected a JSON object"),
    ('{"no_such_intent": ["{paper}?"]}', "unknown intent"),
    ('{"paper_year": []}', "non-empty list"),
    ('{"paper_year": ["When did {paper} appear in {city}?"]}', "unknown slot"),
    ('{"paper_year": ["{other_author} asks: when did {paper} appear?"]}', "unknown slot"),
    ('{"paper_year": ["When did {paper appear?"]}', "bad format string"),
])
def test_bad_template_files_raise_one_line_errors(monkeypatch, tmp_path, text, message):
    _write_set(monkeypatch, tmp_path, "bad", text)
    with pytest.raises(InputError, match=message):
        load_templates("bad")


def test_context_slots_are_allowed_in_free_typed_sets_only(monkeypatch, tmp_path):
    _write_set(monkeypatch, tmp_path, "freetyped_mine", '{"paper_year": ["{other_author} asks: when did {paper} appear?"]}')
    assert load_templates("freetyped_mine")["paper_year"]


def test_a_set_generates_only_the_types_of_its_intents(monkeypatch, tmp_path, store):
    _write_set(monkeypatch, tmp_path, "mine", '{"paper_year": ["When did {paper} appear?"], '
                                              '"author_paper_count": ["How many papers has {author} written?"]}')
    rows = generate_questions(store, "synthetic", per_type=5, template_set="mine")
    assert Counter((q["type"], q["intent"]) for q in rows) == {("attribute", "paper_year"): 5,
                                                               ("aggregation", "author_paper_count"): 5}


def test_yes_no_questions_are_balanced(questions):
    answers = Counter(q["answer"][0] for q in questions if q["intent"] == "coauthored_yes_no")
    assert abs(answers["yes"] - answers["no"]) <= 1 and answers["yes"] > 0


def test_same_seed_same_benchmark_other_seed_differs(store, questions):
    again = generate_questions(store, "synthetic", per_type=100, seed=0)
    assert again == questions
    other = generate_questions(store, "synthetic", per_type=100, seed=1)
    assert [q["question"] for q in other] != [q["question"] for q in questions]


def test_paraphrase_set_asks_about_the_same_entities(store, questions):
    paraphrased = generate_questions(store, "synthetic", per_type=100, seed=0, template_set="paraphrase")
    same = lambda q: (q["slots"], q["entities"], q["rendering"], q["answer"])  # noqa: E731
    assert [same(q) for q in paraphrased] == [same(q) for q in questions]
    assert sum(p["question"] != q["question"] for p, q in zip(paraphrased, questions)) > 300


def test_intents_without_candidates_are_skipped_and_others_fill_in(store):
    for node_id in list(store.nodes_of_type("paper")):
        store.graph.nodes[node_id].pop("doi", None)
        store.graph.nodes[node_id].pop("work_type", None)
    try:
        attribute = generate_questions(store, "synthetic", per_type=30, seed=0, types=("attribute",))
    finally:
        store.__setstate__(_synthetic_store().__getstate__())
    intents = Counter(q["intent"] for q in attribute)
    assert len(attribute) == 30
    assert set(intents) == {"paper_year", "paper_citations", "author_orcid"}


@pytest.mark.parametrize("template_set", TEMPLATE_SETS)
def test_template_sets_have_enough_wordings_with_consistent_slots(template_set):
    from hgrag.evaluation.catalogue import INTENTS

    templates = load_templates(template_set)
    assert set(templates) <= set(INTENTS)
    for intent, wordings in templates.items():
        assert len(wordings) >= 3, (template_set, intent)
        asked = {frozenset(template_sets.asked_slots(t)) for t in wordings}
        assert len(asked) == 1 or intent == "non_english", (template_set, intent, asked)


def test_bad_arguments_raise_one_line_errors(store):
    with pytest.raises(InputError, match="unknown template set"):
        generate_questions(store, per_type=5, template_set="bogus")
    with pytest.raises(InputError, match="at least 1"):
        generate_questions(store, per_type=0)


def test_write_questions_is_json_lines(tmp_path, questions):
    path = write_questions(questions[:3], tmp_path / "sub" / "q.jsonl")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows == questions[:3]


def test_unsupported_property_wordings_skip_kinds_the_graph_holds():
    """On a graph with institutions, 'which university is A at?' is answerable: no gold [] for it."""
    from hgrag.agents.kinds.lexicon import cues

    plain = _synthetic_store()
    rich = _synthetic_store()
    rich.add_node("I1", "institution", name="Example University")
    def asked_kinds(store):
        rows = generate_questions(store, "synthetic", per_type=60, seed=0, template_set="unanswerable")
        return {c.group for row in rows if row["intent"].endswith("unsupported_property")
                for c in cues(row["question"])}
    assert "institution" in asked_kinds(plain)  # the set does ask for affiliations
    assert "institution" not in asked_kinds(rich)
