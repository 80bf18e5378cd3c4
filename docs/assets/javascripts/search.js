/*
 * The search box in the header, on Pagefind's JavaScript API.
 *
 * The index is built after the site (src/fieldguide/search_index.py) into pagefind/, one per
 * edition; Pagefind loads the one of the page's <html lang>. Nothing of it is fetched until the
 * reader types or pastes into the box: then pagefind.js is imported and fetches only the parts
 * of the index the query needs. Results are grouped by page, with the page's best-matching
 * sections beneath, the matched words marked.
 *
 * A pasted error message is cleaned first (cleanQuery): what the reader's own program added is
 * dropped (traceback lines, file paths and line numbers, log headers such as
 * "[rank0]:W1204 12:00:00.123 ...] [0/0]", shapes and other numbers), and of a traceback only
 * the message it ends with is kept. A word the pages never use can keep a page from matching
 * (Pagefind finds pages that have every word it knows), so a query that finds nothing is tried
 * again without its last words.
 *
 * Keys: "/" or "s" focuses the box, the arrow keys move through the results, Escape closes them.
 */
(() => {
  "use strict";

  const root = document.querySelector(".md-search[data-search-base]");
  if (!root) return;
  const toggle = document.getElementById("__search");
  const form = root.querySelector(".md-search__form");
  const input = root.querySelector(".md-search__input");
  const meta = root.querySelector(".md-search-result__meta");
  const list = root.querySelector(".md-search-result__list");
  const strings = JSON.parse(root.dataset.searchStrings);
  const base = new URL(root.dataset.searchBase, location.href);
  root.dataset.searched = ""; // the text the results shown are for

  const MAX_PAGES = 10;
  const MAX_SECTIONS = 3; // shown under each page
  const MAX_SECTIONS_READ = 30; // of the sections found, the first read to fill the pages
  const FEW = 3; // sections: a query that finds fewer is tried again without one of its words
  const MAX_WORDS = 40; // of a cleaned message: its first sentences are the stable part
  // Pagefind's ranking, tuned on the site's query set (search/queries.yml). A match in a
  // section's metadata adds to its score (src/fieldguide/search_index.py writes it): for what
  // readers type, its heading (name), its page's title (pagename) and its subsections'
  // headings, and its index terms (terms: the names and words readers search it by); for a
  // pasted message, the messages it explains (message: an errors entry's, or
  // a section's index lines) and an errors entry's heading (entry). The rest weighs nothing:
  // what is shown (title, page) and the address (url).
  const TYPED = {
    metaWeights: { title: 0, page: 0, url: 0, name: 5, pagename: 2, headings: 2, entry: 0, message: 0, terms: 8, phrases: 0 },
  };
  const PASTED = {
    metaWeights: { title: 0, page: 0, url: 0, name: 0, pagename: 0, headings: 0, entry: 3, message: 5, terms: 0, phrases: 0 },
  };
  // A few pasted words (a fragment of a message, or a heading copied from a page): an errors
  // entry's heading first, then the other headings.
  const FRAGMENT = {
    metaWeights: { title: 0, page: 0, url: 0, name: 2, pagename: 0, headings: 1, entry: 5, message: 1, terms: 3, phrases: 0 },
  };
  // Words readers use that the pages do not, and the page's own word.
  const SYNONYMS = [
    [/原地/g, "就地"],
    [/梯度检查点/g, "激活检查点"],
  ];

  // ---------------------------------------------------------------------------------------
  // Cleaning a pasted message
  // ---------------------------------------------------------------------------------------
  const LINE_PREFIXES = [
    /^\s*>+\s?/, // quoted in a thread
    /^\s*\[(?:rank|default)\d+\]:\s?/, // torchrun: [rank0]: / [default2]:
    // glog (torch's C++ and Dynamo logs): W1204 12:00:00.123000 1234 path/file.py:42] [0/0]
    /^\s*[IWEF]\d{4}\s+\d\d:\d\d:\d\d(?:\.\d+)?\s+\d+\s+\S+:\d+\]\s*(?:\[[\d/]+\]\s*)?/,
    /^\s*\[[IWEF]\s+[\w.]+:\d+\]\s*/, // [W TensorBody.h:491]
    // logging: 2023-03-16 18:37:25,684 - name - INFO - / 2022-11-23 04:49:27,078 name INFO:
    /^\s*\d{2,4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\s*(?:-\s*\S+\s*-\s*[A-Z]+\s*-\s*|\S+\s+[A-Z]+:\s*)?/,
    /^.*?\b(?:WARNING|INFO|ERROR|DEBUG):[\w.]+:/, // ... WARNING:torchdynamo.convert_frame:
  ];
  const NOISE_LINES = [
    /^\s*Traceback \(most recent call last\)/,
    /^\s*\w*(?:Error|Exception)\s+Traceback \(most recent call last\)/, // IPython's header
    /^\s*File ["~<]/, // a traceback frame
    /^\s*File \S+:\d+, in /,
    /^\s*Cell In\[\d+\], line \d+/,
    /^\s*<ipython-input-[^>]*> in /,
    /^\s*\S+\.py in \S+\(/, // IPython: ~/lib/python3.7/site-packages/torch/tensor.py in backward(...)
    /^\s*-*>\s*\d+\s/, // IPython: ----> 35  loss.backward()
    /^\s+\d+\s/, // IPython's numbered source lines
    /^\s*[~^]{3,}\s*$/, // carets under the failing expression
    /^\s*\(\.\.\.\)\s*$/,
    /^\s*frame #\d+:/, // C++ frames
    /^\s*Exception raised from /,
    /^\s*(?:During handling of the above exception|The above exception was the direct cause)/,
    /^\s*warnings\.warn\(/,
    /^\s*raise \w/,
    /\d+%\|/, // progress bars
    /^\s*python-BaseException\s*$/,
    /^\s*-{5,}\s*$/,
  ];
  // A line that states an exception or a warning: "RuntimeError: ...", "x.py:3: UserWarning: ...".
  const RAISED_LINE =
    /(?:^|[\s:("'`])((?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)|(?:[a-z_]\w*\.)+[A-Z][a-z]\w*|Warning|Error)\s*(?::|\(["'])\s*(\S.*)$/;

  function cleanLine(line) {
    let text = line;
    for (const prefix of LINE_PREFIXES) text = text.replace(prefix, "");
    return text;
  }

  function cleanMessage(text) {
    return (
      text
        .replace(/<[^<>]*>/g, " ") // <ipython-input-3-...>, Traced<ShapedArray(bool[])>
        .replace(/\b_*[A-Z]\w*Backward\d*\b/g, " ") // a backward node: which op depends on the program
        .replace(/\s+Hint:.*$/, "") // hints differ between releases and modes
        .replace(/\(Triggered internally at [^)]*\)/g, " ")
        .replace(/\bhttps?:\/\/\S+|\b[\w.-]+\.(?:com|org|io|html)\/\S*/g, " ") // links
        .replace(/(?:[A-Za-z]:)?(?:[\\/~.\w-]*[\\/])+[\w.-]+\.(?:py|cpp|h|cu|c|so)\b(?::\d+)?:?/g, " ") // paths
        .replace(/\[[\w.]*Tensor \[[^\]]*\]\]/g, " ") // [torch.cuda.FloatTensor [10, 49]]
        .replace(/torch\.Size\(\[[^\]]*\]\)/g, " ") // torch.Size([1, 2404, 4])
        .replace(/\b(?:bool|int|float|f|i)\d*\[[\d,\s]*\]/g, " ") // bool[], f32[3, 4]
        .replace(/\[[\d,\s/:.-]*\]/g, " ") // [2, 3], [0/0]
        .replace(/\b0x[0-9a-f]+\b/gi, " ")
        .replace(/(?<![\w.])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w])/gi, " ") // numbers
        .replace(/(^|\s)[.,;:]+(?=\s|$)/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    );
  }

  // Where the lines of a traceback or log began, in a text that lost its line breaks.
  const LINE_STARTS =
    /\s*(?=Traceback \(most recent call last\)|\bFile "|\[(?:rank|default)\d+\]:|\b[IWEF]\d{4} \d\d:\d\d:\d\d|(?<![\w.])(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning): )/g;

  // What a text is: a message (an error, a warning, a log: pasted and five words or more,
  // several lines, naming an exception, or long), a fragment (two to four pasted words), or a
  // question (anything else: what a reader types, a pasted name).
  function kindOf(raw, wasPasted) {
    const count = raw.trim().split(/\s+/).length;
    if (/\n/.test(raw.trim()) || RAISED_LINE.test(raw) || count >= 12) return "message";
    if (wasPasted && count >= 5) return "message";
    return wasPasted && count >= 2 ? "fragment" : "question";
  }
  const RANKING = { message: PASTED, fragment: FRAGMENT, question: TYPED };

  // What a query asks about. A question (a name, a few words) is searched as typed; a message
  // is searched without what the reader's program added.
  function cleanQuery(raw, kind = kindOf(raw, true)) {
    let text = raw.replace(/\r\n?/g, "\n").trim();
    if (kind !== "message") return synonyms(text);

    if (!text.includes("\n")) text = text.replace(LINE_STARTS, "\n");
    const lines = text
      .split("\n")
      .map(cleanLine)
      .filter((line) => line.trim() && !NOISE_LINES.some((noise) => noise.test(line)));
    // A traceback or log: keep from the last line that states an exception or a warning (with
    // the lines that continue it), else everything that is left.
    let kept = lines;
    const raised = lines.map((line) => RAISED_LINE.exec(line));
    const last = raised.map(Boolean).lastIndexOf(true);
    if (last >= 0) kept = [raised[last][2], ...lines.slice(last + 1)];
    text = cleanMessage(kept.join(" "));
    // An English message inside Chinese (or other) prose: the message is what the pages quote.
    const english = text.match(/[A-Za-z][\w.'()`=-]*(?:[\s,:;]+[A-Za-z][\w.'()`=-]*){3,}/g);
    if (english && /[\u3400-\u9fff]/.test(text)) text = english.join(" ");
    return synonyms(text).split(" ").slice(0, MAX_WORDS).join(" ");
  }

  // Words as the index has them, without punctuation or apostrophes. A dotted or snake_case
  // name is searched by its parts of two letters or more (the index has the parts of
  // torch.no_grad and of x.register_hook(fn); one letter would match the beginning of too many
  // words).
  const words = (text) =>
    cjkWords(text)
      .replace(/'/g, "")
      .replace(/[\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+/gu, (name) => {
        const parts = name.split(/[._]+/);
        const long = parts.filter((part) => part.length > 1);
        return (long.length ? long : parts).join(" ");
      })
      .replace(/[^\p{L}\p{N}\s]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();

  // Chinese (or Japanese) text cut into the words the browser's segmenter finds, as Pagefind
  // cuts a query itself, so that a query can be tried again without one of its words.
  const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff]+/g;
  function cjkWords(text) {
    if (typeof Intl === "undefined" || !Intl.Segmenter) return text;
    const segmenter = new Intl.Segmenter(document.documentElement.lang || "zh", {
      granularity: "word",
    });
    return text.replace(CJK_RUN, (run) =>
      [...segmenter.segment(run)].map((s) => s.segment).join(" "),
    );
  }

  // The words of a question that every page has, which only keep the others from matching
  // (Pagefind finds the sections that have every word).
  const STOP_WORDS = new Set(
    ("a an and are as at be by can do does for from has have how i in is it its my of on or " +
      "so that the their this to was what when where which while why will with you your " +
      "的 了 是 和 与 在 吗 呢 怎么 怎样 如何 为什么 什么").split(" "),
  );
  const question = (text) => {
    const kept = text.split(/\s+/).filter((word) => !STOP_WORDS.has(word.toLowerCase()));
    return kept.length ? kept.join(" ") : text;
  };

  function synonyms(text) {
    for (const [variant, word] of SYNONYMS) text = text.replace(variant, word);
    return text;
  }

  // The clauses of a cleaned message (a message in Chinese, too: a translated one), longest first: what is searched when the whole message
  // finds nothing (a word of the reader's own, or a wording the pages do not quote).
  const clauses = (query) =>
    query
      .split(/[.;:!?]\s+|(?<=[a-z])\.(?=[A-Z])|\s+[-–—]\s+|[()]|[。；：！？，、（）]/)
      .map((clause) => clause.trim())
      .filter((clause) => clause.split(" ").length >= 3 || /[\u3400-\u9fff]{6}/.test(clause))
      .sort((a, b) => b.length - a.length);

  // ---------------------------------------------------------------------------------------
  // Searching
  // ---------------------------------------------------------------------------------------
  let engine = null;
  function pagefind() {
    if (!engine) {
      engine = import(new URL("pagefind/pagefind.js", base).href).then(async (module) => {
        await module.options({ excerptLength: 24, baseUrl: base.pathname });
        await module.init();
        return module;
      });
    }
    return engine;
  }

  // A message (see kindOf) is ranked by the messages sections explain (PASTED), a fragment by
  // headings (FRAGMENT), a question by what sections are about (TYPED).
  let ranking = null;
  async function find(text, kind) {
    const module = await pagefind();
    const message = kind === "message";
    const query = kind === "question" ? question(words(text)) : words(text);
    const wanted = RANKING[kind];
    if (ranking !== wanted) {
      ranking = wanted;
      await module.options({ ranking });
    }
    let found = await module.search(query);
    // Nothing has every word (Pagefind finds the sections that have them all): the query
    // without the word that keeps it from finding anything, else each clause alone, the
    // longest first.
    const enough = message ? 1 : FEW; // (a message finds few sections, the right ones)
    if (found && found.results.length < enough) {
      found = (await relaxed(module, query, enough)) || found;
    }
    for (const clause of found && !found.results.length ? clauses(text) : []) {
      found = await module.search(words(clause));
      if (!found || found.results.length) break;
    }
    if (!found) return { sections: [], anchors: new Map() };
    const sections = await Promise.all(
      found.results.slice(0, MAX_SECTIONS_READ).map((result) => result.data()),
    );
    return kind === "question" ? termFirst(sections, text) : { sections, anchors: new Map() };
  }

  // A typed query that is one of a section's index terms (ignoring case, spaces and
  // punctuation, as synonyms() reads both) finds that section first, linked at the heading the
  // term stands under: a term is on the one section that answers it best (CONTRIBUTING.md), and
  // Pagefind ranks words, not their order ("Jacobian-vector product" and "vector-Jacobian
  // product" have the same words). The `phrases` metadata holds "anchor term" pairs
  // (src/fieldguide/search_index.py). The anchors are this query's own: Pagefind hands back the
  // same section objects to every query.
  const phrase = (text) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  function termFirst(sections, text) {
    const wanted = phrase(text);
    const anchors = new Map();
    const first = [];
    const rest = [];
    for (const section of sections) {
      const entry = (section.meta.phrases || "")
        .split(" · ")
        .map((pair) => pair.match(/^(\S+) (.*)$/))
        .find((pair) => wanted && pair && phrase(synonyms(pair[2])) === wanted);
      if (entry) anchors.set(section, entry[1]);
      (entry ? first : rest).push(section);
    }
    return { sections: [...first, ...rest], anchors };
  }

  // The query without one of its words: the first (from the last word back) that finds
  // enough sections, else the one that finds the most; without two if none finds anything;
  // null if that finds nothing either.
  async function relaxed(module, query, enough, depth = 2) {
    const all = query.split(" ");
    let best = null;
    for (let at = all.length - 1; at >= 0 && all.length > 2; at--) {
      const found = await module.search(all.filter((_, i) => i !== at).join(" "));
      if (found && found.results.length >= enough) return found;
      if (found && found.results.length > (best ? best.results.length : 0)) best = found;
    }
    if (best || depth === 1) return best;
    return relaxed(module, all.slice(0, -1).join(" "), enough, depth - 1);
  }

  const escape = (text) =>
    String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  const score = (part) => part.weighted_locations.reduce((sum, w) => sum + w.balanced_score, 0);

  function link(url, heading, title, excerpt, document) {
    const icon = document ? '<div class="md-search-result__icon md-icon"></div>' : "";
    const kind = document ? " md-search-result__article--document" : "";
    return (
      `<a href="${escape(url)}" class="md-search-result__link">` +
      `<article class="md-search-result__article${kind} md-typeset">${icon}` +
      `<${heading}>${escape(title)}</${heading}>` +
      (excerpt ? `<p>${excerpt}</p>` : "") +
      "</article></a>"
    );
  }

  // The sections found, grouped by page: the pages in the order of their best section, and
  // under each its sections in their order. A section links to its best-matching part (one of
  // its subsections, or itself). (A section's `url` metadata is its address relative to the
  // site's root.)
  function render({ sections, anchors }) {
    const pages = new Map();
    for (const section of sections) {
      const at = new URL(section.meta.url, base);
      const page = at.pathname;
      if (!pages.has(page)) {
        if (pages.size === MAX_PAGES) continue;
        pages.set(page, { url: page, title: section.meta.page || section.meta.title, parts: [] });
      }
      const best =
        section.sub_results.find((part) => part.anchor && part.anchor.id === anchors.get(section)) ||
        [...section.sub_results].sort((a, b) => score(b) - score(a))[0];
      const sub = best && best.anchor && best.anchor.id;
      pages.get(page).parts.push({
        url: sub ? `${page}#${sub}` : page + at.hash,
        title: sub ? best.title : section.meta.title,
        excerpt: (best || section).excerpt,
        top: !at.hash,
      });
    }
    const count = pages.size;
    meta.textContent =
      count === 0 ? strings.none : count === 1 ? strings.one : strings.other.replace("#", count);
    list.innerHTML = [...pages.values()]
      .map((page) => {
        const top = page.parts.find((part) => part.top);
        const parts = page.parts.filter((part) => part !== top).slice(0, MAX_SECTIONS);
        return (
          '<li class="md-search-result__item">' +
          link(page.url, "h1", page.title, top ? top.excerpt : "", true) +
          parts.map((part) => link(part.url, "h2", part.title, part.excerpt, false)).join("") +
          "</li>"
        );
      })
      .join("");
  }

  // A text field drops the line breaks of a pasted text, and a traceback is read line by line:
  // the paste is kept as it was, and cleaned while the field still shows it.
  let pasted = null;
  input.addEventListener("paste", (event) => {
    const text = event.clipboardData && event.clipboardData.getData("text/plain");
    if (!text) return;
    event.preventDefault();
    const flat = text.replace(/\s*[\r\n]+\s*/g, " ").trim();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const before = input.value.slice(0, start);
    const after = input.value.slice(end);
    input.value = before + flat + after;
    input.setSelectionRange(before.length + flat.length, before.length + flat.length);
    pasted = { shown: input.value, text: before + text + after };
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
  });

  let latest = 0;
  async function update() {
    const shown = input.value;
    const raw = pasted && pasted.shown === shown ? pasted.text : shown;
    const ticket = ++latest;
    const kind = kindOf(raw, Boolean(pasted && pasted.shown === shown));
    const query = raw.trim() ? cleanQuery(raw, kind) : "";
    if (!query) {
      list.innerHTML = "";
      meta.textContent = strings.placeholder;
      root.dataset.searched = shown;
      return;
    }
    const found = await find(query, kind);
    if (ticket !== latest) return; // a newer query is under way
    render(found);
    root.dataset.searched = shown; // what the results are for (the tests wait for it)
  }

  // ---------------------------------------------------------------------------------------
  // The box: open, close, keys
  // ---------------------------------------------------------------------------------------
  const open = () => {
    if (toggle && !toggle.checked) toggle.checked = true;
  };
  const close = () => {
    if (toggle) toggle.checked = false;
    input.blur();
  };

  input.addEventListener("focus", open);
  input.addEventListener("input", () => {
    open();
    update();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = list.querySelector("a");
    if (first) first.click();
  });
  form.addEventListener("reset", () => {
    setTimeout(() => {
      update();
      input.focus();
    });
  });
  if (toggle) {
    toggle.addEventListener("change", () => {
      if (toggle.checked) input.focus();
    });
  }
  list.addEventListener("click", (event) => {
    if (event.target.closest("a")) close();
  });

  const typing = (element) =>
    element &&
    (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const active = document.activeElement;
    const inSearch = root.contains(active);
    if (!inSearch && !typing(active) && (event.key === "/" || event.key === "s")) {
      event.preventDefault();
      input.focus();
      input.select();
      return;
    }
    if (!inSearch) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const links = [input, ...list.querySelectorAll("a")];
      const at = links.indexOf(active);
      const next = (at + (event.key === "ArrowDown" ? 1 : links.length - 1)) % links.length;
      event.preventDefault();
      links[next].focus();
    }
  });

  // For the tests and for readers' scripts: the cleaning, and the words searched, without
  // searching.
  root.cleanQuery = cleanQuery;
  root.searchWords = (raw, kind) => words(cleanQuery(raw, kind));
})();
