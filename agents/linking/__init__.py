"""Finding the graph's entities in a question: mentions, their partners and context, misspelt names, title
stop words and spelling correction."""
