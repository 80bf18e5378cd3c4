"""A site in two editions (mkdocs-static-i18n builds the second inside the first's build): both
render while the snippets run, both get every output, and problems are reported once."""

from __future__ import annotations

import pytest
from fixtures.snippet_repo import Repo

EDITIONS_YML = """\
site_name: Two editions
site_url: https://example.invalid/
theme:
  name: mkdocs
plugins:
  - fieldguide
  - i18n:
      docs_structure: suffix
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: zh
          name: 中文
          build: true
markdown_extensions:
  - pymdownx.highlight
  - pymdownx.superfences
"""


@pytest.fixture
def editions(repo: Repo) -> Repo:
    (repo.root / "mkdocs.yml").write_text(EDITIONS_YML, encoding="utf-8")
    repo.write("snippets/t/both.py", 'print("shown in both editions")\n')
    repo.write("snippets/t/english.py", 'print("only the English page shows this")\n')
    repo.write("snippets/t/chinese.py", 'print("只有中文页面显示这一行")\n')
    repo.record("snippets/t/both.py", "snippets/t/english.py", "snippets/t/chinese.py")
    repo.page(
        "index.md",
        """
        # Page

        {* snippets/t/both.py show=output *}

        {* snippets/t/english.py show=output *}
    """,
    )
    repo.page(
        "index.zh.md",
        """
        # 页面

        {* snippets/t/both.py show=output *}

        {* snippets/t/chinese.py show=output *}
    """,
    )
    return repo


def test_every_edition_gets_its_outputs(editions: Repo) -> None:
    built = editions.build()
    assert built.returncode == 0, built.stderr
    english = (editions.root / "site" / "index.html").read_text(encoding="utf-8")
    chinese = (editions.root / "site" / "zh" / "index.html").read_text(encoding="utf-8")
    assert "<code>shown in both editions\n</code>" in english
    assert "<code>only the English page shows this\n</code>" in english
    assert "<code>shown in both editions\n</code>" in chinese
    assert "<code>只有中文页面显示这一行\n</code>" in chinese
    for page in (english, chinese):
        assert "snippet output" not in page
        assert "SNIPPETOUTPUTPLACEHOLDER" not in page


def test_a_problem_is_reported_once_for_every_page(editions: Repo) -> None:
    editions.write("snippets/t/both.py", 'raise ValueError("broken in both")\n')
    editions.write("snippets/t/chinese.py", 'raise KeyError("broken in one")\n')
    built = editions.build()
    assert built.returncode == 1
    assert "2 problem(s)" in built.stderr
    assert built.stderr.count("snippets/t/both.py:1: ValueError: broken in both") == 1
    assert (
        "snippets/t/both.py:1: ValueError: broken in both (used by docs/index.md, docs/index.zh.md)"
    ) in built.stderr
    assert (
        "snippets/t/chinese.py:1: KeyError: 'broken in one' (used by docs/index.zh.md)"
    ) in built.stderr
