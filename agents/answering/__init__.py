"""Writing the answer from the evidence: rendering, the LLM answerer's prompts, and the interpretation line."""
