"""The first step of planning: which language the question is in, and the question as the parser reads it
(German and French normalised to canonical English; any other language refused with one sentence)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hgrag.agents.understanding.answer_form import without_answer_form
from hgrag.agents.understanding.apostrophes import plain_apostrophes, with_apostrophes_restored
from hgrag.agents.understanding.claims import without_report_frame, without_reported_remarks
from hgrag.agents.understanding.citation_strings import without_reference_frames
from hgrag.agents.understanding.blanks import with_blanks_asked
from hgrag.agents.understanding.nominal_requests import with_nominal_requests, without_form_label
from hgrag.agents.understanding.choices import names_something, offered_choices
from hgrag.agents.understanding.contrasts import without_refused_reading
from hgrag.agents.understanding.hypothetical import without_hypothetical_frame
from hgrag.agents.understanding.mixed import with_foreign_runs_rendered
from hgrag.agents.understanding.restated import english_half
from hgrag.agents.understanding.double_negation import with_double_negation_cancelled
from hgrag.agents.understanding.definitions import with_definitions_applied
from hgrag.agents.understanding.forwarding import without_forwarding
from hgrag.agents.understanding.guesses import without_guesses
from hgrag.agents.understanding.manner import without_manner_restatement
from hgrag.agents.understanding.markdown import without_markdown
from hgrag.agents.understanding.search_syntax import with_search_fields
from hgrag.agents.understanding.spoken_marks import with_spoken_punctuation, without_stammered_words
from hgrag.agents.understanding.context_fold import with_context_folded
from hgrag.agents.understanding.step_chain import step_chain_folded
from hgrag.agents.understanding.stranded import with_preposition_stranded
from hgrag.agents.understanding.code_notation import unread_notation, with_code_in_words
from hgrag.agents.understanding.request_frames import with_request_frames_plain, without_courtesy_before_a_question
from hgrag.agents.understanding.clefts import with_cleft_as_claim
from hgrag.agents.understanding.envelope import without_envelope
from hgrag.agents.understanding.idle_context import without_idle_brackets, without_idle_context
from hgrag.agents.understanding.labelled_lines import with_filter_fields, without_labels
from hgrag.agents.understanding.cue_words import phrase_alternation, without_list_trailers
from hgrag.agents.understanding.asking_sentence import without_tail_after_a_wh_question
from hgrag.agents.understanding.name_heading import with_name_heading_as_subject
from hgrag.agents.understanding.aspect import with_progressive_as_simple
from hgrag.agents.understanding.variants import (with_titles_unstopped, with_repeated_verb_as_both, with_plural_subject_first, with_pronoun_phrases, with_compounds_split, with_run_together_split, with_path_in_words, with_plain_variants, with_possessives_spelled,
                                                 with_symbols_in_words, with_year_one_notes_plain,
                                                 with_open_ended_spans)
from hgrag.agents.understanding.purpose import without_describing_words, without_purpose_phrase
from hgrag.agents.understanding.relayed import with_relay_as_asker, with_titled_requesters, without_beneficiary
from hgrag.agents.understanding.gate import identify, plainly_english, unsupported_sentence
from hgrag.agents.understanding.lexicon import load
from hgrag.agents.understanding.normalise import to_english
from hgrag.agents.understanding.social_marks import without_request_tag, without_social_marks
from hgrag.agents.understanding.trailing_remarks import without_discourse_markers, without_trailing_remarks
from hgrag.agents.understanding.implied_objects import with_phrases_pointing_back
from hgrag.agents.understanding.refused import without_refused_alternatives
from hgrag.agents.understanding.sentences import (with_shared_singular_as_existence, with_closing_existence_tag, with_confirmation_as_yes_no,
                                                  with_declarative_as_yes_no)
from hgrag.agents.understanding.spoken_years import with_spoken_years
from hgrag.agents.understanding.tokens import WORD, tag
from hgrag.agents.understanding.year_windows import (with_bounds_plain, with_spans_as_between, with_window_notes_dropped,
                                                     with_year_itself_excluded)
from hgrag.tools.graph_builder import year_span
from hgrag.tools.text import outside_quotes


@dataclass(frozen=True)
class Reading:
    text: str  # what the planner reads
    language: str  # en | de | fr | another language's English name
    refusal: str | None = None  # the sentence given instead of an answer
    choices: tuple[str, ...] = ()  # the answers a quiz offers to choose from, cut from the question


def read_question(question: str, detect: Callable[[str], list[Any]]) -> Reading:
    """`detect(question)` gives the linked mention spans (called only when the words are not plainly English)."""
    asked = question
    question = with_filter_fields(without_labels(without_social_marks(with_search_fields(with_spoken_punctuation(
        with_definitions_applied(without_markdown(without_forwarding(question))))))))  # written like a prompt ('Task: …', 'Exclude: …') or
    # a query ('papers | author:A | year<2021')
    question = english_half(question, detect)  # 'Who wrote T? / Wer hat T geschrieben?': asked twice
    question, choices = offered_choices(question)  # 'Who wrote T? (a) X (b) Y': read as asked plainly
    if choices and not names_something(question) and not detect(question):  # ('Which has more citations? (a) T1
        # (b) T2': the options are the things compared)
        question, choices = f"{question.rstrip('?: ')}: " + " or ".join(f'"{c}"' for c in choices) + "?", ()
    reading = _read(question, detect)
    mark = unread_notation(asked) if reading.refusal is None else None
    if mark is not None:  # ('{p : A wrote p ∧ …}': set-builder notation and logic symbols no words of ours read)
        return Reading(reading.text, reading.language, f"The question uses the notation '{mark}', which hgrag does not "
                       "read, so it does not answer it; please ask it in words.")
    return Reading(reading.text, reading.language, reading.refusal, choices) if choices else reading


def _read(question: str, detect: Callable[[str], list[Any]]) -> Reading:
    """The reading of a question without offered options: English as asked, German and French rendered."""
    question = without_envelope(question)  # a question sent as a message: no greeting, pleasantry or sign-off
    question = outside_quotes(question, plain_apostrophes)  # 'Who’s', 'Kashtan’s' read as typed with "'"
    question = outside_quotes(question, with_apostrophes_restored)  # 'werent', 'whos' typed without one
    question = without_reference_frames(question)  # 'Durikovic, R., & Kolchin, K. (2003). "T". Venue.' -> '"T".'
    question = without_form_label(question, detect)  # 'Ref.:', 'Item 7:', 'Section B, point 7:' file the request
    question = with_titled_requesters(question, detect)  # 'Prof. Lee would like to know …' (no author Lee)
    spans = None if plainly_english(question) else detect(question)
    language = "en" if spans is None else identify(question, spans)
    if language == "en":
        question = with_foreign_runs_rendered(question, detect)  # ('the co-authors du premier auteur of T')
        return Reading(with_context_folded(without_idle_context(as_asked(question), detect), detect), "en")
    if language in ("de", "fr"):
        said = without_refused_reading(with_spoken_years(with_nominal_requests(with_request_frames_plain(
            question, language), language), language))  # 'nach zweitausendsechzehn' ->
        # 'nach 2016'; 'Nicht X, sondern Y: …' asks Y
        spans = detect(said) if said != question else spans
        rendered = with_declarative_as_yes_no(without_purpose_phrase(with_plain_variants(to_english(
            said, language, spans)), nouns_capitalised=language == "de"))  # (the
        # rendering in plain English words; 'A et B ont écrit ensemble ?' asks yes or no)
        english = with_shared_singular_as_existence(with_declarative_as_yes_no(without_idle_context(without_answer_form(without_list_trailers(
            with_relay_as_asker(rendered))), detect)))  # ('Wir bereiten … vor.', '… ? Nur den Namen bitte.'; 'Question
        # de Manon : A et B ont écrit ensemble ?' asks yes or no once its heading is gone)
        english = without_self_corrections(english)  # ('… nein sorry ich meine …' rendered 'no sorry i mean')
        english = step_chain_folded(english, detect) or with_context_folded(english, detect)  # ('Le premier auteur
        # de T : avec qui cette personne …'; 'A ist nicht mein Betreuer. Wie viele Arbeiten hat er geschrieben?')
        english = with_preposition_stranded(english) if load(language).extra.get("reads_in_english_order") else \
            english  # ('Avec qui A a-t-il écrit ?' -> 'Who has A written with?'; German keeps its verb last)
        return Reading(with_bounds_plain(with_year_itself_excluded(english)), language)  # ('bis einschließlich 2008')
    return Reading(question, language, unsupported_sentence(language))


def as_asked(question: str) -> str:
    """An English question without its chat lead-in, its yes/no opening or closing tag and its runs of years
    written plainly: each step of `ENGLISH_STEPS` in turn."""
    for step in ENGLISH_STEPS:
        question = step(question)
    return question


def with_restatements_as_sentences(question: str) -> str:
    """'whose work gets cited by A I mean the authors of …' -> '… by A. I mean the authors of …': a restatement said
    without a stop before it (lexicon `spoken_restatements`) starts a sentence of its own, so the question said again
    is read as such."""
    openers = load("en").extra.get("spoken_restatements", [])
    if not any(o in question.lower() for o in openers):
        return question
    pattern = re.compile(rf"(?:(?<=[\w\"”'])|^)(?:\s*[,;–—-])?\s+(?=(?:{phrase_alternation(openers)})\b)",
                         re.IGNORECASE)  # (after a quoted title the piece starts at its closing quote)
    return outside_quotes(question, lambda piece: pattern.sub(
        lambda m: m.group(0) if _bracketed(m.string, m.start()) or _after_a_coordinator(m.string, m.start()) else ". ",
        piece))


def _after_a_coordinator(text: str, at: int) -> bool:
    """The word before `at` joins ('… (and I mean …)'): the lexicon reads it as 'and' or 'or'."""
    before = re.findall(r"[\w'-]+", text[:at])
    return bool(before) and load("en").concept(before[-1].lower()) in ("function:and", "function:or")


def _bracketed(text: str, at: int) -> bool:
    return text[:at].count("(") > text[:at].count(")")


def without_self_corrections(question: str) -> str:
    """'which institutions no wait which funders …' -> 'which funders …': after a self-correction (lexicon
    `self_corrections`) the words said instead replace the nearest words before it of the same kind (a question word,
    a noun, a time word, an operator …); with none such, only the marker goes."""
    markers = load("en").extra.get("self_corrections", [])
    lowered = question.lower()
    if not any(m in lowered for m in markers):
        return question
    match = next((m for m in _correction_marker().finditer(question) if question[:m.start()].count('"') % 2 == 0), None)
    if match is None:
        return question
    said = [t for t in tag(question[match.end():], load("en")) if t.family != "function"][:1]
    wanted = _correction_class(said[0]) if said else None
    if wanted not in CORRECTED:
        return question  # ('… worked with? sorry if I got the spelling wrong': no correction)
    words = list(re.finditer(r"[\w'-]+", question[:match.start()]))
    start = next((w.start() for w in reversed(words) if _correction_class(tag(w.group(), load("en"))[0]) == wanted),
                 match.start())
    after = list(WORD.finditer(question[match.end():]))  # the words said instead start at the class token
    resume = match.end() + (after[said[0].start].start() if start < match.start() and said[0].start < len(after) else 0)
    return without_self_corrections(question[:start] + question[resume:])


@lru_cache(maxsize=1)
def _correction_marker() -> re.Pattern:
    markers = load("en").extra.get("self_corrections", [])
    return re.compile(rf"(?<![\w'-])(?:{phrase_alternation(markers)})(?![\w'-])[,;:]?\s*", re.IGNORECASE)


CORRECTED = ("head", "noun", "time", "operator", "attribute", "value", "instruction")


def _correction_class(token: Any) -> str | None:
    """The kind of words a correction replaces: question words together, nouns and relations together, else the
    lexicon family (or the word itself for function words)."""
    family = token.family or ""
    if family == "head":
        return None if token.concept == "head:aux" else "head"
    if family in ("kind", "relation"):
        return "noun"
    return token.text if family == "function" else family or None



def without_purpose(question: str) -> str:
    """'Who has A co-authored with, so I can avoid inviting only their collaborators?' -> 'Who has A co-authored
    with?': a clause after a comma led by one of the lexicon's `purpose_leads` says why the asker asks, not what."""
    match = _purpose().search(question)
    return question[:match.start()] + (match.group(1) or "") if match else question


@lru_cache(maxsize=1)
def _purpose() -> re.Pattern:
    leads = phrase_alternation(load("en").extra.get("context_words", {}).get("purpose_leads", []))
    return re.compile(rf",\s*(?:{leads})\b[^?]*(\?*)\s*$", re.IGNORECASE)


def with_typo_heads(question: str) -> str:
    """'were has A publised', 'were did T apear': a question opening with an auxiliary right before another
    auxiliary opens with a misspelt question word (lexicon `typo_heads`: 'were' -> 'where')."""
    heads = load("en").extra.get("typo_heads", {})
    match = re.match(r"\s*([^\W\d_]+)\s+([^\W\d_]+)", question)
    if not match or match.group(1).lower() not in heads or load("en").concept(match.group(2).lower()) != "head:aux":
        return question
    return question[:match.start(1)] + heads[match.group(1).lower()] + question[match.end(1):]


def with_plain_yes_no_opening(question: str) -> str:
    """'Can you confirm that A wrote T?' -> 'Is it true that A wrote T?' (lexicon `yes_no_openings`; without 'that':
    understanding/claims.py)."""
    from hgrag.agents.understanding.claims import with_claim_as_yes_no

    opened = _opening_pattern().sub("Is it true that ", question, count=1)
    if opened != question:  # ('Is the following sentence correct? It is not true that …': whether it is not true)
        negated = phrase_alternation(load("en").extra.get("code_words", {}).get("negated_claims", []))
        opened = re.sub(rf"^Is it true that\s+(?:{negated})\s+", "Is it not true that ", opened, flags=re.IGNORECASE)
    return with_claim_as_yes_no(opened)


@lru_cache(maxsize=1)
def _opening_pattern() -> re.Pattern:
    return re.compile(rf"^\s*(?:{phrase_alternation(load('en').extra.get('yes_no_openings', []))})\s+", re.IGNORECASE)


def with_tag_as_yes_no(question: str) -> str:
    """'I think T appeared in V, right?' -> 'I think T appeared in V, yes or no?': a statement closed by a tag
    question of the lexicon (`tag_questions`) asks whether it holds."""
    tagged = _tag_pattern().sub(", yes or no?", question, count=1)
    opening = [t for t in tag(question.lower(), load("en")) if t.family != "filler"][:1]
    unmarked = load("en").extra.get("unmarked_tags", [])  # ('Have A and B ever shared a byline or what?': no comma)
    if tagged == question and unmarked and opening and opening[0].concept == "head:aux":
        tagged = re.sub(rf"\s+(?:{phrase_alternation(unmarked)})\s*\?\s*$", ", yes or no?", question, flags=re.IGNORECASE)
    if tagged != question or "?" in question:
        return tagged
    bare = load("en").extra.get("bare_tag_questions", [])  # ('A and B have a paper together right': typed with no
    # comma and no mark, a statement closed by one of these asks whether it holds)
    found = re.search(rf"\s+(?:{phrase_alternation(bare)})\s*[.!]*\s*$", question, re.IGNORECASE) if bare else None
    if found is None or opening and opening[0].family == "head":  # (a statement: no question word, no auxiliary first)
        return question
    return question[:found.start()] + ", yes or no?"


@lru_cache(maxsize=1)
def _tag_pattern() -> re.Pattern:
    tags = load("en").extra.get("tag_questions", [])
    negations = [n for n in load("en").extra.get("code_words", {}).get("negations", []) if n.startswith("n'")]
    negated = [t for t in tags if len(t.split()) == 2 and t.split()[0].endswith(tuple(negations))]  # ("… cites U
    # doesn't it": an auxiliary's negated tag, lexicon `code_words.negations`, needs no comma)
    return re.compile(rf"\s*(?:(?:,|\s[-–—]{{1,2}}|:)\s*(?:{phrase_alternation(tags)})|\s+(?:{phrase_alternation(negated)}))"
                      rf"\s*\??\s*$", re.IGNORECASE)  # (after a comma, a dash or a colon: '… at some point - true?'; the
    # mark may be left out: '…, is that right')


def without_lead_in(question: str, punctuated: bool = True) -> str:
    """The question without the chat words it opens with ("never mind.", "nice -", "Separately,"): declared
    fillers of the lexicon, read by every later step as nothing. `punctuated`: only fillers set off by a
    comma, stop or dash ("just the ones in V" keeps its "just", "I want to …" its first person)."""
    pattern = _lead_in(punctuated)
    stripped = pattern.sub("", question, count=1) if pattern else question
    stripped = _hesitations().sub("", stripped)  # ('Um did A write T': said, no comma)
    return stripped if stripped.strip() else question


@lru_cache(maxsize=1)
def _hesitations() -> re.Pattern:
    return re.compile(rf"^\s*(?:(?:{phrase_alternation(load('en').extra.get('hesitations', []))})\s+)+", re.IGNORECASE)


@lru_cache(maxsize=2)
def _lead_in(punctuated: bool) -> re.Pattern | None:
    forms = [form for forms in load("en").family("filler").values() for form in forms]
    if not forms:
        return None
    separator = r"\s*[,.;:!–—-]+\s*" + ("" if punctuated else r"|\s+")
    return re.compile(rf"^\s*(?:(?:{phrase_alternation(forms)})(?:{separator}))+", re.IGNORECASE)


_YEARS: dict[int, tuple[Any, list[int]]] = {}


def graph_years(store: Any) -> list[int]:
    """[first, last] publication year of the graph's papers ([] without a store): recorded by the build
    (`paper_years`), else read once per store."""
    if store is None:
        return []
    recorded = (getattr(store, "facts", None) or {}).get("paper_years")
    if recorded is not None:
        return list(recorded)
    cached = _YEARS.get(id(store))
    if cached and cached[0] is store:
        return cached[1]
    span = year_span(store.attrs(list(store.nodes_of_type("paper")), "year").values())
    _YEARS[id(store)] = (store, span)
    return span


def plan_readings(question: str, plan: dict[str, Any], store: Any) -> dict[str, Any]:
    """What the plan node adds to a plan: the graph's year span (for the future-year check) and the
    alignment of the question's tokens with the plan's elements."""
    from hgrag.agents.understanding.alignment import align, alignment_trace, masked_question

    readings: dict[str, Any] = {"graph_years": graph_years(store)}
    if plan.get("ir") and plan["ir"].get("op") != "unsupported":
        readings["alignment"] = alignment_trace(align(masked_question(question, plan), plan))
    return readings


ENGLISH_STEPS: tuple[Callable[[str], str], ...] = (
    without_stammered_words, with_titles_unstopped, without_hypothetical_frame, without_guesses, without_refused_reading, without_request_tag, with_blanks_asked, with_pronoun_phrases, with_nominal_requests, without_manner_restatement, with_compounds_split, with_run_together_split, with_plain_variants, without_courtesy_before_a_question, with_cleft_as_claim, with_repeated_verb_as_both, with_plural_subject_first, with_double_negation_cancelled, with_possessives_spelled, with_year_one_notes_plain, with_open_ended_spans,
    with_phrases_pointing_back, without_beneficiary, with_relay_as_asker, with_progressive_as_simple, with_name_heading_as_subject,
    with_preposition_stranded, with_spoken_years, without_report_frame, without_reported_remarks, without_refused_alternatives,
    without_idle_brackets, with_request_frames_plain, without_self_corrections, with_restatements_as_sentences, without_trailing_remarks,
    without_discourse_markers, without_answer_form,
    with_code_in_words, with_symbols_in_words, with_path_in_words, without_purpose, without_purpose_phrase, without_describing_words,
    with_year_itself_excluded, without_lead_in, with_typo_heads, without_tail_after_a_wh_question, without_list_trailers, with_plain_yes_no_opening, with_tag_as_yes_no, with_closing_existence_tag, with_confirmation_as_yes_no,
    with_declarative_as_yes_no, with_shared_singular_as_existence, with_window_notes_dropped, with_spans_as_between, with_bounds_plain)
# (in the order they apply: who asks first, then the words, then the question's shape)
