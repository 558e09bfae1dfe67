"""Chat words a question opens with are declared fillers of the lexicon and read as nothing."""

from hgrag.agents.understanding.reading import read_question, without_lead_in


def test_lead_in_fillers_are_dropped_from_the_start_only() -> None:
    assert without_lead_in("never mind. Where was X published?") == "Where was X published?"
    assert without_lead_in("Separately, who wrote X?") == "who wrote X?"
    assert without_lead_in("ok, thanks! nice - who wrote X?") == "who wrote X?"
    assert without_lead_in("Who wrote X? Thanks") == "Who wrote X? Thanks"  # only a lead-in
    assert without_lead_in("Nevertheless, who wrote X?") == "Nevertheless, who wrote X?"  # whole words only


def test_a_question_of_fillers_only_is_kept() -> None:
    assert without_lead_in("thanks!") == "thanks!"


def test_the_planner_reads_the_question_without_its_lead_in() -> None:
    assert read_question("cool, how many papers did A write?", lambda text: []).text == "how many papers did A write?"
