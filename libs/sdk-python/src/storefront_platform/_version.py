"""The package version: sent in User-Agent, and read by pyproject.toml (one source of truth)."""

__version__ = "0.2.0"
