"""What the LLM planners are told of the lexicon: a few forms of each concept the plan language
consumes, and the words for what the graph does not hold (so the model answers `unsupported`). The
note is built from agents/lexicon/en.json, the file the parser and the check read, so a synonym
added there reaches the prompt too."""

from __future__ import annotations

from functools import lru_cache

from hgrag.agents.understanding.lexicon import load

SHOWN_FAMILIES = ("relation", "attribute", "operator", "time")
FORMS_PER_CONCEPT = 3


def _forms(forms: list[str]) -> str:
    return "/".join(f.replace("_", " ") for f in forms[:FORMS_PER_CONCEPT])


@lru_cache(maxsize=2)
def lexicon_note(held: frozenset[str] = frozenset()) -> str:
    """A short note for the planner prompt; `held` names the `missing` entries this graph does hold
    (OpenAlex's affiliations, funding, keywords or topics)."""
    lexicon = load("en")
    lines = ["", "Words and what they mean in a plan (from hgrag's lexicon):"]
    for family in SHOWN_FAMILIES:
        concepts = lexicon.family(family)
        shown = "; ".join(f"{name}: {_forms(forms)}" for name, forms in sorted(concepts.items()))
        lines.append(f"  {family}: {shown}")
    missing = {name: forms for name, forms in lexicon.family("missing").items() if name not in held}
    lines.append("The graph holds no " + ", ".join(sorted(missing)) + " — a question that needs one of them gets "
                 "op 'unsupported' with that reason.")
    return "\n".join(lines)


def note_for(store: object) -> str:
    """The note for a store: on a graph with the richer kinds, their families are not 'missing'."""
    from hgrag.agents.checking.unsupported import HELD_BY_RICHER
    from hgrag.tools.rich_index import rich_index

    return lexicon_note(HELD_BY_RICHER | {"funding agencies"} if rich_index(store) else frozenset())
