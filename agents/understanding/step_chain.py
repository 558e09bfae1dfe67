"""A request written as steps, each working on what the step before found: 'Look up the references of T, then list
every author of those referenced works', 'refs of T -> who wrote those?', 'Start from T -> take its 1st author ->
list everyone that person has co-authored with', 'paper=T / last author / venues of that author's pubs'.

The first step names a set by a noun phrase (a lead verb such as 'take' or 'look up', or a label such as 'paper:',
may come before it); every later step points back at what the step before found, by a demonstrative with a noun
('those referenced works', 'that person'), a pronoun ('them', 'its'), or by naming only a relation ('last author':
of what came before). The asking step is read with the phrase of what came before in the place of its
back-reference: 'list every author of the references of T'. Nothing else is rewritten: a first step that asks or
states something ('I read T.'), a step with two back-references or none, a singular pronoun for a plural phrase.
The words (leads, labels, separators, demonstratives) are lexicon data (`step_chain`, `anaphors`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.cue_words import phrase_alternation
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.stranded import with_preposition_stranded
from hgrag.agents.understanding.tokens import tag
from hgrag.tools.text import quotes_masked

NOUN_FAMILIES = ("kind", "relation", "attribute")
WORD = re.compile(r"[\w-]+(?:['’]s)?")


def step_chain_folded(question: str, detect: Callable[[str], list[Any]]) -> str | None:
    """The asking step with what the steps before it found written in its back-reference, else None."""
    steps = _steps(question)
    if len(steps) < 2 or not (_asks(steps[-1]) or len(steps) > 2):  # (three steps: the last may be a noun phrase)
        return None
    phrase = _antecedent(steps[0], detect, alone=len(steps) > 2)
    for step in steps[1:-1]:
        phrase = _noun_step(step, phrase) if phrase else None
    bound = _bound(steps[-1], phrase) if phrase else None
    return with_preposition_stranded(bound) if bound else None  # ('with whom has the first author of T published')


def _steps(question: str) -> list[str]:
    """The question cut at its sentence stops and the lexicon's step separators (never inside quotes), each step
    without its label ('step 2:')."""
    from hgrag.agents.understanding.sentences import sentences_of

    pieces = []
    for sentence in sentences_of(question):
        at = 0
        for cut in _separator().finditer(quotes_masked(sentence)):
            if re.fullmatch(r"\s*[-–—]+\s*", cut.group(0)) and \
                    not _asks(re.split(r"\s[-–—]+\s", sentence[cut.end():])[0]):
                continue  # a dash ends a step only before one that asks ('T - with whom …'; not a title's dash)
            pieces.append(sentence[at:cut.start()])
            at = cut.end()
        pieces.append(sentence[at:])
    return [s for s in (_unlabelled(p) for p in _labels_joined(pieces)) if s]


def _labels_joined(pieces: list[str]) -> list[str]:
    """A piece cut at a colon that is only a label ('Paper' of 'Paper: T') goes back with the piece after it."""
    joined: list[str] = []
    for piece in pieces:
        if joined and joined[-1].endswith(":") and len(joined[-1].split()) <= 2:
            joined[-1] = f"{joined[-1]} {piece}"
        else:
            joined.append(piece)
    return joined


@lru_cache(maxsize=1)
def _separator() -> re.Pattern:
    """Marks between steps; a step joiner ('then'); a command joiner ('and') only before a command ('… and tell me
    who wrote them')."""
    spec = load("en").extra.get("step_chain", {})
    marks = load("en").extra.get("path_arrows", []) + spec.get("separators", [])
    joiners = load("en").extra.get("step_joiners", [])
    worded = [j for j in joiners if j[:1].isalpha()]
    punctuated = [j for j in joiners if not j[:1].isalpha()]
    commands = [c.replace("_", " ") for c in load("en").family("head").get("command", [])] + \
        load("en").extra.get("command_fillers", [])
    joined = phrase_alternation(load("en").extra.get("command_joiners", []))
    return re.compile(rf"\s*(?:{phrase_alternation(marks)})\s*|\s*(?:{phrase_alternation(punctuated)})\s+|(?<=:)\s+"
                      rf"|\s+(?<![\w-])(?:{phrase_alternation(worded)})\s+"
                      rf"|\s*(?:{joined})\s+(?=(?:{phrase_alternation(commands)})\b)", re.IGNORECASE)


def _unlabelled(step: str) -> str:
    """'step 2: all their co-auths' -> 'all their co-auths'; 'Paper: T' -> 'T' (a kind word as a label)."""
    spec = load("en").extra.get("step_chain", {})
    step = step.strip().strip(".;,:").strip()
    words = phrase_alternation(load("en").extra.get("enumerator_words", []))
    step = re.sub(rf"^(?:(?:{words})\s*)?\(?\d{{1,2}}[.):]\s*", "", step, flags=re.IGNORECASE)
    openers = phrase_alternation(spec.get("openers", []))  # 'Now list …', 'Then, for each of them, …'
    step = re.sub(rf"^(?:{openers}),?\s+", "", step, flags=re.IGNORECASE) if spec.get("openers") else step
    label = re.match(rf"^([\w-]+)\s*[{re.escape(''.join(spec.get('label_marks', [])))}]\s*", step)
    if label and (load("en").concept(label.group(1).lower()) or "").startswith("kind:"):
        step = step[label.end():]
    return step.strip()


def _asks(step: str) -> bool:
    from hgrag.agents.understanding.sentences import asking, command_opening

    fronted = load("en").extra.get("fronted_prepositions", {}).get("prepositions", [])
    step = re.sub(rf"^(?:{phrase_alternation(fronted)})\s+", "", step.strip(), flags=re.IGNORECASE) if fronted else step
    return asking(step) or command_opening().match(step) is not None or step.rstrip().endswith("?")  # ('with whom …')


def _without_lead(step: str) -> str:
    spec = load("en").extra.get("step_chain", {})
    leads = spec.get("leads", []) + load("en").extra.get("chained_sentences", {}).get("leads", [])
    return re.sub(rf"^(?:{phrase_alternation(leads)})\s+", "", step, flags=re.IGNORECASE).strip()


def _antecedent(step: str, detect: Callable[[str], list[Any]], alone: bool) -> str | None:
    """The noun phrase the first step names ('the references of T', "A's co-authors"), or None when it asks, states
    ('A began publishing in 2008') or names nothing. A name alone ('Start from T') begins a chain of three steps or
    more (with two, the context fold binds it)."""
    phrase = _without_lead(step).rstrip("?!").strip()
    spans = sorted((s for s in detect(phrase) if s.candidates), key=lambda s: s.start)
    if not phrase or not spans or _speaks_of_the_asker(phrase):
        return None
    tokens = _content(phrase)
    if not _graph_words_only(phrase, spans):
        return None  # ('Someone at the group meeting mentioned A': a clause of the asker's world, no set of the graph)
    if spans[0].start == 0 or phrase[:1] in "\"“'‘" and spans[0].start <= 1:  # a name first: only its possessive
        rest = phrase[spans[0].end:].lstrip("\"” ")
        owned = re.match(r"['’]s\s+(?P<noun>.+)$", rest)
        if not rest:
            return phrase if alone else None
        return phrase if owned and all(t.family in NOUN_FAMILIES for t in _content(owned["noun"])) else None
    after = _content(phrase[spans[-1].end:])
    nouns = [t for t in tokens if t.family in NOUN_FAMILIES]
    return phrase if nouns and tokens[0].family in NOUN_FAMILIES + ("operator",) and \
        not any(t.family == "relation" for t in after) else None


def _graph_words_only(phrase: str, spans: list[Any]) -> bool:
    """Every word outside the named things is one the lexicon reads, and none is a question word or a verb's
    auxiliary: a noun phrase over the graph ('the references of T', "A's co-authors"), not a clause."""
    outside = phrase
    for span in sorted(spans, key=lambda s: -s.start):
        outside = outside[:span.start] + " " + outside[span.end:]
    outside = re.sub(r"^\s*[\"”’']*['’]s\b", " ", outside.strip()) if spans and spans[0].start == 0 else outside
    tokens = tag(re.sub(r"[\"“”‘’]|(?<!\w)'|'(?!\w)", " ", outside).lower(), load("en"))
    return all(t.concept and t.family != "head" for t in tokens if re.search(r"[^\W\d_]", t.text))


def _content(text: str) -> list[Any]:
    return [t for t in tag(quotes_masked(text).lower(), load("en")) if t.family not in ("function", "filler")]


def _speaks_of_the_asker(text: str) -> bool:
    from hgrag.agents.understanding.narrowing import speaks_of_the_asker

    return speaks_of_the_asker(text)


def _noun_step(step: str, phrase: str) -> str | None:
    """A middle step as a noun phrase over what came before: 'take its 1st author' -> 'the 1st author of T';
    'last author' -> 'the last author of T'."""
    step = _without_lead(step).rstrip("?!").strip()
    if not _graph_words_only(step, []):
        return None  # ('It was mentioned in a ministry report.': a clause, no step of a walk)
    bound = _bound(step, phrase)
    if bound is not None:
        return bound
    tokens = [t for t in tag(step.lower(), load("en")) if t.family not in ("function", "filler")]
    if tokens and all(t.family in NOUN_FAMILIES for t in tokens) and len(step.split()) <= 3:
        return f"{_the()} {step} {of_word()} {phrase}"
    return None


def _bound(step: str, phrase: str) -> str | None:
    """The step with its one back-reference replaced by the phrase, else None (none, or more than one)."""
    masked = quotes_masked(step)
    found = _demonstrative_phrases(masked) or _pronouns(masked, phrase)
    if len(found) != 1:
        return None
    start, end, possessive = found[0]
    if possessive:
        owned = _owned_noun(step, end)
        if owned is not None:
            return step[:start] + f"{_the()} {step[end:owned].strip()} {of_word()} {phrase}" + step[owned:]
    return step[:start] + phrase + ("'s" if possessive else "") + step[end:]


def _demonstrative_phrases(text: str) -> list[tuple[int, int, bool]]:
    """'those referenced works', 'that person's': a demonstrative of the lexicon with up to three noun words after
    it (a kind noun last; after a plural demonstrative a relation noun may end it: 'those co-authors')."""
    spec = load("en").extra.get("step_chain", {})
    words = list(WORD.finditer(text))
    found = []
    for i, word in enumerate(words):
        lowered = word.group(0).lower()
        if lowered not in spec.get("demonstratives", []):
            continue
        end = _noun_run_end(words, i + 1, plural=lowered in spec.get("plural_demonstratives", []))
        if end is not None:
            last = words[end].group(0)
            found.append((word.start(), words[end].end(), bool(re.search(r"['’]s$", last))))
    return found


def _noun_run_end(words: list[re.Match], first: int, plural: bool) -> int | None:
    end = None
    for j in range(first, min(first + 3, len(words))):
        text = re.sub(r"['’]s$", "", words[j].group(0).lower())
        concept = load("en").concept(text) or ""
        family = concept.split(":")[0]
        if family not in NOUN_FAMILIES:
            break
        if family == "kind" or plural and family == "relation" and not _singular(text):
            end = j
        if re.search(r"['’]s$", words[j].group(0)):
            break
    return end


def _pronouns(text: str, phrase: str) -> list[tuple[int, int, bool]]:
    """The pronouns of the lexicon's anaphors that may stand for the phrase (a singular one only for a singular
    phrase: 'it' never stands for 'the references of T')."""
    anaphors = load("en").extra.get("anaphors", {})
    plural = set(load("en").extra.get("step_chain", {}).get("plural_pronouns", []))
    singular = _singular(phrase)
    forms = [w for forms in anaphors.get("kinds", {}).values() for w in forms if " " not in w and "/" not in w]
    forms = sorted({w for w in forms + list(plural) if w in plural or singular})
    pattern = re.compile(rf"(?<![\w'’-])(?:{phrase_alternation(forms)})(?![\w'’-])", re.IGNORECASE)
    possessive = set(anaphors.get("possessive", []))
    return [(m.start(), m.end(), m.group(0).lower() in possessive) for m in pattern.finditer(text)]


def _singular(phrase: str) -> bool:
    """The phrase names one thing: a name alone, or a head noun that is not plural ('the 1st author of T')."""
    tokens = [t for t in tag(quotes_masked(phrase).lower(), load("en")) if t.family in NOUN_FAMILIES]
    plural = load("en").extra.get("claim_requests", {}).get("plural", {})  # (the lexicon's plural ending)
    ending = plural.get("ending") or "\0"
    return not tokens or not (tokens[0].text.endswith(ending) and not tokens[0].text.endswith(ending * 2))


def _owned_noun(step: str, at: int) -> int | None:
    """Where the noun words after a possessive end ('its 1st author', 'their co-auths'), or None when none follow."""
    end = None
    for word in WORD.finditer(step, at):
        if step[at:word.start()].strip():
            break
        family = (load("en").concept(word.group(0).lower()) or "").split(":")[0]
        if family not in NOUN_FAMILIES + ("operator",):  # ('its 1st author': an ordinal may lead the noun)
            break
        end = word.end() if family in NOUN_FAMILIES else end
        at = word.end()
    return end


def _the() -> str:
    return load("en").extra.get("step_chain", {}).get("article", "the")


def of_word() -> str:
    """The word that joins a noun to its owner ('the references of T'; lexicon `step_chain.of`)."""
    return load("en").extra.get("step_chain", {}).get("of", "of")
