"""Hand-made cases for answer normalisation and Accuracy / F1 / Hit@1."""

from __future__ import annotations

import pytest

from hgrag.evaluation.metrics import aggregate, answer_flags, normalize_answer, parse_number, score, yes_no_value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  Sølling,  Theis  ", "solling theis"),
        ("Müller-Lüdenscheidt", "muller ludenscheidt"),
        ('"Deep   Learning." ', "deep learning"),
        ("https://doi.org/10.1016/J.GEOEN.2023.211930", "10 1016 j geoen 2023 211930"),
        ("10.1016/j.geoen.2023.211930", "10 1016 j geoen 2023 211930"),
        ("https://orcid.org/0000-0002-1825-0097", "0000 0002 1825 0097"),
        ("book-chapter", "book chapter"),
    ],
)
def test_normalize_answer_folds_case_accents_punctuation(text, expected):
    assert normalize_answer(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12", "12"), ("12.0", "12"), (" 12. ", "12"), ("1,234", "1234"), ("twelve", "12"),
     ("Twenty-one", "21"), ("one hundred and five", "105"), ("12.50", "12.5"), ("0", "0"),
     ("twelve monkeys", None), ("", None), ("1.2.3", None)],
)
def test_parse_number(text, expected):
    assert parse_number(text) == expected


def test_yes_no_value():
    assert yes_no_value("Yes.") == "yes"
    assert yes_no_value("no, they never co-authored") == "no"
    assert yes_no_value("Maybe") is None
    assert yes_no_value("") is None


def test_exact_match_ignores_order_case_and_duplicates():
    result = score(["bob smith", "ALICE JONES", "Bob Smith"], ["Alice Jones", "Bob Smith"])
    assert result == {"accuracy": 1.0, "f1": 1.0, "hit1": 1.0}


def test_partial_overlap_gives_fractional_f1():
    result = score(["Carol White", "Alice Jones"], ["Alice Jones", "Bob Smith", "Dan Brown"])
    # precision 1/2, recall 1/3 -> F1 = 2 * (1/6) / (5/6) = 0.4
    assert result["accuracy"] == 0.0
    assert result["f1"] == pytest.approx(0.4)
    assert result["hit1"] == 0.0


def test_hit_at_one_only_looks_at_first_prediction():
    assert score(["Alice Jones", "Zed"], ["Alice Jones"])["hit1"] == 1.0
    assert score(["Zed", "Alice Jones"], ["Alice Jones"])["hit1"] == 0.0
    assert score(["Zed", "Alice Jones"], ["Alice Jones"])["f1"] == pytest.approx(2 / 3)


def test_superset_prediction_is_not_accurate():
    result = score(["A B", "C D"], ["A B"])
    assert result["accuracy"] == 0.0
    assert result["hit1"] == 1.0
    assert result["f1"] == pytest.approx(2 / 3)


@pytest.mark.parametrize("prediction", [["12"], ["12.0"], ["twelve"], [12], 12.0, "12 papers",
                                        ["He wrote 12 papers."]])
def test_number_forms_match_numeric_gold(prediction):
    assert score(prediction, ["12"])["accuracy"] == 1.0


def test_wrong_or_ambiguous_numbers_do_not_match():
    assert score(["13"], ["12"])["accuracy"] == 0.0
    assert score(["between 10 and 12"], ["12"])["accuracy"] == 0.0


def test_yes_no_variants_match_yes_no_gold():
    assert score(["Yes."], ["yes"])["accuracy"] == 1.0
    assert score(["No, they have not co-authored."], ["no"])["accuracy"] == 1.0
    assert score(["Yes"], ["no"])["accuracy"] == 0.0


def test_yes_no_rule_does_not_apply_to_titles():
    # A title that starts with "No" must not collapse to "no" for non-yes/no gold.
    assert score(["No Free Lunch Theorems"], ["No free lunch theorems."])["accuracy"] == 1.0
    assert score(["No"], ["No free lunch theorems"])["accuracy"] == 0.0


def test_empty_predictions_score_zero():
    for empty in ([], None, [""], "   "):
        assert score(empty, ["Alice Jones"]) == {"accuracy": 0.0, "f1": 0.0, "hit1": 0.0}


def test_empty_gold_is_correct_only_for_empty_prediction():
    assert score([], []) == {"accuracy": 1.0, "f1": 1.0, "hit1": 1.0}
    assert score(["Alice"], []) == {"accuracy": 0.0, "f1": 0.0, "hit1": 0.0}


def test_aggregate_overall_and_per_type():
    rows = [
        {"type": "attribute", **score(["2019"], ["2019"])},
        {"type": "attribute", **score(["2018"], ["2019"])},
        {"type": "relation", **score(["A", "B"], ["A", "C"])},
    ]
    summary = aggregate(rows)
    assert summary["overall"]["n"] == 3
    assert summary["overall"]["accuracy"] == pytest.approx(1 / 3)
    assert summary["overall"]["f1"] == pytest.approx((1 + 0 + 0.5) / 3)
    assert summary["by_type"]["attribute"]["accuracy"] == pytest.approx(0.5)
    assert summary["by_type"]["relation"] == {"n": 1, "accuracy": 0.0, "f1": 0.5, "hit1": 1.0, "wrong_rate": 1.0,
                                              "abstention_rate": 0.0, "empty_claim_rate": 0.0,
                                              "wrong_or_empty_claim_rate": 1.0, "verified_n": 0, "verified_right": None}


def test_aggregate_of_nothing_is_zero():
    assert aggregate([]) == {"overall": {"n": 0, "accuracy": 0.0, "f1": 0.0, "hit1": 0.0, "wrong_rate": 0.0,
                                         "abstention_rate": 0.0, "empty_claim_rate": 0.0,
                                         "wrong_or_empty_claim_rate": 0.0, "verified_n": 0, "verified_right": None},
                             "by_type": {}}


@pytest.mark.parametrize(("prediction", "gold", "flags"), [
    (["2019"], ["2019"], {"abstained": False, "wrong": False}),
    (["2018"], ["2019"], {"abstained": False, "wrong": True}),
    (["A"], ["A", "B"], {"abstained": False, "wrong": True}),  # partly right is still not right
    ([], ["2019"], {"abstained": True, "wrong": False}),
    (["  ", ""], ["2019"], {"abstained": True, "wrong": False}),  # nothing left after normalising
    ([], [], {"abstained": True, "wrong": False}),  # a correct decline
    (["Alice"], [], {"abstained": False, "wrong": True}),  # any answer to an unanswerable question
    (["Yes."], ["yes"], {"abstained": False, "wrong": False}),
])
def test_answer_flags(prediction, gold, flags):
    assert answer_flags(prediction, gold) == flags


def test_wrong_abstention_and_verified_rates():
    cases = [(["2019"], ["2019"], True), (["2018"], ["2019"], True), ([], ["2019"], True),
             ([], [], False), (["Alice"], [], False), (["B"], ["B"], False)]
    rows = [{"type": "t", "intent": f"i{n % 2}", **score(p, g), **answer_flags(p, g), "verified": v}
            for n, (p, g, v) in enumerate(cases)]
    summary = aggregate(rows)
    assert summary["by_intent"]["i1"]["n"] == 3 and summary["by_intent"]["i1"]["wrong_rate"] == pytest.approx(1 / 3)
    assert summary["by_intent"]["i0"]["abstention_rate"] == pytest.approx(1 / 3)
    overall = summary["overall"]
    assert overall["accuracy"] == pytest.approx(3 / 6)
    assert overall["wrong_rate"] == pytest.approx(2 / 6)
    assert overall["abstention_rate"] == pytest.approx(2 / 6)
    assert overall["accuracy"] + overall["wrong_rate"] + 1 / 6 == pytest.approx(1.0)  # one abstention on gold
    assert overall["verified_n"] == 2  # verified and answered: '2019' (right) and '2018' (wrong)
    assert overall["verified_right"] == pytest.approx(0.5)


def test_a_labelled_part_of_a_two_part_answer_is_read_as_its_value() -> None:
    from hgrag.evaluation.metrics import score

    assert score(["venue: Energy & Fuels", "primary topic: Rock Physics"], ["Energy & Fuels", "Rock Physics"])["accuracy"] == 1.0
    assert score(["Geology: a study of rocks"], ["a study of rocks"])["accuracy"] == 0.0  # a title's colon is no label
    assert score(["venue: Energy & Fuels"], ["Fuel"])["accuracy"] == 0.0
