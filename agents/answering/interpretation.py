"""A plain-English reading of a plan IR: what will be computed ("papers by Theis I. Sølling with more
than 20 citations"; "the number of distinct venues of papers by A"). It is read back from the IR
alone, so it says what the executor does, whatever planner wrote the plan."""

from __future__ import annotations

from typing import Any

ATTRIBUTE_WORDS = {"year": "publication year", "cited_by_count": "citation count", "doi": "DOI",
                   "work_type": "publication type", "venue_type": "venue type", "language": "language",
                   "orcid": "ORCID", "issn_l": "ISSN-L", "n_authors": "number of authors", "n_references": "number of references in the graph", "total_citations": "total citation count of their papers", "n_coauthors": "number of co-authors", "n_distinct_coauthors": "number of distinct co-authors", "first_year": "first publication year", "last_year": "last publication year", "career_span": "career span (last minus first publication year)", "n_papers": "number of papers",
                   "n_keywords": "number of keywords", "country_code": "country code", "frequency": "number of the papers above reaching it"}
COMPARISON_WORDS = {"=": "equal to", "!=": "other than", "<": "less than", "<=": "at most", ">": "more than",
                    ">=": "at least"}
FUNCTION_WORDS = {"count": "the number of", "sum": "the total", "avg": "the average", "min": "the lowest",
                  "max": "the highest", "span": "the span (last minus first)",
                  "frequency": "how often it occurs",
                  "h_index": "the h-index (the largest h with h papers cited at least h times each) by"}
DESCRIBED = {"paper": "the papers with '{}' in their title", "author": "the authors named '{}'"}
PLURAL = {"author": "authors", "paper": "papers", "venue": "venues"}
# the richer OpenAlex edges (tools/graph_kinds.py): (edge, direction) -> reading of the walk
RICH_READINGS = {("authorship_by", "in"): "the author entries of {}", ("authorship_by", "out"): "the authors of {}",
                 ("authorship_of", "in"): "the author entries on {}", ("authorship_of", "out"): "the papers of {}",
                 ("affiliated_with", "out"): "the institutions (affiliations) of {}",
                 ("affiliated_with", "in"): "the author entries affiliated with {}",
                 ("has_topic", "out"): "the topics of {}", ("has_topic", "in"): "papers with topic {}",
                 ("primary_topic", "out"): "the primary topic of {}",
                 ("primary_topic", "in"): "papers whose primary topic is {}",
                 ("in_subfield", "out"): "the subfield of {}", ("in_subfield", "in"): "the topics in {}",
                 ("in_field", "out"): "the field of {}", ("in_field", "in"): "the subfields in {}",
                 ("in_domain", "out"): "the domain of {}", ("in_domain", "in"): "the fields in {}",
                 ("has_keyword", "out"): "the keywords of {}", ("has_keyword", "in"): "papers with keyword {}",
                 ("funded_by", "out"): "the funders of {}", ("funded_by", "in"): "papers funded by {}"}


class Reader:
    def __init__(self, store: Any = None, labels: dict[str, tuple[str, str]] | None = None,
                 described: set[str] | None = None):
        self.store = store
        self.labels = labels or {}  # node id -> (label, type), e.g. from the plan's linked mentions
        self.described = described or set()  # mentions standing for every node they fit ('the paper on K')

    def label(self, node: Any) -> str:
        if not isinstance(node, str):
            return str(node)
        if self.store is not None and self.store.has_node(node):
            text, kind = self.store.label(node), self.store.node_type(node)
        elif node in self.labels:
            text, kind = self.labels[node]
        else:
            return node
        return f"'{text}'" if kind == "paper" else text

    def read(self, op: dict[str, Any] | None) -> str:
        if not op:
            return "nothing (no entity of the question was linked)"
        handler = getattr(self, f"_{op.get('op')}", None)
        return handler(op) if handler else f"<{op.get('op')}>"

    def _match(self, op: dict[str, Any]) -> str:
        names = [self.label(n) for n in op.get("ids", [])]
        text, kind = op.get("text") or "", op.get("type")
        if text in self.described and kind in DESCRIBED:  # 'the paper on K', 'Jack'
            return DESCRIBED[kind].format(text)
        if len(names) > 3:  # a set carried over from an earlier answer: named in short
            return f"the {len(names)} {op.get('type', 'node')}s {', '.join(names[:2])} and {len(names) - 2} more"
        return " and ".join(names) if names else f"'{op.get('text', '?')}'"

    def _traverse(self, op: dict[str, Any]) -> str:
        inner, source = self.read(op["input"]), op["input"]
        edge, direction, position = op["edge"], op["direction"], op.get("position")
        if edge == "writes" and direction == "out":
            role = {1: " as first author", -1: " as last author"}.get(position, "")
            return f"papers by {inner}{role}"
        if edge == "writes":
            role = {1: "the first author", -1: "the last author"}.get(position, "the authors")
            if source.get("op") == "traverse" and source.get("edge") == "writes" and source.get("direction") == "out" \
                    and position is None:
                return f"the co-authors on {inner}"
            return f"{role} of {inner}"
        if edge == "published_in":
            return f"the venues of {inner}" if direction == "out" else f"papers in {inner}"
        if edge == "cites":
            return f"papers cited by {inner}" if direction == "out" else f"papers citing {inner}"
        if (edge, direction) in RICH_READINGS:
            return RICH_READINGS[(edge, direction)].format(inner)
        return f"the neighbourhood of {inner}"

    def _filter(self, op: dict[str, Any]) -> str:
        inner, attr, cmp = self.read(op["input"]), op["attr"], op["cmp"]
        value = self.read(op["sub"]) if op.get("sub") else op.get("value")
        if attr == "venue":
            return f"{inner} {'not ' if cmp in ('!=', 'not_in') else ''}in {self._names(value)}"
        if attr == "author":
            return f"{inner} {'without' if cmp in ('!=', 'not_in') else 'with'} {self._names(value)}"
        if attr == "id":
            return f"{inner} {'except' if cmp in ('!=', 'not_in') else 'among'} {op.get('text') or self._names(value)}"
        if attr == "year" and cmp == "=" and _one_paper_year(op.get("sub")) and op.get("offset") is None:
            return f"{inner} published in the same year as {self.read(op['sub']['input']['input'])}"
        if attr == "year" and op.get("sub") and op.get("offset") is not None:
            return f"{inner} {_year_offset_phrase(op['offset'], value, op.get('cmp', '='))}"
        if attr == "year":
            return f"{inner} {_year_phrase(cmp, value)}"
        word = ATTRIBUTE_WORDS.get(attr, attr)
        if cmp == "between":
            return f"{inner} with {word} between {value[0]} and {value[1]}"
        return f"{inner} with {word} {COMPARISON_WORDS.get(cmp, cmp)} {value}"

    def _names(self, value: Any) -> str:
        if isinstance(value, str):
            return self.label(value) if not value.startswith(("papers", "the ", "'")) else value
        if isinstance(value, list):
            return " or ".join(self.label(v) for v in value)
        return str(value)

    def _intersect(self, op: dict[str, Any]) -> str:
        parts = [self.read(i) for i in op["inputs"]]
        return f"{_shared_prefix(parts)}" if _same_shape(op["inputs"]) else " that are also ".join(parts)

    def _union(self, op: dict[str, Any]) -> str:
        return " together with ".join(self.read(i) for i in op["inputs"])

    def _difference(self, op: dict[str, Any]) -> str:
        first, *rest = [self.read(i) for i in op["inputs"]]
        return f"{first}, except {' and '.join(rest)}"

    def _aggregate(self, op: dict[str, Any]) -> str:
        inner, fn = self.read(op["input"]), op["fn"]
        if fn == "count":
            return f"the number of {inner}"
        if fn == "frequency":
            return f"how many times {inner} occurs"
        word = ATTRIBUTE_WORDS.get(op.get("attr") or "", op.get("attr") or "value")
        places = op.get("round")
        rounding = "" if places is None else f" (rounded to {places} decimal place{'s' if places != 1 else ''})"
        if op["input"].get("op") == "project" and op.get("attr") == "frequency":  # papers per year
            counted = self.read(op["input"]["input"])
            per = ATTRIBUTE_WORDS.get(op["input"]["attr"], op["input"]["attr"])
            return f"{FUNCTION_WORDS[fn]} number of {counted} per {per} (over the {per}s they have){rounding}"
        if op["input"].get("op") == "project":
            return f"{FUNCTION_WORDS[fn]} of {inner}{rounding}"
        return f"{FUNCTION_WORDS[fn]} {word} of {inner}{rounding}"

    def _top(self, op: dict[str, Any]) -> str:
        inner, key, order = self.read(op["input"]), op.get("key", "frequency"), op.get("order", "max")
        if key == "frequency":
            return f"the most frequent of {inner}" if order == "max" else f"the least frequent of {inner}"
        if key in ("year", "value") and (key == "year" or "year" in inner):
            return f"the {'latest' if order == 'max' else 'earliest'} of {inner}"
        word = ATTRIBUTE_WORDS.get(key, key)
        return f"the one of {inner} with the {'highest' if order == 'max' else 'lowest'} {word}"

    def _project(self, op: dict[str, Any]) -> str:
        return f"the {ATTRIBUTE_WORDS.get(op['attr'], op['attr'])} of {self.read(op['input'])}"

    def _test(self, op: dict[str, Any]) -> str:
        inner, cmp, value = self.read(op["input"]), op["cmp"], op.get("value")
        if cmp == "not":
            return f"whether it is not so: {inner}"
        if cmp == "nonempty" and _one_named_filtered(op["input"]):  # 'has T been cited more than 10 times?'
            source = op["input"]
            word = ATTRIBUTE_WORDS.get(source["attr"], source["attr"])
            value = source.get("value")
            value = f"{value[0]} and {value[1]}" if source["cmp"] == "between" else value
            return f"whether {self.read(source['input'])} has a {word} {COMPARISON_WORDS.get(source['cmp'], source['cmp'])} {value}"
        if cmp == "nonempty":
            return f"whether there are any {inner[4:] if inner.startswith('the ') else inner}"
        if cmp == "contains" and _one_value_of_one(op["input"]):  # 'is V a journal?'
            return f"whether {inner} is {self._names(value)}"
        if cmp == "contains":
            return f"whether {self._names(value)} is among {inner}"
        if cmp == "contains_all":
            return f"whether {' and '.join(self.label(v) for v in value)} are all among {inner}"
        return f"whether {inner} is {COMPARISON_WORDS.get(cmp, cmp)} {value}"

    def _path(self, op: dict[str, Any]) -> str:
        return (f"the length of the shortest co-author chain from {self.read(op['source'])} "
                f"to {self.read(op['target'])}")

    def _describe(self, op: dict[str, Any]) -> str:
        return f"a profile of {self.read(op['input'])}"

    def _outputs(self, op: dict[str, Any]) -> str:
        return "; ".join(f"{item['label']}: {self.read(item['plan'])}" for item in op["items"])

    def _unsupported(self, op: dict[str, Any]) -> str:
        return f"nothing: {op.get('reason') or 'the graph does not record what is asked'}"


def _year_offset_phrase(offset: Any, value: Any, cmp: str = "=") -> str:
    """'published 1 year after the earliest …', 'published within the 4 years from the earliest …', 'published
    more than 2 years after the earliest …'."""
    if isinstance(offset, list):
        low, high = offset
        span = high - low + 1
        if low > 0 or high < 0:  # a window right after (before) the year, the year itself left out
            return f"published in the {span} years {'after' if low > 0 else 'before'} {value}" + \
                (f" (from {low} year{'s' if low != 1 else ''} on)" if low > 1 else "")
        return f"published within the {span} years {'from' if low == 0 else 'up to'} {value}"
    step = abs(offset)
    beyond = {">": "more than ", "<": "more than ", ">=": "at least ", "<=": "at least "}.get(cmp, "")
    return f"published {beyond}{step} year{'s' if step != 1 else ''} {'after' if offset > 0 else 'before'} {value}"


def _year_phrase(cmp: str, value: Any) -> str:
    if cmp == "between":
        return f"published {value[0]}–{value[1]}"
    if cmp == "!=":
        return f"published in a year other than {value}"
    words = {"=": "in", ">=": "in or after", "<=": "in or before", ">": "after", "<": "before"}
    return f"published {words.get(cmp, cmp)} {value}"



def _same_shape(inputs: list[dict[str, Any]]) -> bool:
    return len({_shape(i) for i in inputs}) == 1


def _shape(op: dict[str, Any]) -> str:
    if op.get("op") == "match":
        return "match"
    child = op.get("input")
    return f"{op.get('op')}:{op.get('edge', '')}:{op.get('direction', '')}>" + (_shape(child) if isinstance(child, dict) else "")


def _shared_prefix(parts: list[str]) -> str:
    """'papers by A' + 'papers by B' -> 'papers by A and B (in common)'."""
    head = parts[0].rsplit(" ", 1)[0] if parts else ""
    stems = [p.split(" of ")[0] if " of " in p else p for p in parts]
    if all(" of " in p for p in parts) and len(set(stems)) == 1:
        return f"{stems[0]} of both " + " and ".join(p.split(" of ", 1)[1] for p in parts)
    if all(p.startswith("papers by ") for p in parts):
        return "papers by both " + " and ".join(p[len("papers by "):] for p in parts)
    return " and also ".join(parts) if head else ""


def interpret(ir: dict[str, Any] | None, store: Any = None, anchors: list[dict[str, Any]] | None = None) -> str:
    """The plain-English reading of a plan IR (labels from the store, or from the linked mentions)."""
    labels = {m["node_id"]: (m.get("label") or m.get("text", ""), m.get("type", "")) for m in anchors or []
              if m.get("node_id")}
    described = {m.get("text", "") for m in anchors or [] if m.get("members") and m.get("type") in DESCRIBED}
    text = Reader(store, labels, described).read(ir)
    return text[:1].upper() + text[1:] if text else text


def _one_named_filtered(op: dict[str, Any]) -> bool:
    """A numeric filter right on one named entity (a yes/no question about that entity's number)."""
    source = op.get("input") or {}
    return (op.get("op") == "filter" and op.get("attr") not in ("venue", "author", "id", "year") and not op.get("sub")
            and source.get("op") == "match" and len(source.get("ids") or []) == 1)


SINGLE_VALUED = ("venue_type", "work_type", "language", "doi", "orcid", "issn_l")


def _one_value_of_one(op: dict[str, Any]) -> bool:
    """A single-valued attribute of one named entity (its type, language, identifier)."""
    source = op.get("input") or {}
    return op.get("op") == "project" and op.get("attr") in SINGLE_VALUED and source.get("op") == "match" \
        and len(source.get("ids") or []) == 1


def _one_paper_year(sub: dict[str, Any] | None) -> bool:
    """Whether a sub-plan is the year of one named paper (the max or min of its one year)."""
    inner = (sub or {}).get("input") or {}
    return (sub or {}).get("op") == "aggregate" and sub.get("fn") in ("max", "min") and inner.get("op") == "project" \
        and inner.get("attr") == "year" and (inner.get("input") or {}).get("op") == "match" \
        and len(inner["input"].get("ids") or []) == 1
