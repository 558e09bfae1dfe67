"""Conversations (issue 20): a per-thread memory of turns, follow-up resolution, messages in and out."""
