"""The structural check: a plan is verified only when it consumes what the question says.

(a) every content token is consumed by a plan element or is a declared filler or function word; a word
    the lexicon does not know, or names something the graph does not hold (family "missing"), is named;
(b) the answer kind read from the question's head equals the kind the plan returns;
(c) explicit answer instructions (rounding, "in total", "both years included", "besides the first") are
    consumed (and so honoured) or named;
(d) a yes/no question's every predicate is in the plan;
(e) a year after the graph's last year (the future) cannot be answered from the graph.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.understanding.alignment import align
from hgrag.agents.understanding.asking_sentence import asking_tokens
from hgrag.agents.understanding.lexicon import signatures
from hgrag.agents.understanding.signature import output_kind, reads_years
from hgrag.agents.understanding.said_checks import (choice_unanswered, contrary_year_comparison, existence_of_another_kind,
                                                   relation_fillers_unread,
                                                   partners_unwalked, placed_persons_coauthors_unwalked,
                                                   restricting_before,
                                                   two_sided_kind_words)
from hgrag.agents.understanding.plan_shapes import (citation_count_unasked, disjoint_matches,
                                                   named_thing_filtered, ranked_by_unsaid_citations, ranking_only_in_a_remark, ranking_unsaid,
                                                   record_wide_against_the_paper, times_counted_as_people,
                                                   unnamed_people_walk, vacuous_ranking)
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.narrowing import unanchored_times, years_left_out_by_a_bound
from hgrag.agents.understanding.tokens import Token, bound, tag, words
from hgrag.agents.understanding.intersections import (alternative_intersection, distributed_intersection,
                                                      one_valued_intersection, stated_relations,
                                                      unjoined_intersection, shared_people_read_as_joint_papers)
from hgrag.agents.understanding.asked_head import asked_kind, names_a_mention, says_a_hedge
from hgrag.agents.understanding.sentences import confirming_start, sentences_of
from hgrag.agents.understanding.asked_parts import (COMPATIBLE, asking_sentences_parts, coordinated_heads,
                                                     coordinated_nouns)
from hgrag.agents.understanding.asked_slots import asked_noun_unread, publisher_asked, counted_kind_unnamed, kinds_not_reached, stranded


CITERS = ("author", "paper", "edge:cites")  # 'who cites T?' asks for the citing papers
LETTERS = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
KIND_READS = {"primary_topic": "topic", "coauthor": "author"}  # the kind a richer-kinds reading returns


def _descriptors(tokens: list[Token]) -> set[int]:
    """'the landmark paper T', 'the study remarkable T': a word the lexicon does not know, right before or after a kind
    noun that names the mention next to it, only describes the named thing."""
    found = set()
    for i, token in enumerate(tokens):
        if token.concept is not None:
            continue
        before = tokens[i + 1:i + 3]
        around = tokens[i - 1:i] + tokens[i + 1:i + 2] if i else []
        if len(before) == 2 and before[0].family == "kind" and before[1].concept == "mention" or \
                len(around) == 2 and around[0].family == "kind" and around[1].concept == "mention":
            found.add(i)
    return found


def _content(token: Token, names: set[str]) -> bool:
    """An unexplained content word: unknown to the lexicon, not a name's word; a hyphenated word when a
    part of it is unknown ('most-cited' is two known words, 'self-citations' is not)."""
    if token.concept is not None or not LETTERS.fullmatch(token.text) or len(token.text) < 2 \
            or token.text.startswith("zz") or token.text in names:
        return False
    parts = [p for p in re.split(r"[-'’]", token.text) if len(p) > 1]
    return len(parts) <= 1 or any(load("en").concept(p) is None and p not in names for p in parts)


TYPE_FEATURES = {"attr:work_type", "attr:venue_type"}


def _bound(tokens: list[Token], token: Token, signature: dict[str, Any]) -> bool:
    """The requirement holds: a concept next to what it binds (`bound_to`), in one of its `required_forms` if listed
    ('larger output' compares; 'summed over all papers' does not)."""
    forms = signature.get("required_forms")
    return bound(tokens, token, signature.get("bound_to")) and (not forms or token.text in forms)


def _predicate_nominal(tokens: list[Token], plan: dict[str, Any]) -> list[str]:
    """'Is V a journal?', 'Is T an article?': the noun after the mention and 'a/an' is the predicate; the plan
    must test a type, not only find the mention's papers."""
    from hgrag.agents.understanding.signature import all_features

    for i, token in enumerate(tokens[:-2]):
        after = tokens[i + 1], tokens[i + 2]
        if token.concept == "mention" and after[0].text in ("a", "an") and after[1].family in ("kind", "value"):
            if _relates_to_mention(tokens, i + 2):  # 'is A an author of T': the relation, not a type
                continue
            if i > 0 and tokens[i - 1].text in load("en").extra.get("code_words", {}).get("possession_verbs", []):
                continue  # ('Has A a paper in V?': what A has, not what A is)
            if i > 0 and tokens[i - 1].family in ("function", "relation"):
                continue  # ('… written together with B a paper?': B is the object of a preposition or relation)
            if not all_features(plan.get("ir")) & TYPE_FEATURES:
                return [f"{after[1].text} (the plan does not test what kind of thing it is)"]
    return []


def _values_untested(tokens: list[Token], ir: dict[str, Any] | None) -> list[str]:
    """'Is T of type book-chapter?': a value the yes/no question names must be what the plan compares with (a
    plan that only finds that T has some type answers another question)."""
    from hgrag.state.plan_ir import walk

    compared = set()
    for op in walk(ir) if ir else []:
        value = op.get("value")
        compared |= {str(v).lower() for v in (value if isinstance(value, list) else [value]) if v is not None}
    def describes(i: int) -> bool:  # 'the article T', 'did V publish the article T': a descriptor, not asked
        return i + 1 < len(tokens) and tokens[i + 1].concept == "mention" or i > 0 and tokens[i - 1].concept == "function:the"

    return [f"{t.text} (the yes/no question asks it; the plan does not test it)" for i, t in enumerate(tokens)
            if t.family == "value" and not describes(i) and t.text.lower() not in compared
            and not any(t.text.lower().replace(" ", "-") in c or t.text.lower() in c for c in compared)]


def _relates_to_mention(tokens: list[Token], at: int) -> bool:
    """'author of T', 'author on T': the noun at `at` relates its mention to another mention."""
    rest = tokens[at + 1:at + 4]
    linking = load("en").extra.get("relating_prepositions", [])
    return len(rest) >= 2 and rest[0].text in linking and any(t.concept == "mention" for t in rest[1:])


def mention_words(plan: dict[str, Any]) -> set[str]:
    """Words of the linked mentions as typed and as labelled (a typo in a linked name is no content word)."""
    texts = [str(a.get(k) or "") for a in plan.get("anchors", []) for k in ("text", "relinked_from", "label")]
    texts += [str(t) for t in (plan.get("unresolved") or []) + (plan.get("set_aside") or [])]
    return {w for t in texts for w in words(t)}


FIRST_READ = {"fn:span", "fn:min", "attr:first_year", "position:1", "order:min"}
LAST_READ = {"fn:span", "fn:max", "attr:last_year", "position:-1", "order:max"}


def _ends_unread(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'How many years from A's first paper to their last?': the first and the last both said, and the plan does not
    read both ends (a count of the years, or of the earliest paper, had consumed both words)."""
    from hgrag.agents.understanding.signature import all_features

    said, features = {t.concept for t in tokens}, all_features(ir)
    if not {"operator:first", "operator:last"} <= said or features & FIRST_READ and features & LAST_READ:
        return []
    return ["first … last (the plan does not read both ends)"]


def _yes_no_form(signature: dict[str, Any], token: Token) -> bool:
    """A form a yes/no question must have tested: any form, or those of `yes_no_forms` (else `required_forms`)."""
    forms = signature["yes_no_forms"] if "yes_no_forms" in signature else signature.get("required_forms")
    return not forms or token.text in forms


def _reason(token: Token) -> str:
    return signatures().get(token.concept or "", {}).get("reason") or "no part of the plan does this"


def _future_years(tokens: list[Token], plan: dict[str, Any]) -> list[str]:
    last = (plan.get("graph_years") or [None, None])[1]
    if not last:
        return []
    bounds = ("time:before", "time:after", "time:between")
    years = [int(t.text) for i, t in enumerate(tokens) if t.concept == "number" and t.text.isdigit()
             and 1000 < int(t.text) < 3000 and not any(p.concept in bounds for p in tokens[max(0, i - 3):i])]
    return [f"{y} (the graph's papers end in {last})" for y in years if y > last]  # "before 2030" is a bound


def _whole_text_parts(whole: str, plan: dict[str, Any]) -> list[str]:
    """Instructions and years anywhere in the question, context sentences included ("… Round to one decimal.")."""
    links = [link for link in align(whole, plan)]
    tokens = [link.token for link in links]
    missing = [f"{link.token.text} ({_reason(link.token)})" for link in links
               if link.token.family == "instruction" and link.element is None
               and signatures().get(link.token.concept or "", {}).get("required")
               and _bound(tokens, link.token, signatures()[link.token.concept])]
    return missing + _future_years([link.token for link in links], plan)


def structural_parts(text: str, plan: dict[str, Any], whole: str | None = None) -> list[str]:
    """What the plan leaves unexplained in the question's masked asking text (empty when it reads it all);
    `whole` is the whole masked question, read for instructions and years."""
    ir = plan.get("ir")
    if not ir or ir.get("op") == "unsupported":
        return []
    links = align(text, plan)
    tokens = [link.token for link in links]
    asked = asked_kind(asking_tokens(whole or text)) or _bare_head_kind(whole or text)
    if confirming_start(whole or text) is not None:
        asked = "yes/no"  # ('… co-authored with B. True, or is my guest full of it?')
    if any(t.concept == "operator:yes_no" for t in (tag(whole, load("en")) if whole else tokens)):
        asked = "yes/no"  # "… paper count > 2? yes/no"
    whole_tokens = tag(whole, load("en")) if whole else []
    said = [t for t in whole_tokens if t.family not in ("filler", "function")]
    if asked != "yes/no" and said and (said[0].concept == "mention" or says_a_hedge(whole_tokens[:1])) \
            and asked_kind(whole_tokens) == "yes/no" \
            and not any(t.family == "head" or t.concept == "operator:list" for t in asking_tokens(whole)):
        asked = "yes/no"  # ('A & B — shared byline ever?', 'ever worked together: A & B?': a hedged fragment)
    names, stated = mention_words(plan), stated_relations(text)
    missing = []
    describing, adverbs = _descriptors(tokens), unanchored_times(tokens)  # ('… worked with B before?': no bound)
    stated |= years_left_out_by_a_bound(tokens, ir)  # ('after 2008? Not in 2008.': the strict bound says it)
    for i, link in enumerate(links):
        token, family = link.token, link.token.family
        signature = signatures().get(token.concept or "", {})
        if (_content(token, names) and i not in describing) or family == "missing":
            missing.append(token.text)
        elif link.element is None and signature.get("required") and _bound(tokens, token, signature) \
                and i not in stated and not (asked == "yes/no" and i in adverbs) \
                and len(plan.get("anchors") or []) >= signature.get("named_at_least", 0):
            missing.append(f"{token.text} ({_reason(token)})")
        elif link.element is None and asked == "yes/no" and signature.get("any") and family != "head" \
                and i not in adverbs and not names_a_mention(tokens, token) and _yes_no_form(signature, token):
            missing.append(f"{token.text} (the yes/no question asks it; the plan does not test it)")
    missing += _predicate_nominal(tokens, plan) + _values_untested(tokens, plan.get("ir")) if asked == "yes/no" else []
    asked = asked or _one_of_the_named(asking_tokens(whole or text), plan)
    if plan.get("asked_kind") and asked not in ("yes/no", "number", "year"):
        asked = KIND_READS.get(plan["asked_kind"], plan["asked_kind"])  # a richer kind, read by its lexicon
    returned = output_kind(ir)
    if asked and returned and returned not in COMPATIBLE.get(asked, {asked} if plan.get("asked_kind") else {returned}) \
            and not _citers(asked, returned, ir, asking_tokens(whole or text)):
        missing.append(f"{asked} asked ({'a' if asked != 'yes/no' else 'the'} plan returns {returned})")
    if asked == "year" and returned == "number" and not reads_years(ir):
        missing.append("year asked (the plan returns a number, not a year)")
    if returned == "number" and _list_requested(tag(whole or text, load("en"))):
        missing.append("a list asked (the plan returns a number)")
    if any(t.concept == "instruction:in_total" for t in tokens) and returned not in (None, "number"):
        missing.append(f"in total (the plan returns {returned}, not a number)")
    missing += [] if plan.get("rich_kinds") else _walk_nothing_asks(tokens, ir)  # (rich kinds' words are read apart)
    missing += _unlicensed_left_out(tag(whole or text, load("en")), ir, plan.get("anchors") or [])
    missing += coordinated_heads(tag(whole or text, load("en")), returned) + coordinated_nouns(tokens, returned)
    missing += vacuous_ranking(ir) + _doubled_exclusion(tokens) + disjoint_matches(ir) + _ends_unread(tokens, ir)
    missing += [] if plan.get("rich_kinds") else ranking_unsaid(tag(whole or text, load("en")), ir)  # (kinds: read apart)
    missing += record_wide_against_the_paper(whole or text, ir) + ranking_only_in_a_remark(whole or text, ir)
    missing += ranked_by_unsaid_citations(tokens, ir) + citation_count_unasked(tag(whole or text, load("en")), ir)
    missing += named_thing_filtered(ir) + times_counted_as_people(tag(whole or text, load("en")), ir)
    missing += unnamed_people_walk(whole or text, ir)
    missing += counted_kind_unnamed(tag(whole or text, load("en")), ir, asking_tokens(whole or text)) + stranded(tokens)
    missing += [] if plan.get("rich_kinds") else asked_noun_unread(tokens) + publisher_asked(tokens, ir) + kinds_not_reached(asking_tokens(whole or text), ir)  # (read apart)
    missing += distributed_intersection(whole or text, ir) + shared_people_read_as_joint_papers(tokens, ir)
    missing += relation_fillers_unread(tokens, ir) + contrary_year_comparison(tokens, ir)
    said_tokens = tag(whole or text, load("en"))
    missing += choice_unanswered(tokens, ir) + two_sided_kind_words(said_tokens, ir)
    missing += placed_persons_coauthors_unwalked(said_tokens, ir) + partners_unwalked(said_tokens, ir)
    missing += existence_of_another_kind(said_tokens, ir)
    missing += [] if plan.get("rich_kinds") else kinds_not_reached(tag(_after_the_question(whole or text) + " " +
                                                                       restricting_before(whole or text), load("en")), ir)
    missing += asking_sentences_parts(whole or text, returned) + unjoined_intersection(whole or text, ir) + \
        one_valued_intersection(whole or text, ir) + alternative_intersection(whole or text, ir)
    return missing + _future_years(tokens, plan) + (_whole_text_parts(whole, plan) if whole else [])


def _bare_head_kind(text: str) -> str | None:
    """'Paper citing T, not counting the 2010 ones, which?': a closing question word alone asks for the kind the
    question named first."""
    said = [t for t in asking_tokens(text) if t.family not in ("filler", "function")]
    if len(said) != 1 or said[0].family != "head" or said[0].concept in ("head:aux", "head:command") or \
            len(sentences_of(text)) != 1:
        return None  # ('… ? If so, what?', '… ? Name it/them.': a sentence of its own says what it points back to)
    kind = asked_kind(tag(text, load("en")))
    return kind if kind != "yes/no" else None


def _after_the_question(text: str) -> str:
    """The sentences after the last question mark ('Which papers did A write? Only journals please.'): they narrow
    or ask too, so the kinds they name must be reached."""
    end = text.rfind("?")
    return text[end + 1:] if end >= 0 else ""


def _list_requested(tokens: list[Token]) -> bool:
    """The question asks for the items (lexicon `list_requests`: 'list them') and counts nothing."""
    requests = load("en").extra.get("list_requests", [])
    return any(t.text in requests for t in tokens) and \
        not any(t.concept in ("operator:count", "head:how_many") for t in tokens)


def _one_of_the_named(tokens: list[Token], plan: dict[str, Any]) -> str | None:
    """'Which of the two started publishing earlier, A or B?': 'which of' and a word pointing back at the named things
    (lexicon `back_references.plural`, 'the two') asks for one of them: their kind, when they are all of one kind."""
    plural = load("en").extra.get("back_references", {}).get("plural", [])
    words = [t.text for t in tokens[:4]]
    kinds = {a.get("type") for a in plan.get("anchors") or [] if a.get("node_id")}
    pointing = len(words) >= 3 and tokens[1].concept == "function:of" and (words[2] in plural or
                                                                          " ".join(words[2:4]) in plural)
    if tokens and tokens[0].concept == "head:which" and pointing and len(kinds) == 1 and \
            len(plan.get("anchors") or []) >= 2:
        return kinds.pop()
    return None


NEGATION_SPAN = ("function", "attribute", "kind", "relation", "general")


def _doubled_exclusion(tokens: list[Token]) -> list[str]:
    """'leaving out uncited work', 'not from a year other than 2000', 'not published in any venue other than V': an
    exclusion of a negated word, or of a condition negated before it with no named thing, number or question word
    between (only the words of `NEGATION_SPAN`'s families), is a double negation no plan element reads (one 'not'
    filter would consume both words)."""
    found, firsts = [], set(load("en").extra.get("double_negation", {}).get("firsts", {}))
    for i, first in enumerate(tokens):
        if first.concept != "operator:exclude" and first.text not in firsts:  # ('cited by no paper other than T')
            continue
        for k, second in enumerate(tokens[i + 1:]):
            if second.concept == "operator:exclude":
                between = tokens[i + 1:i + 1 + k]
                if second.text != first.text or any(t.concept != "head:aux" for t in between):  # ('not not' side by
                    # side, or around an auxiliary as French 'n'ont pas' is rendered 'not were not': one negation)
                    found.append(f"{first.text} … {second.text} (an exclusion of a negation)")
                break
            if second.family not in NEGATION_SPAN and second.concept != "head:aux":
                break  # ('not published in a venue that is not V': the relative clause's auxiliary passes)
    return found


def _citers(asked: str, returned: str, ir: dict[str, Any], asking: list[Token]) -> bool:
    """'Who cites T?', 'who has referenced T?': a person asked by 'who' with a citing verb, the citing papers returned
    (not when a person noun asks: 'authors(papers citing T)' asks for people; nor when 'who' has another verb: 'T
    cite some paper, who write those paper?')."""
    from hgrag.agents.understanding.signature import all_features

    named = any(t.concept in ("kind:author", "relation:coauthor") for t in asking)
    other_verb = any(t.family == "relation" and t.concept != "relation:cites" for t in asking)  # ('…, who write those
    # paper?': 'who' writes; 'who picked it up' says no other relation of the graph)
    return (asked, returned) == CITERS[:2] and CITERS[2] in all_features(ir) and not other_verb and not named


LEAVING_OUT = ("operator:exclude", "operator:other", "operator:left_over", "instruction:besides_first", "relation:coauthor")


def _unlicensed_left_out(tokens: list[Token], ir: dict[str, Any], anchors: list[dict[str, Any]]) -> list[str]:
    """'A on the author list of T?' read as T's authors other than A: a named entity taken out of an answer
    whose walk does not start from it needs a word of the question that leaves something out ('except',
    'other than', 'else', 'co-authored … with A'); a co-author walk leaving out its own start needs none."""
    from hgrag.state.plan_ir import walk

    if any(t.concept in LEAVING_OUT for t in tokens) or _wrote_with(tokens):
        return []
    missing = []
    for op in walk(ir):
        if op.get("op") != "difference":
            continue
        starts = {i for part in walk(op["inputs"][0]) if part.get("op") == "match" for i in part.get("ids") or []}
        for part in op["inputs"][1:]:
            if part.get("op") == "match" and set(part.get("ids") or []) - starts:
                named = part.get("text") or next((a.get("text") for a in anchors if a.get("node_id") in part["ids"]), "")
                missing.append(f"'{named or 'an entity'}' left out (no word of the question leaves it out)")
    return missing


def _wrote_with(tokens: list[Token]) -> bool:
    """'who did A write T with?': a writing verb and 'with' name A's partners, A left out."""
    concepts = {t.concept for t in tokens}
    return "relation:writes" in concepts and "function:with" in concepts


def _walk_nothing_asks(tokens: list[Token], ir: dict[str, Any]) -> list[str]:
    """'give me T': a plan that walks from the entity although the question has nothing but the entity, a command,
    fillers and function words; what it wants of the entity is unsaid."""
    from hgrag.state.plan_ir import walk

    if not any(op.get("op") == "traverse" for op in walk(ir)):
        return []
    bare = all(t.family in ("function", "filler") or t.concept in ("mention", "head:command") for t in tokens)
    return ["what is asked of it (no word names a relation, a kind or a property)"] if bare else []


def without_consumed_instructions(text: str, plan: dict[str, Any]) -> str:
    """The text without the answer instructions the plan consumes ("both years included" read by a between
    filter is no 'both' asking for an intersection), so no word rule reads them again."""
    import re

    if not plan.get("ir"):
        return text
    for link in align(text, plan):
        if link.token.family == "instruction" and link.element is not None:
            pattern = r"\s+".join(re.escape(w) for w in link.token.text.split())
            text = re.sub(rf"(?<![\w-]){pattern}(?![\w-])", " ", text)
    return text
