"""Questions about the richer OpenAlex kinds (issue 22): institutions, topics, keywords, funders."""
