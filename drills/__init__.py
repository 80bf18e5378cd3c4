"""Drills: small programs that are unfinished or broken the way people break them, each with a
check that runs real torch against your fix. ``make drill`` (``python -m drills.run``) starts."""
