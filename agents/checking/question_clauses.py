"""The parts of a question the checks read: its clauses, the clause that asks, and its residue (the
question with every mention cut out)."""

from __future__ import annotations

import re
from typing import Any

from hgrag.tools.text import replace_literal


# "excl.", "incl.", "vs." are abbreviations inside a clause, not the end of a sentence
NOT_A_STOP = r"(?<!\bexcl\.)(?<!\bincl\.)(?<!\bvs\.)(?<!\bviz\.)(?<!\bw/o\.)"
CLAUSE_BREAK = re.compile(rf"(?<=[.!?;:]){NOT_A_STOP}\s+|\s+[—–]\s+|\s+--?\s+")
FIRST_PERSON = re.compile(r"^(\W*(so|well|ok|okay|hey|hi|also|and|but|because|as)\b\W*)*(i|i'm|im|i've|i'd|i'll|my|we|"
                          r"we're|our|us)\b")
MENTION_HOLE = " zzm "
NAMING = ("kind", "attribute", "missing")  # the word families by which a remark after the question names what it asks


def _context_words_list(name: str) -> str:
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    return f"(?:{phrase_alternation(load('en').extra.get('context_words', {}).get(name, []))})"


ASKS = re.compile(r"\?|\b(who|whom|whose|what|which|when|where|how)\b|^\W*(please |kindly |now |and |so |then )*"
                  r"(list|name|give|show|find|count|tell|did|does|do|is|are|was|were|has|have|can|could|would|"
                  r"retrieve|look|fetch|get|provide|report|identify|enumerate|display|return|check|confirm)\b|"
                  rf"^\W*(?i:{_context_words_list('request_openers')})\s+[a-z].*\bzz")  # ('Kindly share … of A': a request
# naming something asks; 'Please round to one decimal.' says how)
ASKING_START = rf"(?:{_context_words_list('asking_leads')},? )?" \
    rf"(?:{_context_words_list('asking_openers')}|{_context_words_list('asking_requests')})\b"
CONTRAST_BREAK = re.compile(rf"(?:[,;:]\s*|\s+-\s+|\s+)\b{_context_words_list('clause_contrasts')},?\s+(?={ASKING_START})")
COMMA_BREAK = re.compile(rf"\s*[,;:]\s+(?={ASKING_START})")
def _leaving_out_forms() -> list[str]:
    from hgrag.agents.understanding.lexicon import load

    concepts = load("en").concepts
    return [f for c in ("operator:other", "operator:exclude") for f in concepts.get(c, [])]


LEAVES_OUT = re.compile(rf"\b(?:{'|'.join(re.escape(f) for f in sorted(_leaving_out_forms(), key=len, reverse=True))})\b")
SUBJECT_FIRST = re.compile(rf"\W*(?:{_context_words_list('clause_subjects')}\b|zzm\d*\b(?!\s*'s\b))")


def inner_clauses(sentence: str) -> list[str]:
    """One sentence as [context clause, asking clause] when an asking opener or request starts a clause after a
    contrast word ("X is my advisor, but I want Y's co-authors") or after a comma that ends a clause whose
    subject is the asker or a named entity ("X sent me T, list every author of it"; not "In V, which …",
    whose frame is part of the question; nor "A aside, who …", which leaves A out), else [sentence]. Mentions are holes ('zzm', 'zzm<i>')."""
    for pattern, needs_subject in ((CONTRAST_BREAK, False), (COMMA_BREAK, True)):
        breaks = list(pattern.finditer(sentence))
        context = sentence[:breaks[-1].start()] if breaks else ""
        subject = SUBJECT_FIRST.match(context)
        clause = bool(subject) and bool(re.search(r"[a-z]{2,}", context[subject.end():]))  # 'T: who …' has no verb
        if breaks and (not needs_subject or clause) and not LEAVES_OUT.search(context):
            return [sentence[:breaks[-1].start()], sentence[breaks[-1].end():]]
    return [sentence]


ASIDE_HOLE = " zzaside "


def _without_inner_yes_no_words(text: str) -> str:
    """'…, whether or not A was on the paper', 'believe it or not.': a yes/no phrase of the lexicon (its words of more
    than one word) that no question mark closes asks nothing and is cut; one closing a question ('A has a paper in V,
    yes or no?', '… paper count > 2? yes/no') stays for the asked-kind check."""
    from hgrag.agents.understanding.cue_words import phrase_alternation
    from hgrag.agents.understanding.lexicon import load

    phrases = [f.replace("_", " ") for f in load("en").family("operator").get("yes_no", []) if re.search(r"[_ /]", f)]
    if not phrases:
        return text
    return re.sub(rf"(?<![\w'-])(?:{phrase_alternation(phrases)})(?![\w'-])(?!\s*[?!.]*\s*$)(?!\s*\?)(?!\s*[:–—])", " ", text)
    # ('True or false: A is …' leads the statement it asks about: it stays too)


def residue(question: str, plan: dict[str, Any], without_context: bool = False) -> str:
    """The question in lower case with every mention (linked or not) and quoted text cut out;
    `without_context`: the clauses that name entities the plan set aside as context are cut out too."""
    text = question.replace("’", "'").replace("“", '"').replace("”", '"')
    aside = set(plan.get("set_aside") or []) if without_context else set()
    texts = [m.get("text", "") for m in plan.get("anchors", [])] + list(plan.get("unresolved") or []) + \
        list(plan.get("set_aside") or [])
    aside = {t.replace("’", "'") for t in aside}
    for mention in sorted({t.replace("’", "'") for t in texts if t}, key=len, reverse=True):
        hole = ASIDE_HOLE if mention in aside else MENTION_HOLE
        if mention.endswith("."):  # 'Ting-Yi Chen. Who …': a stop that also ends the sentence stays
            text = re.sub(re.escape(mention) + r"(?=\s+(?-i:[A-Z]))", hole.rstrip() + ". ", text, flags=re.IGNORECASE)
        text = replace_literal(text, mention, hole)
    text = _without_aside_clauses(text) if aside else text
    text = re.sub(r'"[^"]{3,}"', MENTION_HOLE, text)
    text = re.sub(r"[\"'`‘“](\s*zzm\s*)[\"'`’”](?![a-z])", r" \1 ", text)  # quotes left around a cut-out mention
    text = _without_inner_yes_no_words(text.lower().replace("_", " "))  # "first_author(X)" names a first author
    from hgrag.agents.linking.spelling import correct_text  # imports this module's vocabulary

    return correct_text(re.sub(r"\s+", " ", text).strip())


def _without_aside_clauses(text: str) -> str:
    """The text without the clauses before its last one that hold a set-aside entity (they are context): only
    their kind nouns stay."""
    parts = [part for clause in re.split(rf"((?<=[.!?;:]){NOT_A_STOP}\s+)", text)
             for part in (inner_clauses(clause) if ASIDE_HOLE.strip() in clause else [clause])]
    kept = [part if i == len(parts) - 1 or ASIDE_HOLE.strip() not in part else _kind_nouns(part)
            for i, part in enumerate(parts)]
    return " ".join(kept).replace(ASIDE_HOLE.strip(), MENTION_HOLE.strip())


def _kind_nouns(clause: str) -> str:
    """The kind nouns of a context clause, which a later clause may leave out ('A has a ton of papers. How many
    does B have?')."""
    from hgrag.agents.understanding.lexicon import load

    lexicon = load("en")
    nouns = [w for w in re.findall(r"[\w'-]+", clause) if (lexicon.concept(w) or "").startswith("kind:")]
    return " ".join(nouns) + "." if nouns else ""


def known_and_left_out(mention: dict[str, Any], asking: str) -> bool:
    """'I already know A works with B. Who else has A written with?': B, named as context, is the one
    the plan leaves out of the others asked for."""
    return mention.get("role") == "excluded" and bool(re.search(r"\b(else|other|others|another)\b", asking))


def asking_part(text: str, inner: bool = False) -> str:
    """The clauses that carry the question (`inner`: split sentences at `inner_clauses` too): context clauses in the first person that ask nothing
    ("I'm putting together a bibliography —") and trailing remarks that name no entity or number
    ("; affiliation is not needed") are left out; other statements before the question keep only the
    words that may bear on it (see `_context_words`)."""
    clauses = [c for c in CLAUSE_BREAK.split(text) if c.strip()]
    if inner:  # context entities were set aside: a clause inside a sentence may be context too
        clauses = [part for clause in clauses for part in inner_clauses(clause)]
    if len(clauses) < 2:
        return text
    if _confirms_statement(text):  # ('A has been listed with I. Does that hold up?': the statement is what is asked;
        return " ".join(_context_words(c) if _first_person(c) else c for c in clauses)  # 'I am assuming …' frames it)
    asking = [i for i, c in enumerate(clauses) if ASKS.search(c.strip())]
    direct = [i for i in asking if not _first_person(clauses[i]) or "?" in clauses[i]]
    last = (direct or asking or [len(clauses) - 1])[-1]
    kept = [_context_words(c) if i < last and _introduces(c) else _answer_words(c) if i > last and _remark(c) else c
            for i, c in enumerate(clauses) if i == last or (not _first_person(c) and
            (i <= last or "zzm" in c or re.search(r"\d", c) or _leaves_out(c) and "zzm" in " ".join(clauses[i:i + 2])))
            or i > last and _remark(c)
            or i < last and _restricts(c) and "zzm" not in c or i < last and _says_what_is_needed(c)
            or i < last and _first_person(c) and _leaves_out(c) and "zzm" in c  # ('I need A's papers but without V's. Which …?')
            or i < last and "zzm" in c and _requests(c)]  # ('I am looking for the writings of A - what is there?')
    return " ".join(k for k in kept if k) or text


def _requests(clause: str) -> bool:
    """The clause opens with one of the lexicon's asking requests ('I need', 'I am looking for') and a kind noun: what
    it names is asked for."""
    from hgrag.agents.understanding.lexicon import load

    from hgrag.agents.understanding.tokens import tag

    requests = load("en").extra.get("context_words", {}).get("asking_requests", [])
    opened = next((m for r in requests for m in [re.match(rf"\s*{re.escape(r)}\s+", clause.lower())] if m), None)
    asked = [t for t in tag(clause.lower()[opened.end():], load("en")) if t.family != "function"][:1] if opened else []
    return bool(asked) and asked[0].family == "kind"  # ('I am looking for the writings of A'; not 'I want to
    # understand …' nor 'I need a citation covering …')


def _leaves_out(clause: str) -> bool:
    """'- exclusion criterion: venue = V': a clause after the question with a word that leaves something out bears on
    the answer."""
    from hgrag.agents.understanding.lexicon import load
    from hgrag.agents.understanding.tokens import tag

    negations = load("en").extra.get("code_words", {}).get("negations", [])
    return any(t.concept == "operator:exclude" and t.text not in negations
               for t in tag(clause.lower(), load("en")))  # ('not a guess :)' leaves nothing out of the answer)


def _confirms_statement(text: str) -> bool:
    from hgrag.agents.understanding.sentences import confirming_start

    return confirming_start(text) is not None


def _says_what_is_needed(clause: str) -> bool:
    """'i need to say where its first author was working.': a first-person statement before the question that opens
    by restating what is needed ('I need', not 'I need this for …'), names a kind or an attribute and points back at
    what was named ('its') says what the question asks; the check reads it."""
    from hgrag.agents.understanding.context_fold import first_anaphor

    return bool(_first_person(clause) and _opens_restating(clause)) and _shapes_answer(clause) and \
        first_anaphor(clause) is not None  # ('its first author': of what was named)


def _opens_restating(clause: str) -> bool:
    """The clause opens with a restating opener ('I mean', 'I need') that is not about what the answer is for ('I need
    this for …': lexicon `purpose_objects`)."""
    return re.match(rf"\W*{_context_words_list('restating_openers')}\b(?!\s+{_context_words_list('purpose_objects')}"
                    rf"\b)", clause.strip()) is not None


def _restricts(clause: str) -> bool:
    """'I only care about journals.': a statement before the question with a restricting word (lexicon
    `idle_context.restricting_words`) may narrow what is asked, so the check reads it."""
    from hgrag.agents.understanding.narrowing import restricting

    return bool(restricting().search(clause))


def _remark(clause: str) -> bool:
    """A remark after the question that may change what is asked: not in the first person (unless it restates:
    'I mean …', 'I need only …'; not 'I need this for …'), naming no entity or number, holding a word that names
    a kind or an attribute."""
    restates = _first_person(clause) and _opens_restating(clause)
    return not ("zzm" in clause or re.search(r"\d", clause)) and (not _first_person(clause) or bool(restates)) \
        and _shapes_answer(clause)


def _answer_words(clause: str) -> str:
    """The words of a remark after the question that name what is asked ('…? its field, I mean' -> 'field'): the
    rest is the asker's ('I beleive it is a jounal artical')."""
    from hgrag.agents.kinds.lexicon import rich_words
    from hgrag.agents.understanding.lexicon import load

    lexicon, rich = load("en"), rich_words()
    restated = _opens_restating(clause.lower())
    naming = NAMING + ("relation",) if restated else NAMING  # ('I need the names of everyone its first author has
    return " ".join(w for w in re.findall(r"[\w'-]+", clause.lower())  # co-written with': the relation asked too)
                    if (lexicon.concept(w) or "").split(":")[0] in naming or w in rich)


def _shapes_answer(clause: str) -> bool:
    """A remark after the question that may name what is asked ('…? its field, I mean', '…? only the first
    author'): it holds a word that names a kind or an attribute, or a richer kind, and dismisses nothing
    ('affiliation is not needed' is no part of the question)."""
    from hgrag.agents.kinds.lexicon import names_asked
    from hgrag.agents.understanding.asking_sentence import dismisses

    return not dismisses(clause) and names_asked(clause, NAMING)


def _introduces(clause: str) -> bool:
    """A sentence that introduces what the question is about ('The applicant is A.', 'It concerns T.'): it ends
    with a stop, asks nothing and names at most one entity (two named together may be a fact the question
    builds on: 'A is one of B's collaborators.')."""
    return clause.rstrip().endswith((".", "!")) and not ASKS.search(clause.strip()) \
        and len(re.findall(r"zzm", clause)) <= 1


def _context_words(clause: str) -> str:
    """A statement before the question ('The applicant is A.', 'The BibTeX entry is missing the author list.')
    asks nothing: its words the lexicon does not know, or knows as what the graph does not hold ('a reviewer
    suggested …'), are context, not part of the question. Its mentions, numbers and known words stay."""
    from hgrag.agents.understanding.lexicon import load

    lexicon = load("en")

    def kept(word: str) -> bool:
        concept = lexicon.concept(word.lower().strip(".,;:!?()\"'"))
        return word.startswith("zz") or not any(ch.isalpha() for ch in word) or (
            concept is not None and not concept.startswith("missing:"))
    return " ".join(w for w in clause.split() if kept(w))


def _first_person(clause: str) -> bool:
    return bool(FIRST_PERSON.search(clause.strip()))


