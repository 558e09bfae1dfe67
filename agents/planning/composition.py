"""Compositional readings the intent frame cannot hold: thresholds, averages and other aggregates,
spans, decades, exclusions, comparisons of named papers, citations between named papers, time
relative to another paper, and co-author chains. Each rule reads the residual question (mentions
replaced by zzpaper / zzauthor / zzvenue / zzyear) and rewrites the compiled plan into one the
IR can express; a question none of them matches keeps the frame's plan.
"""

from __future__ import annotations

import re
from typing import Any

from hgrag.agents.planning import composition_except
from hgrag.agents.planning.composition_except import without_predicate_negation
from hgrag.agents.checking.cite_direction import two_paper_roles
from hgrag.agents.planning.composition_time import (asks_yes_no, excluded_year_filters, relative_relation, strict_year_filters,
                                           symbolic_text, year_bounds)
from hgrag.agents.planning.composition_count import negates_citing, asks_distinct_years, count_aggregate, names_average, without_thresholds
from hgrag.agents.planning.plan_compiler import hop, mention_dict
from hgrag.agents.understanding.lexicon import load

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "twenty": 20}
NUM = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|twenty)"
GREATER = r"(more than|greater than|higher than|larger than|longer than|bigger than|over|above|exceeding|exceeds?|in excess of|beyond|>|" \
          r"upwards of|strictly more than)"
LESS = r"(fewer than|less than|lower than|smaller than|under|below|<)"
ANY_NUMBER = re.compile(NUM)
AT_LEAST, AT_MOST = r"(at least|no fewer than|no less than|>=|minimum of)", r"(at most|no more than|<=|maximum of)"
CITE_NOUN = r"(citations?|cites|times|cited|citation count|refs|references)"
AUTHOR_NOUN = r"(authors?|co-?authors?|people|names|contributors|writers|researchers|persons)"
PAPER_NOUN = r"(papers?|publications?|articles?|works?|pubs|items|records)"
CITE_WORDS = re.compile(r"\b(cite|cites|citing|cited|citation|citations|refs|references|referenced)\b")
YES_NO = re.compile(r"^(?:[\w' ,]*? )?(did|do|does|has|have|had|is|are|was|were)\b(?!.*\b(who|which|what|when|where|how)\b)|"
                    r"\b(whether|yes or no|yes/no|yes no|y/n|true or false)\b")
NEGATION = re.compile(r"\b(aside|set aside|setting aside|leaving aside|excl|ignoring|barring|save for|without|not with|not co-?(written|authored|wrote)|did not|didn't|does not|doesn't|never|don't|wasn't|weren't|isn't|aren't|hasn't|haven't|hadn't|"
                      r"except|excluding|other than|besides|apart from|aside from|not including|but not|minus|"
                      r"leaving out|leave out|not counting|(?<!or )(?<!if )not)\b")
CITE_RANK = re.compile(r"\b(more|most|less|fewer|least|fewest|greater|greatest|higher|highest|lower|lowest|larger|"
                       r"largest|bigger|biggest|smaller|smallest)\b")
EXPLICIT_EARLY = re.compile(r"\b(older|oldest|earlier|earliest|predates?|sooner|precedes?|preceded)\b|\bbefore the other\b|"
                            r"\b(came|come|comes|published|appeared|appear|released|issued|printed|written|out) first\b|"
                            r"\bfirst (published|to (appear|come out|be published))\b")
EXPLICIT_LATE = re.compile(r"\b(newer|newest|more recent|most recent|later|latest|younger)\b|\bafter the other\b")
ZERO_CITED = re.compile(r"\bcitations?(?: count| number| total| tally)?\s*(?:=|==|:|of|equal to|equals|is|at|being|"
                        r"stands at)?\s*(?:zero|0|none)\b(?!\.\d)|\bcited (?:zero|0|no) times\b")
# "X's work was mostly in V. Which papers appeared elsewhere?": the venue named earlier is the one left out
ELSEWHERE = re.compile(r"zzvenue\b.*\b(elsewhere|(some|any)where else|(in|at|to) (an)?other (venues?|journals?|outlets?|places?|"
                       r"conferences?))\b|\belsewhere (than|but) zzvenue")
OTHER_VENUES = re.compile(r"\b(other|else|another|additional|different|remaining)\b[^z]{0,20}\b(venues?|journals?|outlets?|"
                          r"conferences?|places?|proceedings|where)\b|\bwhere else\b|\belsewhere\b")
# "I'd like to connect A and B. Which co-authors do they share?": the people in common are asked, not a chain
PEOPLE_IN_COMMON = re.compile(r"^(?!.*\b(shortest|chain|degrees? of separation|separation|how far|distance|hops?|how many)\b)"
                              r".*\b(who|whom|which|list|name|give|show)\b.*\b(in common|shared?|mutual|both)\b")
THE_NAMED_THEMSELVES = re.compile(r"\s*(for )?(those|these|the) (two|pair)\b|\s*(both of )?(them|themselves)\b|"
                                  r"\s*the (two )?(named|people named|authors named|researchers named)\b")
YES_NO_OR = re.compile(r"\b(yes or no|or not|true or false)\b")


def number(text: str) -> int:
    return int(text) if text.isdigit() else NUMBER_WORDS[text]


_PARTITIVE = "(?:" + "|".join(map(re.escape, load("en").extra.get("threshold_partitives", []))) + "|(?!))"


def threshold(text: str, noun: str) -> tuple[str, int] | None:
    """('>', 20) from "more than 20 citations" / "cited over 20 times" / "citations > 20"."""
    if not ANY_NUMBER.search(text):
        return None  # every pattern below holds a number; compiling them costs a cold start 0.2 s
    for words, cmp in ((GREATER, ">"), (LESS, "<"), (AT_LEAST, ">="), (AT_MOST, "<=")):
        near = re.search(rf"\b{words} {NUM} (\w+ ){{0,2}}{noun}\b|\b{noun} (\w+ ){{0,3}}{words} {NUM}\b(?! {_PARTITIVE}\b)|"
                         rf"\b{noun}\s*{words}\s*{NUM}\b(?! {_PARTITIVE}\b)", text)  # \b: "zzauthor more than 1 papers"
        # is no author count; 'cites at least one of the works by A' names works (lexicon threshold_partitives)
        if near:
            value = next(g for g in reversed(near.groups()) if g and (g.isdigit() or g in NUMBER_WORDS))
            return cmp, number(value)
    return None


class Composer:
    def __init__(self, text: str, raw: str, spans: list[Any], years: list[int], plan: dict[str, Any]):
        self.text, self.raw, self.spans, self.years, self.plan = text, raw.lower(), spans, years, plan
        self.by_type = {t: [s for s in spans if s.type == t and s.candidates] for t in ("paper", "author", "venue")}
        self.symbolic = symbolic_text(raw, spans, years)  # comparison symbols kept (<, >, =)

    # -- plan builders ----------------------------------------------------------------------
    def base(self, subject: Any, roles: dict[int, str] | None = None, **fields: Any) -> dict[str, Any]:
        roles = roles or {}
        anchors = [mention_dict(s, "subject" if s is subject else roles.get(id(s), s.type)) for s in self.spans]
        plan = {"start_type": subject.type, "anchors": anchors, "steps": [], "constraints": {},
                "operation": "list", "attribute": None, "project": None, "compare": [], "exclude_anchors": False,
                "combine": "intersection", "target_type": "paper", "result_type": "paper", "hop_budget": 1,
                "unresolved": self.plan.get("unresolved", []), "query_type": "multihop",
                "rationale": "compositional reading"}
        plan.update(fields)
        return plan

    def node_id(self, span: Any) -> str:
        return span.candidates[0].node_id

    # -- rules ------------------------------------------------------------------------------
    def chain(self) -> dict[str, Any] | None:
        authors = self.by_type["author"]
        if len(authors) >= 2 and re.search(r"\b(shortest|chain|degrees? of separation|separation|introductions?|"
                                           r"hops?|how far|distance|steps?|links?|handshakes?|connect)", self.text) \
                and not PEOPLE_IN_COMMON.search(self.text):
            return self.base(authors[0], special={"kind": "path", "type": "author"}, target_type="value",
                             operation="path")
        return None

    def compare_papers(self) -> dict[str, Any] | None:
        papers = self.by_type["paper"]
        if len(papers) < 2 or not re.search(r"\bor\b|\bvs\b|\bversus\b|\bwhich\b|\bcompar", YES_NO_OR.sub(" ", self.text)):
            return None
        cited = bool(CITE_WORDS.search(self.text)) or "impact" in self.text
        cite_rank = cited and CITE_RANK.search(re.sub(r"\bmore recent(ly)?\b", " ", self.text))
        if cite_rank and (EXPLICIT_EARLY.search(self.text) or EXPLICIT_LATE.search(self.text)):
            return None  # two orderings asked at once ("which came first, and which is cited more?")
        if cite_rank:  # "which got cited more? … to decide which to read first": not a publication order
            key, order = "cited_by_count", "min" if re.search(r"\b(less|fewer|lower|least|fewest|smaller|smallest)\b",
                                                                  self.text) else "max"
        elif re.search(r"\b(older|oldest|earlier|earliest|first|predates?|came out first|published first|sooner|"
                       r"precedes?|preceded)\b|\bbefore the other\b", self.text):
            key, order = "year", "min"
        elif re.search(r"\bafter the other\b", self.text) and not cited:
            key, order = "year", "max"
        elif re.search(r"\b(newer|newest|more recent|most recent|later|latest|younger)\b", self.text) and not cited:
            key, order = "year", "max"
        elif cited and re.search(r"\b(less|fewer|lower|least|fewest)\b", self.text):
            key, order = "cited_by_count", "min"
        elif re.search(r"\b(influential|impactful|impact)\b", self.text) or cited and re.search(r"\b(more|most)\b", self.text):
            key, order = "cited_by_count", "max"
        else:
            return None
        return self.base(papers[0], special={"kind": "compare", "type": "paper", "key": key, "order": order},
                         operation="compare")

    def cites_between(self) -> dict[str, Any] | None:
        papers = self.by_type["paper"]
        roles = two_paper_roles(self.text) if len(papers) == 2 else None
        if len(papers) < 2 or not (CITE_WORDS.search(self.text) or roles) or not self._asks_about_both_papers():
            return None
        citing, cited = papers[0], papers[1]
        if roles:
            citing, cited = papers[roles[0]], papers[roles[1]]
        elif re.search(r"zzpaper (is |was |been |get |gets )?(cited|referenced) by zzpaper|zzpaper (appear|appears|show up|"
                     r"shows up|listed) in (the )?(references|bibliography|reference list) of zzpaper", self.text):
            citing, cited = papers[1], papers[0]
        return self.base(citing, special={"kind": "cites_test", "citing": self.node_id(citing),
                                          "cited": self.node_id(cited)}, operation="yes_no", target_type="value")

    def _asks_about_both_papers(self) -> bool:
        """False when the asking sentence names one paper and refers back to none ("X is cited a lot.
        How many times has Y been cited?": X is context, not the other end of a citation)."""
        from hgrag.agents.planning.intent import PAPER_PRONOUN, asked_first

        asked = asked_first(self.text)[1]
        return asked.count("zzpaper") >= 2 or bool(PAPER_PRONOUN.search(asked)) or "zzstop" not in self.text

    def paper_year_test(self) -> dict[str, Any] | None:
        papers = self.by_type["paper"]
        if len(papers) != 1 or not self.years or self.by_type["author"] or not asks_yes_no(self.text):
            return None
        in_order = sorted(set(self.years), key=lambda y: self.raw.find(str(y)))
        bounds = year_bounds(self.text, self.symbolic, in_order)  # "before 2003", "pre-2003", "year < 2003"
        if not bounds:
            return None
        if len(bounds) == 1:
            return self.base(papers[0], special={"kind": "year_test", "type": "paper", "cmp": bounds[0][0],
                                                 "value": bounds[0][1]}, operation="yes_no", target_type="value")
        plan = self.base(papers[0], operation="yes_no", target_type="value")  # "after 1990 but before 2000"
        plan["post_filters"] = [{"attr": "year", "cmp": cmp, "value": year} for cmp, year in bounds]
        return plan

    def relative_to_paper(self) -> dict[str, Any] | None:
        papers, authors = self.by_type["paper"], self.by_type["author"]
        if len(papers) != 1 or len(authors) != 1:
            return None
        cmp = relative_relation(self.text, self.symbolic)  # "after X", "year > year of X", "the year X came out"
        if not cmp:
            return None
        reference = self.node_id(papers[0])
        plan = self.base(authors[0], roles={id(papers[0]): "reference"}, steps=[hop("author", "paper")])
        plan["post_filters"] = [{"attr": "year", "cmp": cmp, "sub": {"op": "aggregate", "fn": "max", "input": {
            "op": "project", "attr": "year", "input": {"op": "match", "ids": [reference], "type": "paper"}}}}]
        if cmp == "=":
            plan["post_filters"].append({"attr": "id", "cmp": "!=", "value": reference})
        return plan

    def excluded_person(self) -> dict[str, Any] | None:
        authors = self.by_type["author"]
        negated = ([None] + list(NEGATION.finditer(self.text)))[-1]  # the last one ('Co-author list, minus one
        # person. Who has co-authored with A, apart from B?': 'apart from' leads B out, not the heading's 'minus')
        named_again = len(authors) in (3, 4) and len({self.node_id(a) for a in authors}) == 2  # "A worked with B. … A … B?"
        if len(authors) != 2 and not named_again or self.by_type["paper"] or not negated:
            return None
        if THE_NAMED_THEMSELVES.match(self.text[negated.end():]):
            return None  # "…with both A and B, excluding those two themselves": the named pair, not one of them
        words = self.text.split()
        holes = [i for i, w in enumerate(words) if w == "zzauthor"]
        negation_at = len(self.text[:negated.start()].split())
        after = [k for k, i in enumerate(holes) if i > negation_at]
        backward = negated.group(1) in ("aside", "set aside") and not re.match(r" (from|of)\b", self.text[negated.end():])
        excluded_index = after[0] if after and not backward else (
            max((k for k, i in enumerate(holes) if i < negation_at), default=1))
        if len(holes) != len(authors) or excluded_index >= len(authors):
            return None
        drop = authors[excluded_index]
        keep = next((a for a in authors if self.node_id(a) != self.node_id(drop)), None)
        if keep is None:
            return None  # the one person named is both kept and left out: no reading of this rule
        roles = {id(drop): "excluded"}
        if self.plan.get("result_type") == "author" or (self.plan.get("result_type") != "paper" and re.search(
                r"\b(co-?authors?|collaborators?|co-?writers?|partners|colleagues|people|who)\b", self.text)):
            plan = self.base(keep, roles, steps=[hop("author", "paper"), hop("paper", "author")], target_type="author",
                             result_type="author", exclude=[self.node_id(drop)], exclude_anchors=True)
            return self.counted(self._one_anchor_each(plan, keep, drop))
        plan = self.base(keep, roles, steps=[hop("author", "paper")])
        plan["post_filters"] = [{"attr": "author", "cmp": "not_in", "value": [self.node_id(drop)]}]
        return self._one_anchor_each(plan, keep, drop)

    def _one_anchor_each(self, plan: dict[str, Any], *kept: Any) -> dict[str, Any]:
        """A person named twice is one anchor: the plan keeps the given spans of each named author."""
        ids = {id(s) for s in kept}
        plan["anchors"] = [a for s, a in zip(self.spans, plan["anchors"]) if s.type != "author" or id(s) in ids
                           or not s.candidates]
        return plan

    def except_position(self) -> dict[str, Any] | None:
        papers = self.by_type["paper"]
        match = re.search(r"\b(except|other than|besides|apart from|aside from|excluding|but not|without|minus|not "
                          r"counting|leaving out|leave out|beyond|not)\b( for)? (the |its |their |his |her )?(first|lead|"
                          r"last|senior)", self.text)
        if len(papers) != 1 or not match or self.by_type["author"]:
            return None
        position = -1 if match.group(4) in ("last", "senior") else 1
        return self.counted(self.base(papers[0], steps=[hop("paper", "author")], target_type="author",
                                      result_type="author", exclude_position=position))

    def counted(self, plan: dict[str, Any]) -> dict[str, Any]:
        """'How many authors of X besides the first?': the number of the people the rule lists."""
        if re.search(r"\b(how many|number of)\b", self.text) and plan.get("result_type") == "author":
            return {**plan, "operation": "count", "target_type": "value"}
        return plan

    def refine(self) -> dict[str, Any]:
        """Filters and aggregates on top of the frame's plan (thresholds, venues excluded, decades, averages)."""
        in_order = sorted(set(self.years), key=lambda y: self.raw.find(str(y)))
        plan = strict_year_filters(dict(self.plan), self.text, self.symbolic, in_order)  # "before 2005" is strict
        plan = excluded_year_filters(plan, self.symbolic)  # "excluding those from 2015"
        filters = list(plan.get("post_filters") or [])
        cited = threshold(self.text, CITE_NOUN)
        if cited and CITE_WORDS.search(self.text) and plan.get("result_type") == "paper":
            filters.append({"attr": "cited_by_count", "cmp": cited[0], "value": cited[1]})
            plan = _counted_or_listed(plan, self.text)
        many = threshold(self.text, AUTHOR_NOUN)
        if many and plan.get("result_type") == "paper" and not cited:
            filters.append({"attr": "n_authors", "cmp": many[0], "value": many[1]})
            plan = _counted_or_listed(plan, self.text)
        if negates_citing(self.text) and plan.get("result_type") == "paper":  # ('never cited'; not ', not a citation
            # count', which refuses a reading, nor 'not counting self-citations')
            filters.append({"attr": "cited_by_count", "cmp": "=", "value": 0})
            plan = plan if re.search(r"\b(how many|number of)\b", self.text) and plan.get("operation") == "count" \
                else _listing(plan)
        elif ZERO_CITED.search(self.raw) and plan.get("result_type") == "paper" and not cited:
            filters.append({"attr": "cited_by_count", "cmp": "=", "value": 0})  # "with a citation count of zero"
            plan = plan if re.search(r"\b(how many|number of)\b", self.text) else _listing(plan)
        decade = re.search(r"\b(1[89]\d0|20[0-2]0)'?s\b", self.raw)
        if decade and plan.get("result_type") == "paper":
            start = int(decade.group(1))
            filters.append({"attr": "year", "cmp": "between", "value": [start, start + 9]})
        plan = self._venue_excluded(plan, filters)
        plan["post_filters"] = filters
        return self._aggregate(plan)

    def _venue_excluded(self, plan: dict[str, Any], filters: list[dict[str, Any]]) -> dict[str, Any]:
        venues = self.by_type["venue"]
        if len(venues) != 1 or plan.get("result_type") not in ("paper", "venue") or not self._venue_left_out():
            return plan
        venue = self.node_id(venues[0])
        plan = _strip_venue(plan, venue)
        if plan["result_type"] == "venue":  # "A published mostly in V. Which other venues…": V is not one of them
            plan["exclude"] = [*(plan.get("exclude") or []), venue]
            plan["anchors"] = [dict(a, role="excluded") if a.get("node_id") == venue else a for a in plan["anchors"]]
        else:
            filters.append({"attr": "venue", "cmp": "!=", "value": venue})
        return plan

    def _venue_left_out(self) -> bool:
        """'not in V', 'other than V', 'V aside', 'elsewhere than V', or, when venues are asked, 'which other
        venues' / 'where else' next to V."""
        return bool(re.search(r"!=|≠|<>", self.raw) or re.search(
            r"\b(not|outside|other than|except|excluding|besides|apart from|never|aside from|anywhere but|"
            r"everywhere but|but not)\b[^z]{0,30}zzvenue|zzvenue[^z]{0,12}\b(excluded|aside)\b",
            without_predicate_negation(self.text)) or
            ELSEWHERE.search(self.text) or self.plan.get("result_type") == "venue" and OTHER_VENUES.search(self.text))

    def _aggregate(self, plan: dict[str, Any]) -> dict[str, Any]:
        text = self.text
        papers_of = plan.get("result_type") == "paper"
        counted = count_aggregate(text, plan, _listing)
        if counted:
            return counted
        if names_average(text) and papers_of:
            return {**_listing(plan), "operation": "avg", "attribute": "cited_by_count"}
        per_paper = _authors_per_paper(plan) if names_average(text) and _names_authors(text) else None
        if per_paper:  # 'on average, how many authors do A's papers have': the mean byline length
            return {**_listing(per_paper), "operation": "avg", "attribute": "n_authors"}
        value_wanted = not re.search(r"\bwhich\b(?! (is|was) the (highest|maximum|max|largest|biggest|top|peak|"
                                     r"lowest|minimum|min|smallest))|\b(what|name the|give the|show the) (paper|article|"
                                     r"publication|work|title|one)\b|\btitle\b", text)
        no_paper_noun = not re.search(r"\b(papers?|articles?|publications?|works?|titles?|ones?)\b", text)
        if papers_of and value_wanted and CITE_WORDS.search(text) and re.search(
                r"\b(highest|maximum|max|largest|biggest|top|peak|greatest|most)\b", without_thresholds(text)) and (no_paper_noun or
                re.search(r"\b(how many|number|count|value|figure|how often|how much|only the number)\b", text)):
            return {**_listing(plan), "operation": "max", "attribute": "cited_by_count"}
        if papers_of and value_wanted and CITE_WORDS.search(text) and re.search(
                r"\b(lowest|minimum|min|smallest|fewest|least)\b", without_thresholds(text)) and \
                re.search(r"\b(how many|number|count|value|figure)\b", text):
            return {**_listing(plan), "operation": "min", "attribute": "cited_by_count"}
        if re.search(r"\b(span|how many years|years (between|separate|from|elapsed|passed|lie)|how long|active (for|"
                     r"span|period|years)|career length|between (the |their |his |her )?first and (the )?last)\b", text) \
                and plan.get("start_type") == "author" and not asks_distinct_years(text):
            return {**_listing(plan), "operation": "span", "project": "year", "attribute": None,
                    "target_type": "value"}
        if YES_NO.search(text) and papers_of and plan.get("operation") == "yes_no":
            more = threshold(text, PAPER_NOUN)
            if more:
                return {**_listing(plan), "operation": "count", "test": {"cmp": more[0], "value": more[1]},
                        "target_type": "value"}
        return plan

    def compose(self) -> dict[str, Any] | None:
        if composition_except.exclusions_said(self.text) > 1:
            return None  # ('Apart from A, … of B? … except the others': which word leaves out what is not read)
        for rule in (self.chain, self.compare_papers, self.cites_between, self.paper_year_test,
                     self.relative_to_paper, self.excluded_person, self.except_position,
                     lambda: composition_except.position_others(self), lambda: composition_except.except_position(self),
                     lambda: composition_except.known_partner(self)):
            plan = rule()
            if plan:
                return plan
        return None


def _names_authors(text: str) -> bool:
    """A word of the lexicon's kind:author ('authors', 'writers'); 'co-authors' is a relation (one's partners)."""
    from hgrag.agents.understanding.lexicon import load

    return any(load("en").concept(word) == "kind:author" for word in re.findall(r"[\w'-]+", text))


def _authors_per_paper(plan: dict[str, Any]) -> dict[str, Any] | None:
    """The papers whose authors a plan lists (the co-author hop taken off), or None when it lists no paper's authors."""
    steps = list(plan.get("steps") or [])
    if plan.get("result_type") != "author" or len(steps) < 2 or steps[-1]["to_type"] != "author" \
            or steps[-2]["to_type"] != "paper" or plan.get("operation") not in ("list", "count"):
        return None
    return {**plan, "steps": steps[:-1], "result_type": "paper", "target_type": "paper", "exclude_anchors": False,
            "exclude": []}


def _counted_or_listed(plan: dict[str, Any], text: str) -> dict[str, Any]:
    """'how many papers by A have more than 10 citations': a count of papers stays a count of the filtered ones
    when the question's head asks a number ('V papers, author_count >= 2' names a count it compares)."""
    from hgrag.agents.understanding.asked_head import asked_kind
    from hgrag.agents.understanding.asking_sentence import asking_tokens

    counted = plan.get("operation") == "count" and plan.get("result_type") == "paper"
    return plan if counted and asked_kind(asking_tokens(text)) == "number" else _listing(plan)


def _listing(plan: dict[str, Any]) -> dict[str, Any]:
    """The plan's node set listed (an aggregate or test goes on top of it); a yes/no question stays one
    ('has T been cited more than 10 times?': is the filtered set non-empty)."""
    itself = not plan.get("steps")  # the set is the named entity itself, so the test is of that entity
    operation = "yes_no" if plan.get("operation") == "yes_no" and itself else "list"
    listed = {**plan, "operation": operation, "attribute": None, "read": None}
    if plan.get("project") and plan.get("result_type") == "paper" and plan.get("operation") in ("yes_no",):
        listed["project"] = None
    return listed


def _strip_venue(plan: dict[str, Any], venue: str) -> dict[str, Any]:
    plan = dict(plan)
    plan["steps"] = [dict(s, filters={k: v for k, v in (s.get("filters") or {}).items() if v != venue})
                     for s in plan.get("steps", [])]
    plan["compare"] = [c for c in plan.get("compare") or [] if c != venue]
    return plan


def compose_plan(text: str, raw: str, spans: list[Any], years: list[int], plan: dict[str, Any]) -> dict[str, Any]:
    """The compositional plan for a question, or the frame's plan refined with filters and aggregates."""
    composer = Composer(text, raw, spans, years, plan)
    special = composer.compose()
    if special:
        return special
    if not plan.get("anchors") or plan.get("operation") in ("unsupported", "describe"):
        return plan
    return composer.refine()

