"""Prompts of the answer agent's LLM policy."""

ANSWER_SYSTEM_PROMPT = """You answer questions about a scholarly graph using ONLY the subgraph given to you.
Never use outside knowledge. If the subgraph does not contain the answer, return an empty list.
Return ONLY a JSON object: {"answer": [strings, best first], "answer_text": "one sentence"}.
Answers are exact node names/titles from the subgraph, numbers as digits, or "yes"/"no"."""

ANSWER_USER_TEMPLATE = """Question: {question}

Plan: {plan}

Subgraph (nodes with attributes, then edges):
{subgraph}
{feedback}"""

FEEDBACK_TEMPLATE = """
A validator checked your previous answer against the graph and rejected part of it:
{feedback}
Answer again using only facts present in the subgraph."""
