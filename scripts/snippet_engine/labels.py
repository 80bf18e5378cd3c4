"""The few words the engine itself puts on a page, in each language the site is written in."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "provenance": "Output of {link}, run at build time with {versions}",
        "illustrative": "Illustrative: not executed",
        "failed": "Snippet failed",
        "drift": "Output differs from the committed snapshot",
        "kernels": "{name} CPU kernels",
        "helpers": "It imports these modules of the site's snippets folder: {links}",
    },
    "zh": {
        "provenance": "{link} 的输出，构建时运行，环境：{versions}",
        "illustrative": "示意代码：未执行",
        "failed": "代码片段运行失败",
        "drift": "输出与已提交的快照不一致",
        "kernels": "{name} CPU 内核",
        "helpers": "它导入了本站 snippets 目录中的这些模块：{links}",
    },
}


def label(key: str, language: str = "en") -> str:
    """The text for ``key`` in ``language`` (English for a language without labels)."""
    return LABELS.get(language.split("-")[0].split("_")[0], LABELS["en"])[key]
