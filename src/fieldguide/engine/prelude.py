"""Imported first by the fork server, before any library: only the documented environment
variables (``environment``) remain, so none of the others shapes what the server imports or
what the snippets it forks inherit. Never imported anywhere else."""

from fieldguide.engine import environment

environment.restrict()
