"""The Autograd Field Guide's tooling: the snippet engine (``fieldguide.engine``), the Markdown
extensions that embed its results in pages (``fieldguide.extensions``), the MkDocs plugin, the
self-test (``fieldguide.practice``) and the site's checks."""
