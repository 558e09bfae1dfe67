"""Errors that reach users as one clear line (CLI exit code 2), never a traceback."""

from __future__ import annotations


class HgragError(Exception):
    """Base class: the message is a complete, user-facing, one-line explanation."""

    exit_code = 2


class DatasetError(HgragError):
    """Unknown dataset, missing or empty source, unreadable file."""


class BadRecordError(HgragError):
    """A malformed record; `where` names the file (and line when known)."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


class InputError(HgragError):
    """A question or argument that cannot be processed (empty, too long, binary)."""


class LLMError(HgragError):
    """The configured LLM endpoint failed or answered unusably."""


class LLMReplyError(LLMError):
    """The endpoint answered, but the reply was malformed, truncated or did not fit the schema."""
