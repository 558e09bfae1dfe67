"""explain_unsupported: one sentence for properties and relations the graph does not record."""

import pytest

from hgrag.agents.checking.unsupported import explain_unsupported


@pytest.mark.parametrize("words, missing", [
    ("Which university employs", "affiliations"),
    ("affiliated with", "affiliations"),
    ("employer", "affiliations"),
    ("institution", "affiliations"),
    ("how many pages", "page numbers"),
    ("who funded", "funding"),
    ("funding agency", "funding"),
    ("grants", "funding"),
    ("who reviewed", "reviewers"),
    ("reviewers", "reviewers"),
    ("edited by", "editors"),
    ("editor", "editors"),
    ("how old age", "ages or birth dates"),
    ("born", "ages or birth dates"),
    ("e-mail", "e-mail addresses"),
    ("i10-index", "h-indexes"),  # (an h-index is computed from the citation counts: operator:h_index)
    ("abstract", "abstracts"),
    ("keywords", "keywords or topics"),
])
def test_known_missing_properties_get_a_specific_sentence(words, missing):
    sentence = explain_unsupported(words.split())
    assert sentence is not None and sentence.startswith("I can't use '")
    assert sentence.endswith(f"the graph records no {missing}.")


def test_the_phrase_is_quoted_with_its_preposition():
    assert explain_unsupported(["affiliated", "with"]) == \
        "I can't use 'affiliated with': the graph records no affiliations."


def test_unknown_property_noun_gets_the_generic_sentence():
    sentence = explain_unsupported(["colour"])
    assert sentence.startswith("I can't use 'colour': the graph records authors, papers")
    assert "venues" in sentence and "cited" in sentence


@pytest.mark.parametrize("words", [[], ["who", "wrote"], ["how", "many", "papers", "did", "publish"],
                                   ["which", "venue", "published", "it"], ["citations", "year", "doi"]])
def test_words_the_graph_holds_are_not_unsupported(words):
    assert explain_unsupported(words) is None


def test_a_string_is_split_into_words():
    assert "page numbers" in explain_unsupported("How many pages does it have?")


@pytest.mark.parametrize("residue, part", [
    ("which issue of the journal contains zzm", "issue"),
    ("in which journal volume is zzm printed?", "volume"),
    ("what is the grant number acknowledged in zzm?", "grant"),
    ("what's zzm about in a nutshell", "nutshell"),
    ("what part of the world is zzm from", "part of the world"),
    ("list the phd students supervised by zzm.", "students"),
    ("email address of zzm", "address"),
    ("paper: zzm | return: license, download count", "license"),
    ("hey, do you know which country zzm lives and works in?", "country"),
    ("what are zzm 's hobby papers", "hobby"),  # only a relation or operator word modifies the thing
    ("zzm 's i10-index", "index"),
])
def test_properties_the_graph_lacks_are_named_in_new_shapes(residue: str, part: str) -> None:
    from unread import unread_words

    assert any(part in word for word in unread_words(residue)), unread_words(residue)


@pytest.mark.parametrize("residue", [
    "what year is zzm 's most recent paper in zzm from?", "what kind of publication is zzm",
    "what is the maximum number of citations of any paper by zzm?", "what is the orcid number of zzm",
    "return the venue (journal or conference) of the paper zzm", "please find the doi assigned to zzm",
    "could you list everything they published in zzm", "list the co-authors of zzm",
    "list zzm and zzm 's joint papers", "what's the cited-by count for zzm",  # a relation word; a lexicon phrase
])
def test_ordinary_wordings_name_nothing_unknown(residue: str) -> None:
    from unread import unread_things

    assert unread_things(residue) == []
