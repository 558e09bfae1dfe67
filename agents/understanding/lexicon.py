"""The lexicon: every word or phrase hgrag understands, as data (agents/lexicon/<lang>.json).

A file maps families (kind, relation, attribute, value, operator, time, head, instruction, filler,
function, missing) to concepts and each concept to its surface forms; a family given as a plain list
makes every form its own concept. `concepts.json` maps a concept to the plan elements that consume it
(its IR signature) and a head concept to the answer kind it asks for. An underscore in a form is a
space ("how_many"). The English form listed first is a concept's canonical form.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

LEXICON_DIR = Path(__file__).resolve().parent.parent / "lexicon"
# when one form is in several families, the first family here wins
PRIORITY = ("missing", "instruction", "time", "operator", "relation", "attribute", "value", "kind", "head",
            "filler", "function", "general")
READ_LANGUAGES = ("en", "de", "fr")
MEANING_FAMILIES = ("kind", "relation", "attribute", "operator", "time", "instruction", "value", "missing", "head")
# (the families whose words bear on what is asked: a remark, an aside or a context clause holding one is read)


@dataclass(frozen=True)
class Lexicon:
    language: str
    forms: dict[str, str]  # surface form (words joined by one space) -> concept "family:name"
    concepts: dict[str, list[str]]  # concept -> its forms, first the canonical one
    longest: int = 1
    extra: dict = field(default_factory=dict)
    renders: dict = field(default_factory=dict)  # form -> its English rendering (other languages)
    _families: dict = field(default_factory=dict, compare=False, repr=False)  # family -> its concepts, once


    def concept(self, form: str) -> str | None:
        return self.forms.get(form)

    def family(self, family: str) -> dict[str, list[str]]:
        """{concept name: forms} of one family (computed once; callers must not change it)."""
        if family not in self._families:
            prefix = family + ":"
            self._families[family] = {c[len(prefix):]: f for c, f in self.concepts.items() if c.startswith(prefix)}
        return self._families[family]

    def words(self, *families: str) -> frozenset[str]:
        """Every single-word form of the families named (all families when none)."""
        wanted = families or PRIORITY
        return frozenset(f for c, forms in self.concepts.items() if c.split(":", 1)[0] in wanted
                         for f in forms if " " not in f)

    def canonical(self, concept: str) -> str:
        forms = self.concepts.get(concept)
        return forms[0] if forms else concept.split(":", 1)[-1].replace("_", " ")


def _form(raw: str) -> str:
    return " ".join(raw.replace("_", " ").lower().split())


def _entries(families: dict) -> list[tuple[str, str, str | None, list[str]]]:
    """(family, concept name, English rendering or None, forms); a name "writes=written" renders as "written"."""
    entries = []
    for family, body in families.items():
        if isinstance(body, list):
            entries += [(family, _form(f), None, [_form(f)]) for f in body]
            continue
        for key, forms in body.items():
            name, _, render = key.partition("=")
            entries.append((family, name or "drop", render if "=" in key else None, [_form(f) for f in forms]))
    return entries


def _negation_split(form: str) -> str:
    """A form as the tagger reads its words: a negation written as a word of its own ("don't" -> "do n't")."""
    return re.sub(r"(?<=\w)n['’]t\b", " n't", form) if "n't" in form or "n’t" in form else form


@lru_cache(maxsize=8)
def load(language: str = "en") -> Lexicon:
    """The lexicon of one language (en, de, fr); raises FileNotFoundError for another."""
    data = json.loads((LEXICON_DIR / f"{language}.json").read_text(encoding="utf-8"))
    rank = {family: i for i, family in enumerate(PRIORITY)}
    concepts: dict[str, list[str]] = {}
    forms: dict[str, str] = {}
    renders: dict[str, str] = {}
    for family, name, render, surface in sorted(_entries(data["families"]), key=lambda e: rank.get(e[0], len(rank))):
        concept = f"{family}:{name}"
        concepts.setdefault(concept, [])
        for form in surface:
            if form not in concepts[concept]:
                concepts[concept].append(form)
            for said in dict.fromkeys((form, _negation_split(form))):  # ("don't count them twice" as tagged)
                if said not in forms:
                    forms[said] = concept
                    if render is not None:
                        renders[said] = render
    longest = max((len(f.split()) for f in forms), default=1)
    extra = {k: v for k, v in data.items() if k != "families"}
    return Lexicon(language, forms, concepts, longest, extra, renders)


@lru_cache(maxsize=1)
def signatures() -> dict[str, dict]:
    """concept -> {"any": [IR features], "required": bool, "kind": answer kind, "hop": edge}."""
    return json.loads((LEXICON_DIR / "concepts.json").read_text(encoding="utf-8"))["signatures"]
