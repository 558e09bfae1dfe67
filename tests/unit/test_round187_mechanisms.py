"""Mechanisms added in the stop of blind rounds 187-: verb-last citation questions, plural possessives."""

from hgrag.agents.checking.cite_direction import one_paper_direction
from hgrag.agents.kinds.asking import _owner
from hgrag.agents.kinds.lexicon import Cue
from hgrag.agents.understanding.tokens import words


def test_a_paper_before_an_asking_phrase_and_a_final_verb_is_the_citing_one():
    assert one_paper_direction("zzpaper paper how many papers cites ?") == "out"
    assert one_paper_direction("zzpaper paper which papers cites ?") == "out"


def test_a_final_passive_after_by_which_asks_for_the_citing_papers():
    assert one_paper_direction("zzpaper paper by which papers cited ?") == "in"
    assert one_paper_direction("zzpaper paper later than 2022 by which papers cited ?") == "in"


def test_a_comma_before_the_asking_phrase_leaves_the_direction_open():
    """'T, which papers cite?' may mean 'cite it': no verb-last reading after a comma."""
    assert one_paper_direction("zzpaper , which papers cite ?") is None
    assert one_paper_direction("how many papers cite zzpaper ?") == "in"


def test_a_plural_possessive_reads_as_a_possessive():
    assert words("zzm 's papers' venues ?") == ["zzm", "'s", "papers", "'s", "venues"]


def test_an_apostrophe_closing_a_quote_is_no_possessive():
    assert words("papers in 'Graph Models' by zzm") == ["papers", "in", "graph", "models", "by", "zzm"]


def test_a_kind_word_in_the_plural_possessive_owns_what_is_asked():
    asking = "zzm 's papers' funders"
    papers = Cue(asking.index("papers"), asking.index("papers") + 6, "paper", "papers")
    assert _owner(papers, asking)
    funders = Cue(asking.index("funders"), len(asking), "funder", "funders")
    assert not _owner(funders, asking)


def test_the_asked_noun_said_again_after_and_unites_the_two_lists():
    from hgrag.agents.planning.plan_lowering import _asked_again

    assert _asked_again("List the co-authors of zzm and the co-authors of zzm.")
    assert _asked_again("Who are the authors of zzm and of zzm?")
    assert not _asked_again("Who co-authored with both zzm and zzm?")
    assert not _asked_again("Which venues did zzm and zzm publish in?")


def test_a_courteous_request_frame_reads_as_its_plain_request():
    from hgrag.agents.understanding.request_frames import with_request_frames_plain as plain

    assert plain('I wonder whether you might be able to tell me who penned "T".') == 'Tell me who penned "T".'
    assert plain("Might I trouble you (do take your time) to let me know which papers A wrote?") == \
        "Tell me which papers A wrote?"
    assert plain("I should be most grateful for a list of the papers in its references.") == \
        "Give me a list of the papers in its references."


def test_a_lead_in_with_a_word_of_meaning_or_a_name_is_no_frame():
    from hgrag.agents.understanding.request_frames import with_request_frames_plain as plain

    assert plain("Which papers did you tell me about?") == "Which papers did you tell me about?"
    assert plain("Since 2010, could you tell me who wrote T?") == "Since 2010, could you tell me who wrote T?"
    assert plain("Ann Lee asked me to tell me her papers") == "Ann Lee asked me to tell me her papers"


def test_german_and_french_frames_are_data_of_their_lexicons():
    from hgrag.agents.understanding.request_frames import with_request_frames_plain as plain

    assert plain("Wären Sie so freundlich, mir zu sagen, welche Arbeiten von A stammen?", "de") == \
        "Welche Arbeiten von A stammen?"
    assert plain("Dürfte ich Sie höflich fragen, ob A mit B geschrieben hat?", "de") == \
        "Stimmt es, dass A mit B geschrieben hat?"
    assert plain("Auriez-vous l'amabilité de me dire si A a écrit T ?", "fr") == "Est-ce que A a écrit T ?"


def test_a_one_line_sign_off_with_the_senders_name_goes():
    from hgrag.agents.understanding.envelope import without_envelope

    assert without_envelope("Which papers did A write? Yours sincerely, G. Ashworth") == "Which papers did A write?"
    assert without_envelope("Which papers did A write? Thank you in advance, Geoffrey") == "Which papers did A write?"
    assert without_envelope("Which papers did A write? Thanks, and which venues?") == \
        "Which papers did A write? Thanks, and which venues?"


def test_a_bracketed_remark_to_the_reader_or_about_the_asker_goes():
    from hgrag.agents.understanding.idle_context import without_idle_brackets

    assert without_idle_brackets("Which papers did A write (do take your time)?") == "Which papers did A write?"
    assert without_idle_brackets("Which papers did A write (I am not terribly quick with computers)?") == \
        "Which papers did A write?"
    for kept in ("(my own papers only)", "(excluding 2011)", "(I mean the first author)", "(Ian Smith)"):
        assert without_idle_brackets(f"Which papers did A write {kept}?") == f"Which papers did A write {kept}?"


def test_a_lower_case_command_after_a_statement_starts_a_sentence():
    from hgrag.agents.understanding.sentences import sentences_of

    assert len(sentences_of("Denis Beautemps is giving a talk next week. list their papers")) == 2


def test_a_misspelt_name_with_initials_inside_is_name_shaped():
    from hgrag.agents.linking.name_typos import _name_shaped

    assert _name_shaped("Aala A.I. Moamed") and _name_shaped("R. Heler")
    assert not _name_shaped("Deep Learning Methods for Graphs")


def test_a_choice_tail_after_a_confirming_sentence_says_only_how_to_answer():
    from hgrag.agents.understanding.sentences import confirming_start

    question = 'Our draft says A is one of the authors of "T". Is that on record - yes or no?'
    assert confirming_start(question) == question.index(". Is")


def test_the_statement_a_confirming_sentence_asks_about_holds_the_questions_mentions():
    from hgrag.agents.checking.mention_use import _confirmed_statement

    assert "zzm0" in _confirmed_statement("our draft says zzm0 is one of the authors of zzm1 . is that on record?")
    assert _confirmed_statement("zzm0 recommended zzm1 . who wrote it?") == ""


def test_the_same_with_no_noun_after_it_is_a_pronoun():
    from hgrag.agents.understanding.variants import with_pronoun_phrases

    assert with_pronoun_phrases("Has A written T? Kindly confirm the same.") == "Has A written T? Kindly confirm it."
    assert with_pronoun_phrases("the co-authors of L, excluding S from the same.") == \
        "the co-authors of L, excluding S from it."
    assert with_pronoun_phrases("papers of A and B in the same year") == "papers of A and B in the same year"
    assert with_pronoun_phrases("Are the two venues the same?") == "Are the two venues the same?"


def test_courtesy_alone_before_a_telling_phrase_is_a_frame():
    from hgrag.agents.understanding.request_frames import with_request_frames_plain as plain

    assert plain("Kindly let me know the co-authors of A.") == "Tell me the co-authors of A."
    assert plain("Ich wäre Ihnen sehr dankbar, wenn Sie mir mitteilen könnten, ob A mit B geschrieben hat.", "de") == \
        "Stimmt es, dass A mit B geschrieben hat."


def test_spanish_punctuation_marks_the_question_as_spanish():
    from hgrag.agents.understanding.gate import identify

    assert identify("¿tel. de Michał Matysik?") == "Spanish"


def test_the_number_sign_counts_in_german_and_french():
    from hgrag.agents.understanding.normalise import to_english

    assert to_english("# Publikationen von A", "de").lower().startswith("number of")
    assert to_english("# articles de A", "fr").lower().startswith("number of")


def test_of_either_unites():
    assert load_en().concept("of either") == "operator:union"


def load_en():
    from hgrag.agents.understanding.lexicon import load

    return load("en")


def test_code_notation_reads_as_words():
    from hgrag.agents.understanding.code_notation import with_code_in_words as words

    assert words("count(papers by A)") == "number of papers by A"
    assert words('M. H. Poniris in authors("T")?') == 'M. H. Poniris in authors of "T"?'
    assert words("len(papers(author=Mohamed F. Mady))") == "number of papers by Mohamed F. Mady"
    assert words('refs("T1") & refs("T2")') == 'references of both "T1" and "T2"'
    assert words("coauthors(A B) | coauthors(C D)") == "coauthors of either A B or C D"
    assert words("Jarrah Babiker.coauthors & Fatemeh Nouri.coauthors") == \
        "the coauthors of both Jarrah Babiker and Fatemeh Nouri"
    for kept in ("papers | author:A | year<2021", 'Who wrote "T (2003)" (the one from 2003)?', "What did J. Smith write?"):
        assert words(kept) == kept


def test_a_person_noun_asks_for_people_even_of_citing_papers():
    from hgrag.agents.understanding.asking_sentence import asking_tokens
    from hgrag.agents.understanding.check import _citers

    ir = {"op": "traverse", "edge": "cites", "direction": "in", "input": {"op": "match", "ids": ["p"], "type": "paper"}}
    assert not _citers("author", "paper", ir, asking_tokens("authors(papers citing zzm)"))
    assert _citers("author", "paper", ir, asking_tokens("who cites zzm?"))


def test_a_predicate_noun_after_a_name_asks_whether_it_holds():
    from hgrag.agents.understanding.sentences import with_declarative_as_yes_no as read

    assert read('Ibrahim Gomaa an author on "T x"?') == 'Is Ibrahim Gomaa an author on "T x"?'
    assert read('Sven F. Könitzer among the authors of "T"?') == 'Is Sven F. Könitzer among the authors of "T"?'
    assert read("Ibrahim Gomaa an expert?") == "Ibrahim Gomaa an expert?"


def test_a_singular_shared_paper_fragment_asks_whether_there_is_one():
    from hgrag.agents.understanding.sentences import with_shared_singular_as_existence as read

    assert read("joint paper A / B?") == "Any joint paper A / B?"
    assert read("joint papers A / B?") == "joint papers A / B?"
    assert read("joint paper of A and B: which venue?") == "joint paper of A and B: which venue?"


def test_who_with_another_verb_than_citing_asks_for_people():
    from hgrag.agents.understanding.asking_sentence import asking_tokens
    from hgrag.agents.understanding.check import _citers

    ir = {"op": "traverse", "edge": "cites", "direction": "out", "input": {"op": "match", "ids": ["p"], "type": "paper"}}
    assert not _citers("author", "paper", ir, asking_tokens("zzm cite some paper, who write those paper?"))


def test_a_closing_question_word_alone_asks_for_the_kind_named_first():
    from hgrag.agents.understanding.check import _bare_head_kind

    assert _bare_head_kind("paper citing zzm, not counting the 2010 ones, which?") == "paper"
    assert _bare_head_kind("which papers cite zzm?") is None


def test_who_said_again_after_and_keeps_what_the_two_share():
    from hgrag.agents.planning.plan_lowering import _asked_again

    assert not _asked_again("I need the people who wrote papers with zzm and who also wrote papers with zzm")


def test_a_bare_command_after_a_stop_closes_the_request_it_follows():
    from hgrag.agents.understanding.sentences import sentences_of

    assert len(sentences_of("zzm -> first author -> all of their coauthors. list pls")) == 1


def test_a_lower_case_command_after_a_question_or_a_bare_command_stays_in_its_sentence():
    from hgrag.agents.understanding.sentences import sentences_of

    assert sentences_of("T came out of my old group. Curious who picked it up. list whatever cites it")[-1] == \
        "Curious who picked it up. list whatever cites it"
    assert len(sentences_of("Also the common co-authors. please.")) == 1


def test_a_question_word_sentence_of_its_own_is_no_bare_head():
    from hgrag.agents.understanding.check import _bare_head_kind

    assert _bare_head_kind("is anything citing zzm? if so, what?") is None
    assert _bare_head_kind("is there an institution both zzm and zzm have been at? name it/them.") is None


def test_a_fragment_already_opened_as_yes_no_is_left_as_typed():
    from hgrag.agents.understanding.sentences import with_shared_singular_as_existence as read

    assert read("any joint pub A w/ B?") == "any joint pub A w/ B?"
    assert read("Any paper co-authored by A and B?") == "Any paper co-authored by A and B?"


def test_a_call_inside_set_bars_keeps_them_closed():
    from hgrag.agents.understanding.code_notation import with_code_in_words

    assert with_code_in_words("|coauthors(A B)| = ?").startswith("|coauthors of A B|")


def test_a_bare_field_ranged_over_by_a_query_condition_stays_as_typed():
    from hgrag.agents.understanding.code_notation import with_code_in_words

    typed = "MAX(cited_by_count) where author = A B"
    assert with_code_in_words(typed) == typed
    assert with_code_in_words("whos the author(s) of T") == "whos the author(s) of T"
    assert with_code_in_words("mean(cited_by_count) for papers by A") == "average of cited_by_count for papers by A"
