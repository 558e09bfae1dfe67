"""Shared pieces of the paper's LLM baselines (GraphCoT, KGRAG, AdaptiveRAG, Agent-G).

Every baseline uses the dataset's graph store and entity index (hgrag.tools.resources) and a chat
model built from the same Context fields as the LLM factory (model, base_url, api_key, llm_timeout),
with a bounded reply length. Replies are asked for as JSON in the prompt and parsed tolerantly, without
`response_format` (grammar-constrained decoding is many times slower on llama-cpp-python's server). `safe_answer` turns any failure (endpoint down, timeout, malformed
reply, exhausted step budget) into an empty answer with a one-line reason, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hgrag.evaluation.baselines import SystemSkipped, _system_result
from hgrag.state.context import Context
from hgrag.tools.errors import HgragError, LLMError
from hgrag.tools.graph_store import EDGE_TYPES
from hgrag.tools.llm import parse_json_reply
from hgrag.tools.text import clean_display

MAX_REPLY_TOKENS = 128  # a slow endpoint keeps generating after a client timeout: keep replies short
MAX_ANSWER_ITEMS = 50
UNKNOWN = {"unknown", "none", "n/a", "i don't know", "i do not know", ""}
ANSWER_RULES = ("Answer items are names, titles, a number, a year, a DOI or yes/no, copied exactly from "
                "the evidence; give several items only when the question asks for several. If the evidence "
                "does not answer the question, give an empty list.")


# -- configuration and the chat model ---------------------------------------------------
def llm_context(name: str, context: dict[str, Any]) -> Context:
    """The run's Context; SystemSkipped when no LLM is configured (these baselines are LLM systems)."""
    settings = Context.from_mapping(context)
    if not settings.uses_llm or not settings.base_url:
        raise SystemSkipped(f"{name} needs an LLM: pass --model NAME and --base-url URL (or set OPENAI_BASE_URL)")
    return settings


def chat_model(context: Context, *, json_mode: bool) -> Any:
    """ChatOpenAI on the configured endpoint: temperature 0, no retries, bounded reply length."""
    from langchain_openai import ChatOpenAI

    extra = {"model_kwargs": {"response_format": {"type": "json_object"}}} if json_mode else {}
    return ChatOpenAI(model=context.model, base_url=context.base_url, api_key=context.api_key or "not-needed",
                      timeout=float(context.llm_timeout), max_retries=0, temperature=0,
                      max_tokens=MAX_REPLY_TOKENS, **extra)


def endpoint_error(context: Context, exc: Exception) -> LLMError:
    first_line = (str(exc).splitlines() or [type(exc).__name__])[0][:200]
    return LLMError(f"LLM endpoint {context.base_url} failed: {type(exc).__name__}: {first_line}")


def invoke(model: Any, messages: list[Any], context: Context) -> Any:
    """One chat call; every client or endpoint failure becomes an LLMError."""
    try:
        return model.invoke(messages)
    except Exception as exc:  # noqa: BLE001 - network, HTTP, timeout and client errors vary by version
        raise endpoint_error(context, exc) from None


def ask_json(model: Any, context: Context, system: str, user: str) -> dict[str, Any]:
    """A JSON-object reply to one system + user prompt (LLMError when the reply is not an object)."""
    from langchain_core.messages import HumanMessage, SystemMessage

    reply = invoke(model, [SystemMessage(system), HumanMessage(user)], context)
    return parse_json_reply(reply.content)


# -- answers -----------------------------------------------------------------------------
def answer_items(value: Any) -> list[str]:
    """Answer items from a reply field: a list, or a string split on newlines and semicolons."""
    if value is None:
        return []
    if isinstance(value, (int, float, bool)):
        value = [("yes" if value else "no") if isinstance(value, bool) else value]
    if isinstance(value, str):
        value = re.split(r"[\n;]", value)
    if not isinstance(value, list):
        raise LLMError(f"the answer was a {type(value).__name__}, not a list")
    items = [clean_display(str(v)).strip(" -*•\t\"'") for v in value if not isinstance(v, (dict, list))]
    return [item for item in items if item.lower().rstrip(".") not in UNKNOWN][:MAX_ANSWER_ITEMS]


def reply_answer(reply: dict[str, Any]) -> list[str]:
    """The `answer` field of a JSON reply; LLMError when the reply has none."""
    if "answer" not in reply:
        raise LLMError(f"the LLM reply had no \"answer\" field (keys: {', '.join(sorted(reply))[:80]})")
    return answer_items(reply["answer"])


def safe_answer(run: Callable[[str], dict[str, Any]], question: str) -> dict[str, Any]:
    """Run a baseline on one question; failures give an empty answer with the reason in `error`."""
    try:
        return run(question)
    except HgragError as exc:
        return _system_result([], error=str(exc))
    except Exception as exc:  # noqa: BLE001 - a baseline must never raise into the runner
        first_line = (str(exc).splitlines() or [""])[0][:200]
        return _system_result([], error=f"{type(exc).__name__}: {first_line}")


# -- graph access shared by the baselines -------------------------------------------------
def link_entities(resources: Any, text: str, k: int = 3) -> list[str]:
    """Nodes the text names: mention detection through the entity index, else nearest labels."""
    from hgrag.agents.retrieval_agent import detector_for

    found: list[str] = []
    spans, _, _ = detector_for(resources).detect(text)
    for span in spans:
        found.extend(c.node_id for c in span.candidates[:1] if c.node_id not in found)
    if not found:
        found = [c.node_id for c in resources.index.search(text, k=k)]
    return found[:k]


def node_text(store: Any, node: str) -> str:
    """'label (type, attr=value, …)' with every attribute except the type."""
    data = store.node(node)
    attrs = ", ".join(f"{k}={v}" for k, v in sorted(data.items())
                      if k not in ("type", "title", "name") and v not in (None, ""))
    return f"{clean_display(store.label(node))} ({data['type']}{', ' + attrs if attrs else ''})"


def triples_of(store: Any, node: str, limit: int) -> list[tuple[str, str, str]]:
    """Up to `limit` (head, relation, tail) triples around a node, heads and tails with attributes."""
    found: list[tuple[str, str, str]] = []
    for edge_type in EDGE_TYPES:
        for direction in ("out", "in"):
            for other in sorted(store.neighbors(node, edge_type, direction)):
                head, tail = (node, other) if direction == "out" else (other, node)
                found.append((node_text(store, head), edge_type, node_text(store, tail)))
                if len(found) >= limit:
                    return found
    return found


def triple_line(triple: tuple[str, str, str]) -> str:
    return f"{triple[0]} -[{triple[1]}]-> {triple[2]}"


def node_passage(store: Any, node: str, max_titles: int = 10) -> str:
    """A passage about one node: paper sentence (authors, venue, year, citations) or name + its papers."""
    from hgrag.evaluation.passages import paper_passage, venue_passage

    kind = store.node_type(node)
    if kind == "paper":
        return paper_passage(store, node)[0]
    papers = sorted(store.step(node, "paper"))
    titles = "; ".join(clean_display(store.label(p)) for p in papers[:max_titles])
    more = f" (and {len(papers) - max_titles} more)" if len(papers) > max_titles else ""
    head = venue_passage(store, node)[0] if kind == "venue" else \
        f"{clean_display(store.label(node))} (author) wrote {len(papers)} papers."
    return f"{head} Papers: {titles}{more}." if titles else head


def rank_by_similarity(index: Any, question: str, texts: list[str]) -> list[int]:
    """Positions of `texts` ordered by cosine similarity to the question (embedder of the entity index)."""
    if not texts:
        return []
    vectors = index.embedder.encode([question, *texts])
    scores = vectors[1:] @ vectors[0]
    return sorted(range(len(texts)), key=lambda i: (-float(scores[i]), i))
