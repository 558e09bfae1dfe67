"""Standard question wordings for every intent of notes/intents.md.

Slots: {paper} {paper2} {author} {author2} {venue} {year}. The template decides how a title
is quoted: "…", '…', “…” or not at all. Names are never quoted.
"""

from __future__ import annotations

TEMPLATES: dict[str, list[str]] = {
    # -- attribute ---------------------------------------------------------------
    "paper_year": [
        'When was "{paper}" published?',
        "In which year did '{paper}' appear?",
        "What is the publication year of “{paper}”?",
        "Tell me the year {paper} came out.",
        'Could you tell me when the paper "{paper}" was published?',
        "Which year was the article '{paper}' published in?",
    ],
    "paper_citations": [
        'How many citations does "{paper}" have?',
        "How many times has '{paper}' been cited?",
        "What is the citation count of “{paper}”?",
        "Tell me how often {paper} has been cited.",
        'Please give the number of citations of the paper "{paper}".',
        "How often is the article “{paper}” cited?",
    ],
    "paper_doi": [
        'What is the DOI of "{paper}"?',
        "Give me the DOI for '{paper}'.",
        "Which DOI does “{paper}” have?",
        "Tell me the digital object identifier of {paper}.",
        'Could you look up the DOI of the paper "{paper}"?',
    ],
    "paper_type": [
        'What type of publication is "{paper}"?',
        "Is '{paper}' an article, a book chapter or something else?",
        "What kind of work is “{paper}”?",
        "Tell me the publication type of {paper}.",
        'Please tell me which type of work "{paper}" is.',
    ],
    "author_orcid": [
        "What is the ORCID of {author}?",
        "Give me the ORCID iD of {author}.",
        "Which ORCID identifier belongs to {author}?",
        "Tell me {author}'s ORCID.",
        "Could you find the ORCID of the researcher {author}?",
    ],
    # -- relation ----------------------------------------------------------------
    "paper_authors": [
        'Who wrote "{paper}"?',
        "Who are the authors of '{paper}'?",
        "List the authors of “{paper}”.",
        "Tell me who wrote {paper}.",
        'Could you name everyone who authored the paper "{paper}"?',
        "Which researchers are listed as authors of “{paper}”?",
    ],
    "paper_coauthors": [
        'Who co-authored "{paper}" with {author}?',
        "Apart from {author}, who wrote '{paper}'?",
        "List {author}'s co-authors on “{paper}”.",
        "Tell me who wrote {paper} together with {author}.",
        'Besides {author}, which authors appear on the paper "{paper}"?',
        "Who were {author}'s collaborators on '{paper}'?",
    ],
    "paper_venue": [
        'Where was "{paper}" published?',
        "In which venue did '{paper}' appear?",
        "Which journal or conference published “{paper}”?",
        "Tell me the venue of {paper}.",
        'Please name the venue where the paper "{paper}" was published.',
        "What venue is '{paper}' from?",
    ],
    "paper_first_author": [
        'Who is the first author of "{paper}"?',
        "Who is listed first on '{paper}'?",
        "Name the lead author of “{paper}”.",
        "Tell me the first author of {paper}.",
        'Could you tell me who is first in the author list of "{paper}"?',
    ],
    "author_papers_in_venue": [
        "Which papers did {author} publish in {venue}?",
        "List the papers by {author} that appeared in {venue}.",
        "What has {author} published in {venue}?",
        "Tell me the titles of {author}'s papers in {venue}.",
        "Could you list everything {author} published in the venue {venue}?",
        "Show me {author}'s publications in {venue}.",
    ],
    # -- aggregation -------------------------------------------------------------
    "author_paper_count": [
        "How many papers has {author} written?",
        "How many publications does {author} have?",
        "What is the number of papers authored by {author}?",
        "Tell me how many papers {author} wrote.",
        "Could you count the publications of {author}?",
        "Count the works of {author}.",
    ],
    "author_venue_paper_count": [
        "How many papers has {author} published in {venue}?",
        "How many of {author}'s papers appeared in {venue}?",
        "Count the publications of {author} in {venue}.",
        "Tell me the number of papers {author} has in {venue}.",
        "What is the number of works by {author} published in {venue}?",
    ],
    "paper_author_count": [
        'How many authors does "{paper}" have?',
        "How many people wrote '{paper}'?",
        "What is the number of authors of “{paper}”?",
        "Tell me how many authors {paper} has.",
        'Please count the authors of the paper "{paper}".',
    ],
    "author_most_cited_paper": [
        "What is the most cited paper of {author}?",
        "Which of {author}'s papers has the most citations?",
        "Name the most-cited publication by {author}.",
        "Tell me which paper by {author} is cited most often.",
        "Could you find {author}'s most highly cited work?",
    ],
    "author_first_year": [
        "When did {author} publish for the first time?",
        "In which year did {author} publish their first paper?",
        "What is the earliest publication year of {author}?",
        "Tell me the year of {author}'s first publication.",
        "Since which year has {author} been publishing?",
    ],
    "author_top_venue": [
        "In which venue has {author} published the most?",
        "Where does {author} publish most often?",
        "Which journal or conference has the most papers by {author}?",
        "Tell me the venue with the largest number of {author}'s papers.",
        "What is the most frequent venue of {author}?",
    ],
    "author_year_paper_count": [
        "How many papers did {author} publish in {year}?",
        "How many publications does {author} have from {year}?",
        "Count the papers {author} wrote in {year}.",
        "Tell me how many papers {author} published in the year {year}.",
        "What is the number of works {author} published in {year}?",
    ],
    # -- multihop ----------------------------------------------------------------
    "paper_authors_venue_count": [
        'How many papers in {venue} were written by the authors of "{paper}"?',
        "How many {venue} papers have the authors of '{paper}' published in total?",
        "Count the distinct papers in {venue} by any author of “{paper}”.",
        "Tell me how many papers the authors of {paper} have in {venue}.",
        'Together, how many papers did the people who wrote "{paper}" publish in {venue}?',
    ],
    "author_coauthors": [
        "Who has co-authored with {author}?",
        "Who are the co-authors of {author}?",
        "List everyone who has written a paper with {author}.",
        "Tell me who {author} has collaborated with.",
        "Could you name the collaborators of {author}?",
        "With whom has {author} written papers?",
    ],
    "author_coauthor_count": [
        "How many co-authors does {author} have?",
        "With how many different people has {author} written papers?",
        "What is the number of distinct collaborators of {author}?",
        "Tell me how many co-authors {author} has.",
        "Count the people who have co-authored with {author}.",
    ],
    "coauthored_yes_no": [
        "Have {author} and {author2} written a paper together?",
        "Did {author} ever co-author a paper with {author2}?",
        "Are {author} and {author2} co-authors?",
        "Tell me whether {author} has collaborated with {author2}.",
        "Is there a paper written by both {author} and {author2}?",
    ],
    "author_top_coauthor": [
        "Who is the most frequent co-author of {author}?",
        "With whom has {author} written the most papers?",
        "Who collaborates most often with {author}?",
        "Tell me {author}'s most frequent collaborator.",
        "Which co-author shares the most papers with {author}?",
    ],
    "paper_first_author_paper_count": [
        'How many papers has the first author of "{paper}" written?',
        "How many publications does the lead author of '{paper}' have?",
        "Count the papers of the first author of “{paper}”.",
        "Tell me how many papers the first author of {paper} has written.",
        'What is the number of works by whoever is first author of "{paper}"?',
    ],
    "paper_authors_venues": [
        'In which venues have the authors of "{paper}" published?',
        "Where else have the authors of '{paper}' published?",
        "List the venues of all papers by the authors of “{paper}”.",
        "Tell me the journals and conferences the authors of {paper} have published in.",
        'Could you name every venue where someone who wrote "{paper}" has published?',
    ],
}
