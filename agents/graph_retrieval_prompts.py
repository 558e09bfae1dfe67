"""Prompts of the graph retrieval agent's LLM policy (disambiguation of tied candidates)."""

DISAMBIGUATE_SYSTEM_PROMPT = """You link a mention in a question to one node of a scholarly graph.
The graph could not decide between the candidates below (same name, no connection to the other
entities of the question). Pick the candidate the question most plausibly means, judging only from
the descriptions given. Return ONLY a JSON object: {"choice": "<candidate id>"}."""

DISAMBIGUATE_USER_TEMPLATE = """Question: {question}
Mention: {mention}
Candidates:
{candidates}"""
