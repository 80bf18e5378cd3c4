"""Interview practice built from the site's own pages and executed snippets: answers measured for
speech, predict-the-output and explain-the-error cards, the mock interview and the Anki deck."""
