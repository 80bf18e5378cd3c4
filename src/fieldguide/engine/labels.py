"""The few words the engine itself puts on a page, in each language the site is written in."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "output": "Output",
        "output-whole": "Output of the whole script",
        "excerpt": "{file} · excerpt",
        "provenance": "Printed by {link} at build time · {versions}",
        "illustrative": "Illustrative: not executed",
        "failed": "Snippet failed",
        "drift": "Output differs from the committed snapshot",
        "kernels": "{name} CPU kernels",
        "helpers": "It imports {count} module(s) of this site's snippets folder",
        "more": "Show the other {count} lines",
        "message": "The message",
        "no-message": (
            "show=message needs a snippet that declares raises=: {snippet} raised nothing"
        ),
    },
    "zh": {
        "output": "输出",
        "output-whole": "整个脚本的输出",
        "excerpt": "{file} · 节选",
        "provenance": "由 {link} 在构建时打印 · {versions}",
        "illustrative": "示意代码：未执行",
        "failed": "代码片段运行失败",
        "drift": "输出与已提交的快照不一致",
        "kernels": "{name} CPU 内核",
        "helpers": "它导入了本站 snippets 目录中的 {count} 个模块",
        "more": "显示其余 {count} 行",
        "message": "报错原文",
        "no-message": "show=message 需要声明了 raises= 的代码片段：{snippet} 没有抛出异常",
    },
}


def label(key: str, language: str = "en") -> str:
    """The text for ``key`` in ``language`` (English for a language without labels)."""
    return LABELS.get(language.split("-")[0].split("_")[0], LABELS["en"])[key]
