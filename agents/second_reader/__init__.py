"""The second reader: reads a question without wording rules, by scoring candidate plans.

In the style of "Building a Semantic Parser Overnight" (Wang, Berant, Liang 2015): candidate IR programs
are enumerated over the question's linked entities (candidates.py), each is rendered canonically by the
IR-to-English reader (agents/answering/interpretation.py) with its entities masked (canonical.py), and scored against
the entity-masked question with the project's sentence-embedding model (scorer.py). review.py uses the
scores to check the rules' plan (a calibrated margin) and to propose a plan when the rules have none
(a calibrated threshold, calibration.json, written by benchmarks/second_reader_calibrate.py).
compound.py reads questions about two things or several entities (issue 19, item 6).
The words it needs are data (words.json).
"""
