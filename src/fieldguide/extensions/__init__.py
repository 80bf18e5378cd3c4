"""Python-Markdown extensions of the site: they run wherever Python-Markdown runs."""
