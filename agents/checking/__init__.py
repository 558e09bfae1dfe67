"""The checks of a reading against the question: the structural check's wording parts, honesty checks of context
sentences, asked kinds and things, citation direction, unlinked and unsupported words."""
