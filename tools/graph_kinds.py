"""The richer OpenAlex node and edge kinds (issue 22): affiliations, topics, keywords, funders.

  authorship   one author on one paper (id 'paper|author'): the affiliation keeps its paper
               authorship -authorship_by-> author, -authorship_of-> paper, -affiliated_with-> institution
  institution  (name, country_code, institution_type)
  topic -in_subfield-> subfield -in_field-> field -in_domain-> domain     (each: name)
  paper -has_topic-> topic (score, primary), paper -primary_topic-> topic (score)
  paper -has_keyword-> keyword (score), paper -funded_by-> funder

DBLP and AMiner have none of these; `HOLDS_NONE` says so in one sentence per missing kind.
"""

from __future__ import annotations

RICH_NODE_TYPES = ("authorship", "institution", "topic", "subfield", "field", "domain", "keyword", "funder")
RICH_EDGE_TYPES = ("authorship_by", "authorship_of", "affiliated_with", "has_topic", "primary_topic",
                   "in_subfield", "in_field", "in_domain", "has_keyword", "funded_by")
# node kinds a question can name (the entity index of the richer kinds covers these)
NAMED_RICH_TYPES = ("institution", "topic", "subfield", "field", "domain", "keyword", "funder")
RICH_LABEL_ATTR = {t: "name" for t in RICH_NODE_TYPES}

# (edge, direction) -> (start type, end type)
RICH_EDGE_ENDS: dict[tuple[str, str], tuple[str, str]] = {}
for _edge, _start, _end in (("authorship_by", "authorship", "author"), ("authorship_of", "authorship", "paper"),
                            ("affiliated_with", "authorship", "institution"), ("has_topic", "paper", "topic"),
                            ("primary_topic", "paper", "topic"), ("in_subfield", "topic", "subfield"),
                            ("in_field", "subfield", "field"), ("in_domain", "field", "domain"),
                            ("has_keyword", "paper", "keyword"), ("funded_by", "paper", "funder")):
    RICH_EDGE_ENDS[(_edge, "out")] = (_start, _end)
    RICH_EDGE_ENDS[(_edge, "in")] = (_end, _start)

# the default edge between two node types (the primary topic is asked for by its own edge)
RICH_EDGE_BETWEEN = {(start, end): (edge, direction) for (edge, direction), (start, end) in RICH_EDGE_ENDS.items()
                     if edge != "primary_topic"}

# what each kind is called in a sentence, and what an edge says (evidence and interpretation)
EDGE_PHRASES = {"authorship_by": "by", "authorship_of": "on", "affiliated_with": "affiliated with",
                "has_topic": "has topic", "primary_topic": "has primary topic", "in_subfield": "in subfield",
                "in_field": "in field", "in_domain": "in domain", "has_keyword": "has keyword",
                "funded_by": "funded by"}

HOLDS_NONE = {"affiliations": "the {graph} graph holds no affiliations (institutions) of its authors",
              "topics": "the {graph} graph holds no topics, fields or keywords of its papers",
              "funders": "the {graph} graph holds no funders of its papers"}
KIND_FAMILY = {"institution": "affiliations", "authorship": "affiliations", "topic": "topics",
               "subfield": "topics", "field": "topics", "domain": "topics", "keyword": "topics",
               "funder": "funders"}


# an authorship hop stands for the `writes` edge it refines (checks that look for authors or papers)
STANDS_FOR = {"authorship_by": "writes", "authorship_of": "writes"}


def authorship_id(paper: str, author: str) -> str:
    return f"{paper}|{author}"


def holds_none(kind: str, graph: str) -> str:
    """'the DBLP graph holds no affiliations (institutions) of its authors' for a kind it lacks."""
    return HOLDS_NONE[KIND_FAMILY[kind]].format(graph=graph)
