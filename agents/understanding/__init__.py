"""How hgrag reads a question: one lexicon (agents/lexicon/*.json), the language gate, the reading of
German and French into the parser's canonical English, the alignment of question tokens with plan
elements and the structural check that every content token is consumed."""
