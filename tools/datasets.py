"""Where datasets and caches live, and which named datasets hgrag knows."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hgrag.tools.errors import DatasetError

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class DatasetSpec:
    """A named dataset: its loader family and its default location below HGRAG_DATASETS."""

    name: str
    kind: str  # "openalex" | "dblp"
    relative_path: str
    description: str


DATASETS: dict[str, DatasetSpec] = {
    spec.name: spec
    for spec in (
        DatasetSpec("openalex", "openalex", "openalex/author-data",
                    "OpenAlex per-author API responses (134 authors, 5,817 works)"),
        DatasetSpec("dblp", "dblp", "dblp/aminer_v8_ccf",
                    "AMiner DBLP-Citation-network V8, 8 CCF domains (73,565 papers)"),
        DatasetSpec("openalex-tiny", "openalex", "openalex/tiny",
                    "5 OpenAlex author files (35 works), for tests"),
        DatasetSpec("dblp-tiny", "dblp", "dblp/aminer_v8_ccf/tiny",
                    "first 300 AMiner records of information_security, for tests"),
    )
}


def datasets_root() -> Path:
    """HGRAG_DATASETS, else ../shared/datasets beside the repository when present."""
    configured = os.environ.get("HGRAG_DATASETS")
    if configured:
        return Path(configured).expanduser()
    for candidate in (REPO_ROOT.parent / "shared" / "datasets", Path.cwd().parent / "shared" / "datasets"):
        if candidate.is_dir():
            return candidate
    return REPO_ROOT.parent / "shared" / "datasets"


def hgrag_home() -> Path:
    """Cache directory: HGRAG_HOME, default ~/.cache/hgrag."""
    return Path(os.environ.get("HGRAG_HOME") or Path.home() / ".cache" / "hgrag").expanduser()


def dataset_spec(name: str) -> DatasetSpec:
    if not isinstance(name, str):
        raise DatasetError(f"the dataset name must be text, not {type(name).__name__}")
    try:
        return DATASETS[name]
    except KeyError:
        known = ", ".join(DATASETS)
        raise DatasetError(f"unknown dataset {name!r}; known datasets: {known}") from None


def default_source(name: str) -> Path:
    """The default source path of a named dataset (which may not exist on this machine)."""
    return datasets_root() / dataset_spec(name).relative_path
