"""The `case` fixture of the IR operator tests: one tiny dataset's store, its independent raw parse
and the entities picked from it (tests/ir_cases.py, tests/ir_oracle.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ir_cases import Case, load_case
from ir_oracle import DATASETS


@pytest.fixture(params=DATASETS)
def case(request: pytest.FixtureRequest, datasets_dir: Path, session_hgrag_home: Path) -> Case:
    return load_case(request.param, datasets_dir)
