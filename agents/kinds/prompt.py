"""What the LLM planners are told about the richer OpenAlex kinds (only on a graph that has them)."""

from __future__ import annotations

from typing import Any

from hgrag.agents.kinds.lexicon import lexicon

RICH_SCHEMA_NOTE = """
This graph (OpenAlex) also holds affiliations, topics, keywords and funders:
  nodes: authorship (one author on one paper), institution (name, country_code, institution_type),
         topic, subfield, field, domain, keyword, funder (each: name)
  edges: authorship -authorship_by-> author, authorship -authorship_of-> paper,
         authorship -affiliated_with-> institution (an author's institution ON THAT PAPER),
         paper -has_topic-> topic, paper -primary_topic-> topic, topic -in_subfield-> subfield
         -in_field-> field -in_domain-> domain, paper -has_keyword-> keyword, paper -funded_by-> funder
  match types also: institution|topic|subfield|field|domain|keyword|funder; paper filters also: topic,
  primary_topic, keyword, funder (with "sub"). A paper's field is its primary topic's field.
Example, "Which institutions was Ada Lovelace affiliated with on Notes on the Engine?":
{"steps":[{"id":"s1","op":"match","type":"author","text":"Ada Lovelace"},
 {"id":"s2","op":"traverse","input":"s1","edge":"authorship_by","direction":"in"},
 {"id":"s3","op":"match","type":"paper","text":"Notes on the Engine"},
 {"id":"s4","op":"traverse","input":"s3","edge":"authorship_of","direction":"in"},
 {"id":"s5","op":"intersect","inputs":["s2","s4"]},
 {"id":"s6","op":"traverse","input":"s5","edge":"affiliated_with","direction":"out"}]}
Words that name these kinds: """


def schema_note(store: Any) -> str:
    """The note for a store with the richer kinds, else "" (DBLP: the prompt is unchanged)."""
    from hgrag.tools.rich_index import rich_index

    if not rich_index(store):
        return ""
    words = lexicon()
    named = sorted({p for kind in words["asks_kind"] for p in words["kinds"][kind]})
    return RICH_SCHEMA_NOTE + ", ".join(named) + "."
