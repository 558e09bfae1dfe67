"""String keys for entity linking: the label forms a mention may take, and how strongly each matches.

Every node type gets an `exact` key (the label as displayed, quotes straightened, a trailing
period dropped) and a `normalized` key (`norm_key`: case, accents, punctuation, HTML).
Authors also get person-name keys, so "Simon, Marvin K.", "Marvin Simon", "M. K. Simon"
and "Simon, M." all reach "Marvin K. Simon", each with its own strength.
"""

from __future__ import annotations

from functools import lru_cache

from collections import defaultdict
from collections.abc import Callable, Iterable

from hgrag.tools.text import clean_display, name_tokens, norm_key

# map kind -> (match reported to callers, score); kinds are listed strongest first.
MATCH_OF: dict[str, tuple[str, float]] = {
    "exact": ("exact", 1.0),
    "normalized": ("normalized", 0.98),
    "name": ("name", 0.95),
    "first_last": ("name", 0.9),  # middle names ignored: "Marvin Simon" ~ "Marvin K. Simon"
    "initials": ("initials", 0.85),  # first initial + surname, any label: "M. Simon"
    "abbreviated": ("initials", 0.85),  # labels written with an initial, for full-name queries
}
MAX_NAME_TOKENS = 5  # the most name parts a person's name is probed by first and last alone
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'",
                         "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"'})

Ids = str | tuple[str, ...]  # one node id, or several sharing a key (most prominent first)
KeyMap = dict[str, Ids]


def exact_key(text: str) -> str:
    """The label as written: whitespace folded, quotes straightened, edge quotes and final '.' dropped."""
    text = clean_display(text).translate(_QUOTES).strip(" \"'")
    return text.rstrip(".").rstrip()


def label_text(value: object) -> str:
    """A stored label attribute as the index files it ('' = unlabelled, not indexed)."""
    return clean_display(str(value or ""))


GIVEN_INITIAL = "given_initial"  # derived at run time from the "name" keys, not stored


def first_last_initial(core: list[str]) -> str:
    return f"{core[0]} {core[-1][0]}"


def _core_tokens(tokens: list[str]) -> list[str]:
    return [token for token in tokens if token not in NAME_SUFFIXES]


def label_keys(label: str, node_type: str) -> dict[str, str]:
    """Every key a node label is filed under, by map kind (empty keys left out)."""
    keys = {"exact": exact_key(label), "normalized": norm_key(label)}
    if node_type == "author":
        tokens = name_tokens(label)
        keys["name"] = " ".join(tokens)
        core = _core_tokens(tokens)
        if len(core) >= 2:
            keys["initials"] = f"{core[0][0]} {core[-1]}"
            if len(core[0]) > 1:
                keys["first_last"] = f"{core[0]} {core[-1]}"
            else:
                keys["abbreviated"] = keys["initials"]
    return {kind: key for kind, key in keys.items() if key}


def query_keys(text: str, node_types: Iterable[str]) -> list[tuple[str, str, str, str]]:
    """(node type, map kind, key, kind whose match/score it reports) to probe, strongest first."""
    return list(_query_keys(text, tuple(node_types)))


@lru_cache(maxsize=1 << 15)  # the mention detector probes the same word spans several times per question
def _query_keys(text: str, node_types: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    common = [("exact", exact_key(text), "exact"), ("normalized", norm_key(text), "normalized")]
    probes = []
    for node_type in node_types:
        kinds = common + _name_probes(name_tokens(text)) if node_type == "author" else common
        probes.extend((node_type, kind, key, reported) for kind, key, reported in kinds if key)
    return tuple(probes)


def _name_probes(tokens: list[str]) -> list[tuple[str, str, str]]:
    probes = [("name", " ".join(tokens), "name")]
    core = _core_tokens(tokens)
    if len(core) < 2 or len(core) > MAX_NAME_TOKENS:  # (a run of many words is no person's name: a title's first
        return probes  # and last word, 'Saudi … Arabia', must not reach an author 'Saudi Arabia')
    initials = f"{core[0][0]} {core[-1]}"
    if len(core[0]) == 1:  # "M. Simon", "Simon, M. K.": every author with that initial + surname
        return probes + [("initials", initials, "initials")]
    if len(core) == 2 and len(core[-1]) == 1:  # "Halima A.": a given name and the surname's initial
        return probes + [(GIVEN_INITIAL, first_last_initial(core), "initials")]
    first_last = f"{core[0]} {core[-1]}"
    if len(core) == 2:  # "Marvin Simon": labels with any middle names
        probes.append(("first_last", first_last, "first_last"))
    else:  # "Marvin K. Simon": labels without middle names
        probes.append(("name", first_last, "first_last"))
    return probes + [("abbreviated", initials, "abbreviated")]


class LabelMaps:
    """Per node type, per kind: key -> node ids. Look-ups are a handful of dict probes."""

    def __init__(self, maps: dict[str, dict[str, KeyMap]]):
        self.maps = maps
        self._derived: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {}

    @classmethod
    def build(cls, labelled: dict[str, Iterable[tuple[str, str]]],
              prominence: Callable[[str, str], float]) -> LabelMaps:
        """From (node id, label) pairs per type; shared keys list the most prominent node first."""
        maps: dict[str, dict[str, KeyMap]] = {}
        for node_type, pairs in labelled.items():
            grouped: dict[str, defaultdict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
            for node_id, label in pairs:
                for kind, key in label_keys(label, node_type).items():
                    grouped[kind][key].append(node_id)
            maps[node_type] = {kind: _compact(by_key, node_type, prominence)
                               for kind, by_key in grouped.items()}
        return cls(maps)

    def _given_initials(self, node_type: str) -> dict[str, tuple[str, ...]]:
        """Given name + surname initial -> authors ('halima a'), derived once from the full-name keys."""
        if (node_type, GIVEN_INITIAL) not in self._derived:
            derived: dict[str, list[str]] = defaultdict(list)
            for key, node_id in self.keyed(node_type, "name"):
                core = _core_tokens(key.split())
                if len(core) >= 2 and len(core[0]) > 1:
                    derived[first_last_initial(core)].append(node_id)
            self._derived[(node_type, GIVEN_INITIAL)] = {k: tuple(dict.fromkeys(v)) for k, v in derived.items()}
        return self._derived[(node_type, GIVEN_INITIAL)]

    def node_types(self) -> list[str]:
        return list(self.maps)

    def keyed(self, node_type: str, kind: str) -> list[tuple[str, str]]:
        """Every (key, node id) pair filed under one map kind of a node type."""
        return [(key, node_id) for key, found in self.maps.get(node_type, {}).get(kind, {}).items()
                for node_id in ((found,) if isinstance(found, str) else found)]

    def ids(self, node_type: str, kind: str, key: str) -> tuple[str, ...]:
        if kind == GIVEN_INITIAL:
            return self._given_initials(node_type).get(key, ())
        found = self.maps.get(node_type, {}).get(kind, {}).get(key)
        if found is None:
            return ()
        return (found,) if isinstance(found, str) else found

    def matches(self, text: str, node_types: Iterable[str]) -> list[tuple[str, str, str, float]]:
        """(node id, node type, match, score) for every node a mention names, best match per node."""
        best: dict[str, tuple[str, str, str, float]] = {}
        for node_type, kind, key, reported in query_keys(text, node_types):
            match, score = MATCH_OF[reported]
            for node_id in self.ids(node_type, kind, key):
                if node_id not in best or best[node_id][3] < score:
                    best[node_id] = (node_id, node_type, match, score)
        return sorted(best.values(), key=lambda hit: -hit[3])


def _compact(by_key: dict[str, list[str]], node_type: str,
             prominence: Callable[[str, str], float]) -> KeyMap:
    compact: KeyMap = {}
    for key, ids in by_key.items():
        unique = list(dict.fromkeys(ids))
        if len(unique) == 1:
            compact[key] = unique[0]
        else:
            compact[key] = tuple(sorted(unique, key=lambda node_id: -prominence(node_id, node_type)))
    return compact


def same_name_key(name: str) -> str:
    """A person name with case, accents, hyphens, spaces and 'Surname, Given' order folded away:
    'Khalid Al-Ramadan', 'Khalid Al‐Ramadan' (U+2010) and 'Khalid Al Ramadan' are one name."""
    return "".join(name_tokens(name))


def same_name_scores(text: str, scores: dict[str, float], label_of: Callable[[str], str]) -> dict[str, float]:
    """Candidate scores where every candidate whose label is the mention's name (`same_name_key`) has the
    best score among them: how the name was typed (which hyphen, a space) does not pick one of them."""
    key = same_name_key(text)
    same = [node for node in scores if key and same_name_key(label_of(node)) == key]
    if len(same) < 2:
        return scores
    top = max(scores[node] for node in same)
    return {node: top if node in same else score for node, score in scores.items()}


# -- does a mention denote a label? (strict checks for fuzzy and embedding candidates) --------------
TITLE_MIN_RATIO = 90.0
MIN_PREFIX_WORDS = 3


def max_edits(length: int) -> int:
    """Typos tolerated in a word of this length: none below 5 letters, 1 up to 8, 2 beyond."""
    return 0 if length < 5 else 1 if length <= 8 else 2


def words_match(a: str, b: str) -> bool:
    """Equal, or within a small typo of each other relative to the shorter word's length."""
    from rapidfuzz.distance import OSA  # edit distance where a swap of two letters is one typo

    if a == b:
        return True
    allowed = max_edits(min(len(a), len(b)))
    return allowed > 0 and OSA.distance(a, b, score_cutoff=allowed) <= allowed


def _given_compatible(a: str, b: str) -> bool:
    """Given-name tokens agree: equal up to a typo, or one is an initial of the other."""
    if len(a) == 1 or len(b) == 1:
        return a[0] == b[0]
    return words_match(a, b)


def name_denotes(mention: str, label: str) -> bool:
    """A person-name mention denotes a label when the surnames match (up to a small typo), the first
    given names match or are compatible initials, and every further given token of the mention is
    an initial or word of the label. A shared first name or one shared surname token is not enough,
    and a given name written out is not matched by an initial alone ('Max Simon' is not 'M. Simon':
    nothing says Max is the M.; the other way round, 'M. Simon' may be Marvin K. Simon)."""
    said, full = _core_tokens(name_tokens(mention)), _core_tokens(name_tokens(label))
    if len(said) < 2 or len(full) < 2:
        return False
    if len(said[0]) > 1 and len(full[0]) == 1:
        return False
    if not words_match(said[-1], full[-1]) or not _given_compatible(said[0], full[0]):
        return False
    rest = full[1:-1]
    return all(any(_given_compatible(token, other) for other in rest) for token in said[1:-1])


def title_denotes(mention: str, label: str, truncated: bool = False) -> bool:
    """A title mention denotes a label when the two are nearly the same string (rapidfuzz ratio of
    the normalised forms >= 90), or, for a title cut short, the label starts with the mention and
    the mention is a clear prefix (3+ words, 2+ of them with 4+ letters)."""
    from rapidfuzz import fuzz

    said, full = norm_key(mention), norm_key(label)
    if not said or not full:
        return False
    words = said.split()
    clear = len(words) >= MIN_PREFIX_WORDS and sum(len(w) >= 4 for w in words) >= 2
    if truncated and clear and full.startswith(said):
        return True
    return fuzz.ratio(said, full) >= TITLE_MIN_RATIO


def title_within(text: str, label: str) -> bool:
    """The label (nearly) occurs inside a longer text: best-aligned substring ratio >= 90."""
    from rapidfuzz import fuzz

    said, full = norm_key(text), norm_key(label)
    if not said or not full or len(full) > len(said):
        return title_denotes(text, label)
    return fuzz.partial_ratio(full, said) >= TITLE_MIN_RATIO


def denotes(mention: str, label: str, node_type: str) -> bool:
    """Whether `mention` names the node labelled `label` (see name_denotes / title_denotes)."""
    if node_type == "author":
        return name_denotes(mention, label)
    return title_denotes(mention, label)
