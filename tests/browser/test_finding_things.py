"""What a reader meets first: search in each language, pasted queries, outputs that read as
outputs, colours that meet WCAG AA, and a visible keyboard focus."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils.yaml import yaml_load

ROOT = Path(__file__).resolve().parents[2]
CONFIG = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))


def _nav(items: list[object], section: str = "") -> list[tuple[str, str, str]]:
    """(title, page URL, the title of its section) of every sidebar entry with a title."""
    found = []
    for item in items:
        if isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str):
                    url = value.removesuffix("index.md")
                    for suffix in (".md", ".ipynb"):
                        url = url.removesuffix(suffix) + ("/" if url.endswith(suffix) else "")
                    found.append((title, url, section))
                else:
                    found.extend(_nav(value, title))
    return found


def _sidebar_queries(translate: dict[str, str]) -> list[tuple[tuple[str, ...], str]]:
    """(queries, page URL) for every sidebar entry: its title, as a reader reads it in the
    sidebar; a title that another entry or a section shares, after its section's title as well
    (Errors › torch.compile: "Errors torch.compile", or "torch.compile"), either of which must
    find it."""
    entries = [(translate.get(t, t), url, translate.get(s, s)) for t, url, s in SIDEBAR]
    titles = [title for title, _, _ in entries] + [section for _, _, section in entries]
    return [
        ((title,) if titles.count(title) == 1 else (f"{section} {title}", title), url)
        for title, url, section in entries
    ]


def _chinese_titles() -> dict[str, str]:
    i18n = next(p["i18n"] for p in CONFIG["plugins"] if isinstance(p, dict) and "i18n" in p)
    chinese = next(lang for lang in i18n["languages"] if lang["locale"] == "zh")
    return chinese["nav_translations"]


SIDEBAR = [entry for entry in _nav(CONFIG["nav"]) if entry[1]]  # the home page has no title
# API names and terms a reader types, and the page that explains each (it must rank in the top 3).
ENGLISH_TERMS = {
    "retain_graph": "lifetime/backward-twice/",
    "grad_fn": "graph/leaves-and-grad-fn/",
    "next_functions": "graph/leaves-and-grad-fn/",
    "register_hook": "hooks/hooks-order/",
    "saved_tensors_hooks": "hooks/saved-tensor-hooks/",
    "checkpoint": "hooks/checkpointing/",
    "gradcheck": "custom/gradcheck-and-anomaly/",
    "detect_anomaly": "custom/gradcheck-and-anomaly/",
    "jvp": "higher-order/forward-mode-and-torch-func/",
    "create_graph": "higher-order/create-graph/",
    "inference_mode": "graph/grad-modes/",
    "detach": "graph/grad-modes/",
    "custom_op": "custom/custom-op/",
    "register_fake": "custom/custom-op/",
    "set_stance": "beyond/recompilation/",
    "mark_dynamic": "beyond/recompilation/",
    "draft_export": "beyond/torch-export/",
    "torch._check": "beyond/torch-export/",
    "DistributedDataParallel": "beyond/distributed/",
    "no_sync": "beyond/distributed/",
    "find_unused_parameters": "beyond/distributed/",
    "DTensor": "beyond/static-at-scale/",
    "CopySlices": "graph/views/",
    "allow_mutation_on_saved_tensors": "graph/views/",
    "zero_grad": "backward/accumulation/",
    "requires_grad": "graph/leaves-and-grad-fn/",
    "make_jaxpr": "beyond/tf-jax-side-by-side/",
    "GradientTape": "beyond/tf-jax-side-by-side/",
    "fullgraph": "beyond/torch-compile/",
    "graph break": "beyond/torch-compile/",
    "minigrad": "scratch/",
}
# Fragments of error messages, pasted: the errors section's entry, which links the mechanism.
ENGLISH_MESSAGES = {
    "modified by an inplace operation": "errors/inplace-and-views/",
    "backward through the graph a second time": "errors/backward-and-lifetime/",
    "does not require grad and does not have a grad_fn": "errors/recording/",
}
CHINESE_TERMS = {
    "就地操作": "graph/saved-tensors-and-in-place/",
    "就地": "graph/saved-tensors-and-in-place/",
    "叶子张量": "graph/leaves-and-grad-fn/",
    "激活检查点": "hooks/checkpointing/",
    "雅可比": "backward/vjp-and-chain-rule/",
    "重新编译": "beyond/recompilation/",
    "生命周期": "lifetime/",
    "梯度累加": "backward/accumulation/",
    "钩子": "hooks/",
    "前向模式": "higher-order/forward-mode-and-torch-func/",
    "自定义算子": "custom/custom-op/",
    "保存的张量": "graph/saved-tensors-and-in-place/",
    "版本计数器": "graph/saved-tensors-and-in-place/",
    "视图": "graph/views/",
    "图中断": "beyond/torch-compile/",
    "高阶导数": "higher-order/",
    "动态形状": "beyond/recompilation/",
    "梯度模式": "graph/grad-modes/",
    "retain_graph": "lifetime/backward-twice/",
    "grad_fn": "graph/leaves-and-grad-fn/",
}


def _results(search, page, query: str) -> list[str]:
    """Search ``query`` (typed or pasted, as ``search`` enters it) and return the results,
    one per page as the search box groups them (the page's first link), as site-relative page
    paths."""
    return [found["page"].split("#")[0].lstrip("/") for found in search(page, query)]


def _top_three_contain(results: list[str], wanted: str) -> bool:
    return any(r == wanted for r in results[:3])


def test_every_sidebar_title_and_term_finds_its_page_in_english(page, search, paste_search) -> None:
    page.goto("/")
    queries = _sidebar_queries({}) + [((term,), url) for term, url in ENGLISH_TERMS.items()]
    queries += [((message,), url) for message, url in ENGLISH_MESSAGES.items()]
    misses = {}
    for alternatives, url in queries:
        for query in alternatives:
            enter = paste_search if query in ENGLISH_MESSAGES else search
            results = _results(enter, page, query)
            assert not [r for r in results if r.startswith("zh/")], f"{query}: Chinese results"
            if _top_three_contain(results, url):
                break
        else:
            misses[alternatives] = results[:3]
    assert not misses, misses
    assert not page.console_errors, page.console_errors  # the real index loaded and searched


def test_every_sidebar_title_and_term_finds_its_page_in_chinese(page, search) -> None:
    page.goto("/zh/")
    queries = _sidebar_queries(_chinese_titles())
    queries += [((term,), url) for term, url in CHINESE_TERMS.items()]
    misses = {}
    for alternatives, url in queries:
        for query in alternatives:
            results = _results(search, page, query)
            assert all(r.startswith("zh/") for r in results), f"{query}: another edition"
            if _top_three_contain(results, f"zh/{url}"):
                break
        else:
            misses[alternatives] = results[:3]
    assert not misses, misses
    assert not page.console_errors, page.console_errors


def test_a_pasted_query_searches_without_a_key_press(page) -> None:
    page.goto("/")
    box = page.locator("input.md-search__input")
    box.click()
    page.evaluate("""() => {
        const box = document.querySelector("input.md-search__input");
        const data = new DataTransfer();
        data.setData("text/plain", "modified by an inplace operation");
        box.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true}));
    }""")
    first = page.locator(".md-search-result__item a").first
    first.wait_for(state="attached", timeout=20_000)
    assert "errors/inplace-and-views/" in (first.get_attribute("href") or "")
    assert not page.console_errors, page.console_errors


# -- outputs, colours, focus -----------------------------------------------------------------
CONTRAST = """(selector) => {
  const parse = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = el => { for (; el; el = el.parentElement) {
      const c = parse(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); }
    return [255, 255, 255]; };
  const el = document.querySelector(selector);
  if (!el) return null;
  const style = getComputedStyle(el);
  let fg = parse(style.color);
  const bg = background(el);
  const alpha = (fg.length === 4 ? fg[3] : 1) * Number(style.opacity || 1);
  fg = fg.slice(0, 3).map((v, i) => v * alpha + bg[i] * (1 - alpha));
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""
TEXT_ELEMENTS = {
    "body link": "article a[href]:not(.headerlink):not(.md-content__button)",
    "header title": ".md-header__topic .md-ellipsis",
    "output text": ".snippet-output pre.snippet-text code",
    "output label": ".snippet-label",
    "provenance link": ".snippet-provenance a code",
    "provenance text": ".snippet-provenance",
}


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_text_and_links_meet_wcag_aa_contrast(page, scheme: str) -> None:
    # The reader's system preference picks the scheme at load, as it does for a reader; colours
    # are read once the theme's colour transitions have run.
    page.emulate_media(color_scheme="dark" if scheme == "slate" else "light")
    page.goto("/graph/leaves-and-grad-fn/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == scheme
    page.wait_for_timeout(1000)
    ratios = {name: page.evaluate(CONTRAST, selector) for name, selector in TEXT_ELEMENTS.items()}
    assert all(r is not None for r in ratios.values()), ratios
    low = {name: round(r, 2) for name, r in ratios.items() if r < 4.5}
    assert not low, low


def test_an_output_is_labelled_above_and_set_apart_from_code(page) -> None:
    page.goto("/graph/leaves-and-grad-fn/")
    output = page.locator(".snippet-output").first
    first_child = output.evaluate("o => o.firstElementChild.className")
    assert first_child == "snippet-label"
    assert output.locator(".snippet-label").inner_text().strip().lower() == "output"
    code_bg = page.evaluate(
        "getComputedStyle(document.querySelector("
        "'.language-python.highlight code')).backgroundColor"
    )
    out_bg = output.locator("pre.snippet-text code").evaluate(
        "c => getComputedStyle(c).backgroundColor"
    )
    assert code_bg != out_bg
    # a wide screen wraps a line longer than the column at a space; a phone keeps the columns
    # aligned and scrolls
    white_space = "c => getComputedStyle(c).whiteSpace"
    assert output.locator("pre.snippet-text code").evaluate(white_space) == "pre-wrap"
    page.set_viewport_size({"width": 390, "height": 844})
    assert output.locator("pre.snippet-text code").evaluate(white_space) == "pre"


def test_long_outputs_fold(page, site_dir: Path) -> None:
    folded = [
        p
        for p in sorted(site_dir.rglob("index.html"))
        if 'class="snippet-more"' in p.read_text(encoding="utf-8")
    ]
    assert folded, "no page has an output long enough to fold"
    for path in folded:  # the first page where a folded output is on view (not in a tab)
        page.goto(f"/{path.parent.relative_to(site_dir).as_posix()}/")
        if page.locator("details.snippet-more:visible").count():
            break
    more = page.locator("details.snippet-more:visible").first
    assert not more.evaluate("d => d.open")
    more.locator("summary").click()
    assert more.evaluate("d => d.open")
    assert more.locator("pre.snippet-text").is_visible()


def test_keyboard_focus_is_visible(page) -> None:
    page.goto("/graph/")
    link = page.locator("article a[href]").first
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    width = page.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")
    style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert width > 0 and style != "none"
