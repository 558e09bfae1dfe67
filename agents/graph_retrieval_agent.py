"""Graph retrieval and re-ranking agent: `retrieve`, `score_sufficiency`, `expand`.

retrieve      links each mention to one node (string-match candidates re-ranked by graph proximity to
              the other mentions), then walks the plan's hops and keeps the walked subgraph as evidence.
sufficiency   = 0.6 * entity coverage + 0.4 * semantic relevance, where
              coverage  = linked mentions / all mentions (halved when the walk hit its node budget),
              relevance = mean over linked anchors of max(cosine(question, node embedding),
                          share of the node label's words found in the question).
expand        re-links unresolved mentions inside the next neighbourhood ring of the linked anchors
              (or, with no anchor, by looser embedding search), tries the next candidate of an anchor
              whose walk came back empty, and widens a truncated walk tenfold.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from hgrag.agents.linking.homonyms import same_answer_for_each, unlink_homonyms
from hgrag.agents.linking.mentions import names_compatible, token_coverage
from hgrag.agents.resources_access import noted, resources_for
from hgrag.state.context import Context
from hgrag.tools.entity_keys import denotes, same_name_scores
from hgrag.tools.text import norm_key
from hgrag.tools.plan_exec import linked_subjects, run_plan
from hgrag.tools.ir_exec import Execution as Traversal
from hgrag.agents.planning.plan_lowering import with_ir

if TYPE_CHECKING:  # annotations only: a one-shot run need not import LangGraph
    from langgraph.runtime import Runtime
    from hgrag.state.qa_state import QAState


COVERAGE_WEIGHT, RELEVANCE_WEIGHT = 0.6, 0.4
MAX_EVIDENCE_NODES = 300
RING_LIMIT = 3000
RELINK_EMBEDDING_MIN = 0.6
RELINK_NEIGHBOURS = 10
DIRECT_MARGIN = 0.2


def evidence_from(plan: dict[str, Any], traversal: Traversal, budget: int) -> dict[str, Any]:
    anchors = [m["node_id"] for m in plan.get("anchors", []) if m.get("node_id")]
    nodes = list(dict.fromkeys(anchors + [n for layer in traversal.layers for n in sorted(layer)]))
    # Ties broken by node id: Counter order follows set iteration, which differs between processes.
    frontier = [n for n, _ in sorted(traversal.targets.items(), key=lambda kv: (-kv[1], kv[0]))[:50]]
    return {"nodes": nodes[:MAX_EVIDENCE_NODES], "edges": [list(e) for e in traversal.edges],
            "paths": traversal.paths, "frontier": frontier, "n_targets": len(traversal.targets),
            "truncated": traversal.truncated, "layer_budget": budget}


def _swap(value: Any, old: str, new: str) -> Any:
    if isinstance(value, list):
        return [new if v == old else v for v in value]
    return new if value == old else value


def relink(plan: dict[str, Any], mention: dict[str, Any], node: str, store: Any) -> None:
    """Point a mention at another node, and every place the plan uses it (exclusions, comparisons,
    filters) with it, so the walk and the validator see the same entity."""
    old = mention.get("node_id")
    mention["node_id"], mention["label"] = node, store.label(node)
    if old and old != node:
        _replace_everywhere(plan, old, node)
    with_ir(plan)


def _replace_everywhere(plan: dict[str, Any], old: str, node: str) -> None:
    for key in ("exclude", "compare"):
        if plan.get(key):
            plan[key] = _swap(plan[key], old, node)
    for filters in [plan.get("start_filters"), plan.get("constraints")] + [s.get("filters") for s in plan.get("steps", [])]:
        for name, value in (filters or {}).items():
            filters[name] = _swap(value, old, node)
    for extra in plan.get("post_filters") or []:
        extra["value"] = _swap(extra.get("value"), old, node)


def rerank_anchors(store: Any, plan: dict[str, Any], abstain_on_ties: bool = False) -> dict[str, Any]:
    """Pick, for each ambiguous mention, the candidate closest in the graph to the other mentions.

    A candidate connected to the other mentions beats an unconnected one; a direct neighbour of another
    mention ("X with Y": Y wrote X) beats one two hops away unless its string match is clearly weaker
    (more than DIRECT_MARGIN); then the stronger string match wins, then the closer, then the
    better-connected. With `abstain_on_ties`, same-name authors that nothing in the question tells
    apart are not resolved at all: the plan abstains and lists them (see `unlink_homonyms`)."""
    anchors = plan.get("anchors", [])
    for mention in anchors:
        scores = dict(zip(mention.get("candidates", []), mention.get("candidate_scores", [])))
        if mention.get("type") == "author":  # names differing only in hyphens, spaces or accents are one name
            scores = same_name_scores(mention.get("text", ""), scores, store.label)
        candidates = [c for c in mention.get("candidates", []) if store.has_node(c)]
        if len(candidates) < 2:
            continue
        others = {m["node_id"] for m in anchors if m is not mention and m.get("node_id")
                  and m.get("text") != mention.get("text")}  # a name said twice is one entity, no evidence for itself
        top_score = max(scores.get(c, 0.0) for c in candidates)

        tested = plan.get("operation") == "yes_no"  # whether they are connected is what is asked: it only tells
        # equally named candidates apart, never beats a closer name ('Olalekan Alade', not 'Olalekan S. Alade')

        def closeness(node: str) -> tuple[bool, bool, float, int, int]:
            neighbours = set(store.all_neighbors(node))
            usable = bool(others) and (not tested or scores.get(node, 0.0) >= top_score)
            near = len(others & store.neighbourhood(node, 2, RING_LIMIT)) if usable else 0
            direct = bool(others & neighbours) and scores.get(node, 0.0) >= top_score - DIRECT_MARGIN and usable
            return (near > 0, direct, scores.get(node, 0.0), near, len(neighbours))

        keys = {c: closeness(c) for c in candidates}  # two-hop rings are costly: compute each once
        ranked = sorted(candidates, key=keys.__getitem__, reverse=True)
        best = ranked[0]
        # candidates the other mentions do not tell apart: equally (un)connected, equally direct, equal match
        tied = [c for c in ranked if keys[c][:3] == keys[best][:3]]
        typed = [c for c in tied if store.label(c) == mention.get("text")]  # 'Kai Lü' typed: not 'Kai Lu'
        accented = not (mention.get("text") or "").isascii()  # (a hyphen or a space typed tells no one apart)
        exact = len(tied) > 1 and len(typed) == 1 and accented and mention.get("type") == "author"
        if exact:
            tied, best = typed, typed[0]
        mention["tied"] = tied if len(tied) > 1 else []
        namesakes = [c for c in candidates if scores.get(c, 0.0) >= top_score]
        if exact:
            mention["picked_because"] = (f"{len(namesakes)} authors are named '{mention['text']}' if accents are "
                                         f"ignored; I used {best}, the one written with them")
        elif mention.get("type") == "author" and len(namesakes) > 1 and not mention["tied"]:
            linked_to = ", ".join(store.label(o) for o in sorted(others) if o in store.neighbourhood(best, 2, RING_LIMIT))
            mention["picked_because"] = (f"{len(namesakes)} authors are named '{mention['text']}'; I used {best}, "
                                         f"the one connected to {linked_to or 'the other entities'} in the graph")
        elif mention.get("type") == "author" and best not in namesakes and not mention["tied"]:  # 'Y. Chen' -> Yun Chen
            linked_to = ", ".join(store.label(o) for o in sorted(others) if o in store.neighbourhood(best, 2, RING_LIMIT))
            mention["picked_because"] = (f"'{mention['text']}' may stand for several authors; I used {store.label(best)}, "
                                         f"the one connected to {linked_to or 'the other entities'} in the graph")
        if best != mention["node_id"]:
            relink(plan, mention, best, store)
            mention["match"] = f"{mention['match']}+graph-rerank"
    if abstain_on_ties:
        same_answer_for_each(store, plan, relink)
        unlink_homonyms(store, plan)
    return plan


def hold_for_unresolved(plan: dict[str, Any]) -> None:
    """A question naming something the graph lacks is not answered without it ("papers by A with X"
    must not become "papers by A"): the subjects are held back (kept in `held_node_id` for re-linking
    in their neighbourhood) until expansion links the missing mention or the answer abstains."""
    if not plan.get("unresolved"):
        return
    for mention in plan.get("anchors", []):
        if mention.get("role") == "subject" and mention.get("node_id"):
            mention["held_node_id"] = mention["node_id"]
            mention["node_id"] = None


@lru_cache(maxsize=2048)
def question_vector(index: Any, question: str) -> np.ndarray:
    """The question's embedding, computed once per (index, question)."""
    return index.embed([question])[0]


class OfflineRetriever:
    """Graph-computed retrieval decisions (used by both the offline and the LLM configuration)."""

    rerank = True

    def retrieve(self, question: str, plan: dict[str, Any], resources: Any, budget: int):
        if self.rerank:
            plan = rerank_anchors(resources.store, plan, abstain_on_ties=True)
        hold_for_unresolved(plan)
        with_ir(plan)
        traversal = run_plan(resources.store, plan, layer_budget=budget)
        return plan, evidence_from(plan, traversal, budget)

    def sufficiency(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any):
        anchors = plan.get("anchors", [])
        total = len(anchors) + len(plan.get("unresolved", []))
        linked = [m for m in anchors if m.get("node_id") and resources.store.has_node(m["node_id"])]
        coverage = len(linked) / total if total else 0.0
        if not linked_subjects(plan):
            coverage = 0.0
        if evidence.get("truncated"):
            coverage *= 0.5
        relevance = self._relevance(question, linked, resources) if linked else 0.0
        score = COVERAGE_WEIGHT * coverage + RELEVANCE_WEIGHT * relevance
        return round(score, 4), {"coverage": round(coverage, 4), "relevance": round(relevance, 4)}

    def _relevance(self, question: str, linked: list[dict[str, Any]], resources: Any) -> float:
        index = resources.index
        lexical = [1.0 if str(m.get("match", "")).startswith("thread") else token_coverage(m["label"], question)
                   for m in linked]  # an entity taken from the conversation is what the turn is about
        if min(lexical) >= 1.0:  # max(lexical, semantic) is already 1 for every anchor: skip the embedding
            return 1.0
        qvec = question_vector(index, question)
        scores = []
        for mention, lexical in zip(linked, lexical):
            vector = index.vector_of(mention["node_id"])
            semantic = float(np.dot(qvec, vector)) if vector is not None else 0.0
            scores.append(max(lexical, semantic, 0.0))
        return sum(scores) / len(scores)

    def expand(self, question: str, plan: dict[str, Any], evidence: dict[str, Any], resources: Any,
               replan: Any) -> tuple[dict[str, Any], dict[str, Any], str]:
        """One expansion round; returns the new plan, evidence and what was done."""
        store = resources.store
        budget = int(evidence.get("layer_budget") or 20_000)
        actions, relinked = [], False
        if plan.get("unresolved"):
            replaced: dict[str, str] = {}
            rewritten = self._relink(question, plan, resources, replaced)
            if rewritten != question:
                relinked = True
                plan = replan(rewritten)
                for mention in plan.get("anchors", []):  # show the link for what it is: a re-link
                    if mention.get("text") in replaced:
                        mention["relinked_from"] = replaced[mention["text"]]
                        mention["match"] = f"{mention.get('match', '')}+relinked-from-typo"
                if self.rerank:
                    plan = rerank_anchors(store, plan, abstain_on_ties=True)
                hold_for_unresolved(plan)
                actions.append("re-linked unresolved mentions in the neighbourhood ring")
        if evidence.get("truncated"):
            budget *= 10
            actions.append(f"widened the walk to {budget} nodes per hop")
        if not evidence.get("n_targets") and not relinked:  # that evidence was of the plan before the re-link
            if self._next_candidate(plan, store):
                actions.append("switched an anchor to its next candidate")
        with_ir(plan)
        traversal = run_plan(store, plan, layer_budget=budget)
        new_evidence = evidence_from(plan, traversal, budget)
        ring = [n for f in new_evidence["frontier"][:5] for n in list(store.all_neighbors(f))[:20]]
        new_evidence["nodes"] = list(dict.fromkeys(new_evidence["nodes"] + ring))[:MAX_EVIDENCE_NODES * 2]
        actions.append("added the next ring around the most relevant frontier nodes")
        return plan, new_evidence, "; ".join(actions)

    def _relink(self, question: str, plan: dict[str, Any], resources: Any,
                replaced: dict[str, str] | None = None) -> str:
        store, index = resources.store, resources.index
        ring: set[str] = set()
        for node in [m.get("node_id") or m.get("held_node_id") for m in plan.get("anchors", [])]:
            if node:
                ring |= store.neighbourhood(node, 2, RING_LIMIT)
        for text in plan.get("unresolved", []):
            match = _best_in_ring(store, text, ring) or _best_anywhere(index, text)
            if match:
                question = question.replace(text, store.label(match))
                if replaced is not None:
                    replaced[store.label(match)] = text
        return question

    def _next_candidate(self, plan: dict[str, Any], store: Any) -> bool:
        for mention in plan.get("anchors", []):
            candidates, typed = mention.get("candidates", []), mention.get("relinked_from") or mention.get("text", "")
            later = candidates[candidates.index(mention["node_id"]) + 1:] if mention.get("node_id") in candidates else []
            later = [c for c in later if mention.get("type") != "author" or denotes(typed, store.label(c), "author")]
            if later:  # never a person whose given name contradicts the one typed ('Max' is not Marvin K.)
                relink(plan, mention, later[0], store)
                return True
        return False


def _best_in_ring(store: Any, text: str, ring: set[str]) -> str | None:
    """The ring node `text` denotes (same name up to initials or a small typo; nearly the same title)."""
    best, best_score = None, 0.0
    for node in ring:
        label = store.label(node)
        kind = store.node_type(node)
        if not denotes(text, label, kind):
            continue
        score = 0.9 if kind == "author" and names_compatible(text, label) else token_coverage(label, text) * token_coverage(text, label)
        if score > best_score:
            best, best_score = node, score
    return best if best_score >= 0.6 or (best and store.node_type(best) == "author") else None


def _best_anywhere(index: Any, text: str) -> str | None:
    """A node `text` denotes among its nearest labels; None when none does, or when it denotes
    differently named nodes (re-linking by label then keeps same-name nodes together for re-ranking)."""
    hits = index.search(text, None, k=RELINK_NEIGHBOURS)
    hits = [h for h in hits if h.score >= RELINK_EMBEDDING_MIN and denotes(text, h.label, h.node_type)]
    return hits[0].node_id if len({norm_key(h.label) for h in hits}) == 1 else None


class LLMRetriever(OfflineRetriever):
    """The same graph computations; when graph evidence cannot separate equally strong candidates
    of a mention (homonyms with no link to the other entities), the LLM picks one from their
    descriptions. An LLM failure keeps the graph's choice: linking never blocks on the model."""

    def __init__(self, context: Context):
        self.context = context

    def retrieve(self, question: str, plan: dict[str, Any], resources: Any, budget: int):
        plan = rerank_anchors(resources.store, plan)
        for mention in plan.get("anchors", []):
            if mention.get("tied"):
                self._choose(question, plan, mention, resources.store)
        hold_for_unresolved(plan)
        with_ir(plan)
        traversal = run_plan(resources.store, plan, layer_budget=budget)
        return plan, evidence_from(plan, traversal, budget)

    def _choose(self, question: str, plan: dict[str, Any], mention: dict[str, Any], store: Any) -> None:
        from hgrag.agents.graph_retrieval_prompts import (DISAMBIGUATE_SYSTEM_PROMPT, DISAMBIGUATE_USER_TEMPLATE,
                                                          ChoiceReply)
        from hgrag.tools.errors import LLMError
        from hgrag.tools.llm import as_data, structured_call

        candidates = [{"id": node, "description": describe_node(store, node)} for node in mention["tied"][:8]]
        prompt = DISAMBIGUATE_USER_TEMPLATE.format(data_json=as_data(
            {"question": question, "mention": mention["text"], "candidates": candidates}))
        try:
            choice = structured_call(self.context, ChoiceReply, DISAMBIGUATE_SYSTEM_PROMPT, prompt)[0].choice
        except LLMError:
            mention["match"] += "+llm-unavailable"
            return
        if choice in mention["tied"]:
            relink(plan, mention, choice, store)
            mention["match"] += "+llm-choice"


def describe_node(store: Any, node: str) -> str:
    """A one-line description of a node and a few neighbours, for the disambiguation prompt."""
    label = store.label(node)
    if store.node_type(node) == "author":
        papers = store.step(node, "paper")[:3]
        return f"author {label}; papers: " + "; ".join(store.label(p) for p in papers)
    if store.node_type(node) == "paper":
        return f"paper '{label}' ({store.attr(node, 'year')})"
    return f"venue {label}"


def retriever_for(context: Context) -> OfflineRetriever:
    return LLMRetriever(context) if context.uses_llm else OfflineRetriever()


def make_retrieval_nodes(retriever: Any | None = None, planner: Any | None = None):
    """The agent's three nodes; `retriever` overrides the policy chosen from the context."""
    from hgrag.agents.retrieval_agent import planner_for

    def retrieve(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        resources = resources_for(state, context)
        policy = retriever or retriever_for(context)
        plan, evidence = policy.retrieve(state["question"], dict(state["plan"]), resources, context.layer_budget)
        return {"plan": plan, "evidence": evidence, "interpretation": noted(plan.get("interpretation", ""), state, context)}

    def score_sufficiency(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        resources = resources_for(state, context)
        score, parts = (retriever or retriever_for(context)).sufficiency(state["question"], state["plan"], state["evidence"], resources)
        return {"sufficiency_score": score, "sufficiency": parts}

    def expand(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        resources = resources_for(state, context)
        active_planner = planner or planner_for(context)

        def replan(question: str) -> dict[str, Any]:
            from hgrag.tools.errors import LLMError

            try:
                new_plan = active_planner.plan(question, resources, context)
            except LLMError:  # a failed re-plan keeps the current plan; it never ends the run
                return dict(state["plan"])
            new_plan.pop("planner_check", None)
            new_plan.pop("plan_regenerations", None)  # a re-plan does not reset the loop counters
            return new_plan

        plan, evidence, actions = (retriever or retriever_for(context)).expand(state["question"], dict(state["plan"]), state["evidence"],
                                                resources, replan)
        evidence["expansion_note"] = actions
        return {"plan": plan, "evidence": evidence, "expansions": state.get("expansions", 0) + 1,
                "interpretation": noted(plan.get("interpretation", ""), state, context)}

    return retrieve, score_sufficiency, expand
