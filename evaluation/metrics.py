"""Answer normalisation, the three benchmark metrics (Accuracy, entity-level F1, Hit@1) and the
answer outcomes (right / wrong / abstained) behind the wrong-answer and abstention rates.

Answers are lists of strings. Each string is normalised (case, accents, punctuation,
whitespace; DOI/ORCID URL prefixes; "12.0" -> "12", "twelve" -> "12", "1,234" -> "1234").
Two rules depend on the gold answer:
  - yes/no gold ("yes" or "no"): a prediction such as "Yes." or "No, they never did" counts
    by its leading yes/no word;
  - numeric gold: a short prediction holding exactly one number ("12 papers") counts as it.

Metrics (per question, 0.0 or 1.0 for Accuracy and Hit@1):
  - Accuracy: the normalised prediction set equals the normalised gold set.
  - F1: set precision/recall between normalised predictions and gold.
  - Hit@1: the first prediction is in the gold set.
Duplicate predictions are dropped (first occurrence kept) before scoring.
Empty prediction with non-empty gold -> all three are 0. Empty gold is only correct when
the prediction is empty too: both empty -> all three are 1; non-empty prediction with
empty gold -> all three are 0.

Answer flags (answer_flags): "abstained" when the normalised prediction is empty, "wrong" when it is
non-empty and not exactly right (for gold [] any non-empty answer is wrong). Summaries (aggregate)
add to the means: wrong_rate (share of wrong answers), abstention_rate (share of empty answers,
declines on gold [] included), and verified_right: the share of verified answers (non-empty
predictions whose `verified` flag is set) that are right (None when there are none), with
verified_n, their number. Accuracy + wrong_rate + abstentions on answerable questions = 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from hgrag.tools.text import norm_key

METRICS = ("accuracy", "f1", "hit1")
RATES = ("wrong_rate", "abstention_rate", "verified_right")

_URL_PREFIX = re.compile(r"^\s*(?:https?://)?(?:dx\.)?(?:doi\.org/|orcid\.org/)|^\s*(?:doi|orcid)\s*:\s*", re.I)
_PLAIN_NUMBER = re.compile(r"^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
_NUMBER_IN_TEXT = re.compile(r"(?<![\w.])[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")
_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_YES = {"yes", "y", "true", "yeah", "yep", "correct"}
_NO = {"no", "n", "false", "nope", "never", "not"}
_MAX_WORDS_FOR_NUMBER = 6


def _format_number(value: float) -> str:
    """12.0 -> '12', 12.5 -> '12.5'."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _number_words(key: str) -> int | None:
    """'twelve' -> 12, 'twenty one' -> 21, 'a hundred' / 'one hundred' -> 100; else None."""
    tokens = [t for t in key.split() if t != "and"]
    if tokens[:1] == ["a"]:
        tokens = ["one", *tokens[1:]]
    total, current = 0, 0
    if not tokens:
        return None
    for token in tokens:
        if token in _UNITS:
            current += _UNITS[token]
        elif token in _TENS:
            current += _TENS[token]
        elif token == "hundred":
            current = max(current, 1) * 100
        elif token == "thousand":
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
    return total + current


def parse_number(text: str) -> str | None:
    """Canonical number string for '12', '12.0', '1,234', 'twelve'; None when not a number."""
    raw = str(text).strip().rstrip(".").strip()
    if _PLAIN_NUMBER.match(raw):
        return _format_number(float(raw.replace(",", "")))
    key = norm_key(raw)
    if key:
        value = _number_words(key)
        if value is not None:
            return str(value)
    return None


def normalize_answer(text: Any) -> str:
    """Case-, accent-, punctuation- and whitespace-insensitive form; numbers canonicalised."""
    raw = str(text if text is not None else "")
    number = parse_number(raw)
    if number is not None:
        return number
    return norm_key(_URL_PREFIX.sub("", raw))


def yes_no_value(text: Any) -> str | None:
    """'Yes.' -> 'yes', 'No, never' -> 'no', anything else -> None."""
    tokens = norm_key(str(text)).split()
    if not tokens:
        return None
    if tokens[0] in _YES:
        return "yes"
    if tokens[0] in _NO:
        return "no"
    return None


def _number_from_short_text(text: Any) -> str | None:
    """The only number in a short answer such as '12 papers'; None otherwise."""
    raw = str(text)
    if len(raw.split()) > _MAX_WORDS_FOR_NUMBER:
        return None
    found = _NUMBER_IN_TEXT.findall(raw)
    if len(found) == 1:
        return parse_number(found[0])
    words = [parse_number(w) for w in norm_key(raw).split()]
    words = [w for w in words if w is not None]
    return words[0] if len(words) == 1 else None


def _as_list(answer: Any) -> list[Any]:
    if answer is None:
        return []
    if isinstance(answer, (str, int, float)):
        return [answer]
    return list(answer)


def _unique(items: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    ordered = []
    for item in items:
        if item and item not in seen:
            seen.add(item)
            ordered.append(item)
    return ordered


def normalize_prediction(prediction: Any, gold: Sequence[str]) -> list[str]:
    """Normalised, de-duplicated predictions, read in the light of the gold answer's kind."""
    items = _as_list(prediction)
    gold_keys = {normalize_answer(g) for g in gold}
    if gold_keys and gold_keys <= {"yes", "no"}:
        normalized = [yes_no_value(p) or normalize_answer(p) for p in items]
    elif gold_keys and all(parse_number(g) is not None for g in gold_keys):
        normalized = [parse_number(p) or _number_from_short_text(p) or normalize_answer(p)
                      for p in items]
    else:
        normalized = [_unlabelled(p, gold_keys) for p in items]
    return _unique(normalized)


_LABEL_WORDS = frozenset("""venue venues year years primary topic topics subfield subfields field fields domain domains
institution institutions funder funders keyword keywords author authors co-author co-authors paper papers citations doi
type language count number title""".split())  # what the system labels an asked thing with (the kinds, attributes)
_LABEL = re.compile(r"^([^\W\d_]+(?:[ -][^\W\d_]+){0,2}): (.+)$")


def _unlabelled(item: Any, gold_keys: set[str]) -> str:
    """An answer to a question asking two things is labelled ('venue: Energy & Fuels'): the value is
    scored when the labelled item is not itself a gold answer (a title may hold a colon)."""
    whole = normalize_answer(item)
    labelled = _LABEL.match(str(item))
    if whole in gold_keys or not labelled or not set(labelled.group(1).lower().split()) <= _LABEL_WORDS:
        return whole
    return normalize_answer(labelled.group(2))


def score(prediction: Any, gold: Any) -> dict[str, float]:
    """Accuracy, F1 and Hit@1 of one prediction list against one gold list."""
    gold_list = _unique(normalize_answer(g) for g in _as_list(gold))
    predicted = normalize_prediction(prediction, gold_list)
    if not gold_list:
        value = 1.0 if not predicted else 0.0
        return {"accuracy": value, "f1": value, "hit1": value}
    if not predicted:
        return {"accuracy": 0.0, "f1": 0.0, "hit1": 0.0}
    gold_set, predicted_set = set(gold_list), set(predicted)
    overlap = len(gold_set & predicted_set)
    precision = overlap / len(predicted_set)
    recall = overlap / len(gold_set)
    f1 = 0.0 if overlap == 0 else 2 * precision * recall / (precision + recall)
    return {
        "accuracy": float(predicted_set == gold_set),
        "f1": f1,
        "hit1": float(predicted[0] in gold_set),
    }


def answer_flags(prediction: Any, gold: Any) -> dict[str, bool]:
    """{"abstained": the normalised prediction is empty, "wrong": it is non-empty and not exactly right}."""
    gold_list = _unique(normalize_answer(g) for g in _as_list(gold))
    abstained = not normalize_prediction(prediction, gold_list)
    return {"abstained": abstained, "wrong": not abstained and score(prediction, gold)["accuracy"] != 1.0}


def _mean_scores(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Means of METRICS, wrong and abstention rates, and the right share of verified answers.

    Rows may carry "abstained", "wrong" (answer_flags) and "verified"; without flags a row counts as
    answered, and wrong when its accuracy is below 1. An empty answer the system verified ('the graph has no
    papers citing T') is an abstention by these flags; when the gold is not empty it is also counted as an empty
    claim (`empty_claim_rate`), and `wrong_or_empty_claim_rate` adds the two.
    """
    summary: dict[str, Any] = {"n": len(rows)}
    for metric in METRICS:
        summary[metric] = sum(r[metric] for r in rows) / len(rows) if rows else 0.0
    wrong = [bool(r.get("wrong", r["accuracy"] != 1.0 and not r.get("abstained"))) for r in rows]
    abstained = [bool(r.get("abstained")) for r in rows]
    summary["wrong_rate"] = sum(wrong) / len(rows) if rows else 0.0
    summary["abstention_rate"] = sum(abstained) / len(rows) if rows else 0.0
    empty_claims = [bool(r.get("verified")) and a and r["accuracy"] != 1.0 for r, a in zip(rows, abstained)]
    summary["empty_claim_rate"] = sum(empty_claims) / len(rows) if rows else 0.0  # ('the graph has no X' stated
    # and checked while the gold holds X: counted apart from the wrong rate, which counts non-empty answers)
    summary["wrong_or_empty_claim_rate"] = summary["wrong_rate"] + summary["empty_claim_rate"]
    verified = [w for r, w, a in zip(rows, wrong, abstained) if r.get("verified") and not a]
    summary["verified_n"] = len(verified)
    summary["verified_right"] = verified.count(False) / len(verified) if verified else None
    return summary


def _grouped(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(str(row.get(key) or "unknown"), []).append(row)
    return {name: _mean_scores(group) for name, group in sorted(groups.items())}


def aggregate(scored: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Mean metrics overall and per `type` (and per `intent` when the rows have one); each input row
    holds `type` and the METRICS keys."""
    rows = list(scored)
    summary = {"overall": _mean_scores(rows), "by_type": _grouped(rows, "type")}
    if any(row.get("intent") for row in rows):
        summary["by_intent"] = _grouped(rows, "intent")
    return summary
