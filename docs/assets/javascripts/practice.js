/* The self-test and the mock interview (pages with `practice:` in their front matter).
 *
 * Cards: the page carries them as JSON (#practice-cards), built from executed snippets; their
 * links to explaining pages are Markdown links the site resolved (.practice-links a[data-card]).
 * Progress stays in this browser (localStorage), with Leitner boxes for spaced repetition: a
 * card answered right moves up a box and comes back after that box's interval; a card missed
 * goes back to the first box and returns three cards later. Nothing is sent anywhere: progress
 * leaves the browser only as a file the learner exports (and imports elsewhere). Reset asks
 * first, and clears only the cards of the filter in effect.
 *
 * Mock interview: a random main question (never one of the last ones asked) and its own chain of
 * follow-ups from the interview pages, each with a 90-second timer, then the model answers to
 * compare with (hidden sections of the page), a self-rating and notes, kept with each interview
 * in this browser's history.
 */
(function () {
  "use strict";

  var TEXT = {
    en: {
      all: "All cards", predict: "Predict the output", error: "Explain the error",
      predictAsk: "Predict the output", errorAsk: "Which change fixes it?",
      check: "Check", next: "Next card", right: "Right.", wrong: "Not quite.",
      realOutput: "What it really printed", theMessage: "The message, as raised",
      why: "Why: ", tempting: "Tempting, but wrong: ", reset: "Reset progress",
      resetDone: "Progress reset.", ownWords: "Type the answer instead",
      ownWordsLabel: "Your answer (the exact text it prints)", choices: "Choose one",
      progress: function (p) {
        return p.learned + " of " + p.total + " learned · " + p.due + " due now · " +
          p.fresh + " not seen yet";
      },
      done: function (when) {
        return "Nothing is due. Next card due " + when + ".";
      },
      anyway: "Practise anyway", anki: "Download these cards for Anki (.apkg)",
      box: function (b) { return "Box " + (b + 1) + " of 6"; },
      start: "Start a mock interview", followUp: "Done: ask the follow-up",
      compare: "Done: show the model answers", again: "Another interview",
      mainQ: "Main question", followQ: "Follow-up", timeLeft: "Time left", over: "Over time by",
      models: "Model answers", allSections: "Every section", section: "Section",
      confirmReset: function (n, all) {
        return all ? "Erase your progress on all " + n + " cards?" :
          "Erase your progress on the " + n + " cards of this filter? (The others keep theirs.)";
      },
      exportProgress: "Export progress", importProgress: "Import progress",
      imported: function (n) { return "Imported progress on " + n + " cards (the latest answer of each card kept)."; },
      badFile: "That file holds no progress of this self-test.",
      nextReview: function (when) { return "Next review: " + when; },
      nextFollowUp: "Done: the next follow-up",
      answeredIn: function (time) { return "Answered in " + time; },
      review: "How did it go?", rateLegend: "Rate your answers",
      ratings: ["Missed the point", "Partly there", "Good", "Interview-ready"],
      notesLabel: "Notes: what you missed, what to read again", save: "Save to my history",
      saved: "Saved in this browser.", unrated: "not rated",
      history: function (n) { return "Your mock interviews (" + n + ")"; },
      followUpCount: function (n) { return n + (n === 1 ? " follow-up" : " follow-ups"); }
    },
    zh: {
      all: "全部卡片", predict: "预测输出", error: "解释报错",
      predictAsk: "预测输出", errorAsk: "哪种改法能修好？",
      check: "提交", next: "下一张", right: "答对了。", wrong: "不太对。",
      realOutput: "实际打印的内容", theMessage: "实际抛出的报错",
      why: "原理：", tempting: "看似可行，其实是错的：", reset: "清空进度",
      resetDone: "进度已清空。", ownWords: "改为手动输入答案",
      ownWordsLabel: "你的答案（须与打印内容逐字一致）", choices: "选择一项",
      progress: function (p) {
        return "已掌握 " + p.learned + " / " + p.total + " · 待复习 " + p.due + " · 新卡 " + p.fresh;
      },
      done: function (when) {
        return "暂时没有要复习的卡片。下一张到期时间：" + when + "。";
      },
      anyway: "继续练习", anki: "下载 Anki 卡组（.apkg）",
      box: function (b) { return "第 " + (b + 1) + " 级（共 6 级）"; },
      start: "开始模拟面试", followUp: "答完了：进入追问",
      compare: "答完了：查看参考答案", again: "再来一轮",
      mainQ: "主问题", followQ: "追问", timeLeft: "剩余时间", over: "超时",
      models: "参考答案", allSections: "全部章节", section: "章节",
      confirmReset: function (n, all) {
        return all ? "清空全部 " + n + " 张卡片的进度吗？" :
          "清空当前筛选下 " + n + " 张卡片的进度吗？（其他卡片的进度保留。）";
      },
      exportProgress: "导出进度", importProgress: "导入进度",
      imported: function (n) { return "已导入 " + n + " 张卡片的进度（每张卡片保留最近一次作答）。"; },
      badFile: "这个文件里没有本自测的进度。",
      nextReview: function (when) { return "下次复习：" + when; },
      nextFollowUp: "答完了：下一个追问",
      answeredIn: function (time) { return "用时 " + time; },
      review: "答得怎么样？", rateLegend: "给自己的回答打分",
      ratings: ["没答到点上", "答对一部分", "不错", "可以直接上场"],
      notesLabel: "笔记：漏了什么、要回去重读什么", save: "保存到我的记录",
      saved: "已保存在这个浏览器里。", unrated: "未打分",
      history: function (n) { return "我的模拟面试记录（" + n + "）"; },
      followUpCount: function (n) { return n + " 个追问"; }
    }
  };

  var DAY = 24 * 3600 * 1000;
  var INTERVALS = [0, 1 * DAY, 3 * DAY, 7 * DAY, 16 * DAY, 35 * DAY]; // by box 0..5
  var MISSED_RETURN = 3; // a missed card comes back after this many other cards
  var QUESTION_SECONDS = 90;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "html") node.innerHTML = attrs[key];
      else if (key === "text") node.textContent = attrs[key];
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), attrs[key]);
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function normalized(text) {
    return text.replace(/\s+/g, " ").trim();
  }

  /* ----- progress, kept in this browser ----- */

  function Store(language) {
    this.key = "autograd-field-guide:practice:" + language;
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(this.key) || "null"); } catch (e) { saved = null; }
    this.state = saved && saved.version === 1 ? saved : { version: 1, cards: {} };
  }
  Store.prototype.save = function () {
    try { window.localStorage.setItem(this.key, JSON.stringify(this.state)); } catch (e) { /* private mode */ }
  };
  Store.prototype.get = function (id) { return this.state.cards[id]; };
  Store.prototype.record = function (id, right, now) {
    var entry = this.state.cards[id] || { box: 0, due: 0, seen: 0, missed: 0 };
    entry.seen += 1;
    if (right) {
      entry.box = Math.min(entry.box + 1, INTERVALS.length - 1);
    } else {
      entry.box = 0;
      entry.missed += 1;
    }
    entry.due = now + INTERVALS[entry.box];
    entry.last = right ? "right" : "wrong";
    this.state.cards[id] = entry;
    this.save();
    return entry;
  };
  Store.prototype.reset = function () {
    this.state = { version: 1, cards: {} };
    try { window.localStorage.removeItem(this.key); } catch (e) { /* private mode */ }
  };
  Store.prototype.forget = function (ids) {
    var cards = this.state.cards;
    ids.forEach(function (id) { delete cards[id]; });
    this.save();
  };
  /* When a card was last answered: its due date minus its box's interval. */
  function answeredAt(entry) { return entry.due - INTERVALS[entry.box]; }
  /* Progress from an exported file: per card, the entry answered last wins (so a file from
   * another browser and this one's progress combine). Returns how many cards it held. */
  Store.prototype.merge = function (data) {
    if (!data || data.version !== 1 || typeof data.cards !== "object" || !data.cards) return -1;
    var cards = this.state.cards;
    var count = 0;
    Object.keys(data.cards).forEach(function (id) {
      var e = data.cards[id];
      if (!e || typeof e.box !== "number" || typeof e.due !== "number" || !(e.box >= 0 && e.box < INTERVALS.length)) return;
      count += 1;
      if (!cards[id] || answeredAt(e) > answeredAt(cards[id])) cards[id] = e;
    });
    this.save();
    return count;
  };

  /* ----- cards ----- */

  function CardsApp(root, cards, links, language) {
    this.root = root;
    this.cards = cards;
    this.links = links;
    this.t = TEXT[language];
    this.language = language;
    this.store = new Store(language);
    this.filter = "all";
    this.section = "";
    this.queue = [];
    this.current = null;
    this.build();
    this.refill(false);
    this.show(true);  // quietly: the page opens at its top, focus moves once the learner acts
    var self = this;
    // A number key picks that choice of the card on screen (not while typing an answer).
    document.addEventListener("keydown", function (event) {
      var n = parseInt(event.key, 10);
      var typing = event.target && /^(TEXTAREA|INPUT)$/.test(event.target.tagName) && event.target.type !== "radio";
      if (typing || event.altKey || event.ctrlKey || event.metaKey || !self.current) return;
      var input = self.stage.querySelector("#choice-" + (n - 1));
      if (!(n >= 1) || !input || input.disabled) return;
      input.checked = true;
      input.focus();
    });
  }

  CardsApp.prototype.build = function () {
    var self = this;
    var t = this.t;
    var filters = el("div", { class: "practice-filters", role: "group", "aria-label": t.choices });
    ["all", "predict", "error"].forEach(function (name) {
      var count = name === "all" ? self.cards.length :
        self.cards.filter(function (c) { return c.kind === name; }).length;
      filters.appendChild(el("button", {
        type: "button", class: "md-button practice-filter", "data-filter": name,
        "aria-pressed": String(name === self.filter), text: t[name] + " (" + count + ")",
        onclick: function () { self.setFilter(name); }
      }));
    });
    var seenSections = {};
    var select = el("select", { class: "practice-section", "aria-label": t.section,
      onchange: function () { self.setSection(select.value); } },
      [el("option", { value: "", text: t.allSections })]);
    this.cards.forEach(function (c) {
      if (seenSections[c.section]) return;
      seenSections[c.section] = true;
      select.appendChild(el("option", { value: c.section, text: c.sectionTitle }));
    });
    filters.appendChild(el("label", { class: "practice-section-label" }, [
      el("span", { text: t.section + " " }), select]));
    this.progress = el("p", { class: "practice-progress", "aria-live": "polite" });
    this.stage = el("div", { class: "practice-stage" });
    var file = el("input", { type: "file", accept: "application/json,.json", class: "practice-import-file",
      hidden: "", onchange: function () { self.importFrom(file); } });
    var tools = el("p", { class: "practice-tools" }, [
      el("button", { type: "button", class: "md-button practice-reset", text: t.reset,
        onclick: function () { self.reset(); } }),
      el("button", { type: "button", class: "md-button practice-export", text: t.exportProgress,
        onclick: function () { self.exportTo(); } }),
      el("button", { type: "button", class: "md-button practice-import", text: t.importProgress,
        onclick: function () { file.click(); } }),
      file,
      this.root.dataset.anki ? el("a", { class: "md-button practice-anki", href: this.root.dataset.anki,
        download: this.root.dataset.anki, type: "application/octet-stream", text: t.anki }) : null
    ]);
    this.root.appendChild(filters);
    this.root.appendChild(this.progress);
    this.root.appendChild(this.stage);
    this.root.appendChild(tools);
  };

  CardsApp.prototype.pool = function () {
    var filter = this.filter;
    var section = this.section;
    return this.cards.filter(function (c) {
      return (filter === "all" || c.kind === filter) && (!section || c.section === section);
    });
  };

  /* The order of a session: due cards first (oldest due first), then cards never seen. With
   * `anyway`, the cards not yet due too, soonest first. */
  CardsApp.prototype.refill = function (anyway) {
    var now = Date.now();
    var store = this.store;
    var pool = this.pool();
    var seen = pool.filter(function (c) { return store.get(c.id); });
    var due = seen.filter(function (c) { return store.get(c.id).due <= now; });
    due.sort(function (a, b) { return store.get(a.id).due - store.get(b.id).due; });
    var fresh = pool.filter(function (c) { return !store.get(c.id); });
    this.queue = due.concat(fresh);
    if (anyway && !this.queue.length) {
      this.queue = seen.slice().sort(function (a, b) { return store.get(a.id).due - store.get(b.id).due; });
    }
  };

  CardsApp.prototype.counts = function () {
    var now = Date.now();
    var store = this.store;
    var pool = this.pool();
    var p = { total: pool.length, learned: 0, due: 0, fresh: 0 };
    pool.forEach(function (c) {
      var s = store.get(c.id);
      if (!s) { p.fresh += 1; return; }
      if (s.due <= now) p.due += 1;
      if (s.box >= 1) p.learned += 1;  // learned stays learned when it comes due for review
    });
    return p;
  };

  CardsApp.prototype.setFilter = function (name) {
    var cards = this.cards;
    var self = this;
    this.filter = name;
    this.root.querySelectorAll(".practice-filter").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.filter === name));
    });
    // A section without a card of this kind cannot be chosen: a filter never comes up empty.
    this.root.querySelectorAll(".practice-section option").forEach(function (option) {
      option.disabled = !!option.value && !cards.some(function (c) {
        return c.section === option.value && (name === "all" || c.kind === name);
      });
      if (option.disabled && option.selected) {
        self.section = "";
        option.parentNode.value = "";
      }
    });
    this.refill(false);
    this.show();
  };

  CardsApp.prototype.setSection = function (section) {
    this.section = section;
    this.refill(false);
    this.show();
  };

  CardsApp.prototype.reset = function () {
    var store = this.store;
    var everything = this.filter === "all" && !this.section;
    var pool = this.pool();
    var withProgress = pool.filter(function (c) { return store.get(c.id); });
    if (!window.confirm(this.t.confirmReset(everything ? this.cards.length : pool.length, everything))) return;
    if (everything) store.reset();
    else store.forget(withProgress.map(function (c) { return c.id; }));
    this.refill(false);
    this.show();
    this.progress.textContent = this.t.resetDone + " " + this.t.progress(this.counts());
  };

  CardsApp.prototype.exportTo = function () {
    var data = { version: 1, language: this.language, exported: new Date().toISOString(),
      cards: this.store.state.cards };
    var blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
    var link = el("a", { href: URL.createObjectURL(blob),
      download: "autograd-field-guide-progress-" + this.language + ".json" });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
  };

  CardsApp.prototype.importFrom = function (input) {
    var self = this;
    var chosen = input.files && input.files[0];
    if (!chosen) return;
    var reader = new FileReader();
    reader.onload = function () {
      var count = -1;
      try { count = self.store.merge(JSON.parse(String(reader.result))); } catch (e) { count = -1; }
      input.value = "";
      self.refill(false);
      self.show();
      self.progress.textContent = (count < 0 ? self.t.badFile : self.t.imported(count)) + " " +
        self.t.progress(self.counts());
    };
    reader.readAsText(chosen);
  };

  CardsApp.prototype.show = function (quiet) {
    var self = this;
    var t = this.t;
    this.progress.textContent = t.progress(this.counts());
    this.stage.innerHTML = "";
    this.current = this.queue.shift() || null;
    if (!this.current) {
      var store = this.store;
      var next = this.pool().map(function (c) { return store.get(c.id); })
        .filter(Boolean).map(function (s) { return s.due; }).sort()[0];
      var when = next ? new Date(next).toLocaleDateString(this.language === "zh" ? "zh-CN" : "en") : "—";
      this.stage.appendChild(el("p", { class: "practice-done", text: t.done(when) }));
      var again = el("button", { type: "button", class: "md-button md-button--primary", text: t.anyway,
        onclick: function () { self.refill(true); self.show(); } });
      this.stage.appendChild(again);
      return;
    }
    var card = this.current;
    var saved = this.store.get(card.id);
    var heading = el("h2", { class: "practice-card-title", tabindex: "-1",
      text: card.kind === "predict" ? t.predictAsk : t.errorAsk });
    var article = el("article", { class: "practice-card", "data-card": card.id, "data-kind": card.kind,
      "aria-labelledby": "practice-card-title" });
    heading.id = "practice-card-title";
    article.appendChild(heading);
    if (saved) article.appendChild(el("p", { class: "practice-box", text: t.box(saved.box) }));
    if (card.kind === "predict") {
      article.appendChild(el("p", { class: "practice-prompt", html: card.promptHtml }));
      article.appendChild(el("div", { class: "practice-code", html: card.codeHtml }));
    } else {
      if (card.codeHtml) article.appendChild(el("div", { class: "practice-code", html: card.codeHtml }));
      article.appendChild(el("pre", { class: "practice-message", text: card.shown }));
    }
    var form = el("form", { class: "practice-answer" });
    var fieldset = el("fieldset", {}, [el("legend", { text: t.choices })]);
    var order = this.shuffled(card.choices.map(function (c, i) { return i; }), card.id);
    order.forEach(function (index, position) {
      var choice = card.choices[index];
      var id = "choice-" + position;
      var input = el("input", { type: "radio", name: "choice", id: id, value: String(index) });
      var body = card.kind === "predict" ? el("pre", { html: choice.html }) : el("span", { html: choice.html });
      fieldset.appendChild(el("div", { class: "practice-choice", "data-correct": String(choice.correct) }, [
        input, el("label", { for: id }, [el("span", { class: "practice-key", text: String(position + 1) }), body])
      ]));
    });
    form.appendChild(fieldset);
    var own = null;
    if (card.kind === "predict") {
      own = el("textarea", { class: "practice-own", rows: "3", "aria-label": t.ownWordsLabel, hidden: "" });
      var toggle = el("button", { type: "button", class: "md-button practice-own-toggle", text: t.ownWords,
        onclick: function () {
          own.hidden = !own.hidden;
          fieldset.hidden = !own.hidden;
          (own.hidden ? fieldset.querySelector("input") : own).focus();
        } });
      form.appendChild(toggle);
      form.appendChild(own);
    }
    var check = el("button", { type: "submit", class: "md-button md-button--primary practice-check", text: t.check });
    form.appendChild(check);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      self.answer(form, own);
    });
    article.appendChild(form);
    this.stage.appendChild(article);
    if (!quiet) heading.focus();
  };

  /* A fixed order per card, so the right answer is not always first and a reload keeps it. */
  CardsApp.prototype.shuffled = function (items, key) {
    var seed = 0;
    for (var i = 0; i < key.length; i++) seed = (seed * 31 + key.charCodeAt(i)) >>> 0;
    var out = items.slice();
    for (var j = out.length - 1; j > 0; j--) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      var k = seed % (j + 1);
      var tmp = out[j]; out[j] = out[k]; out[k] = tmp;
    }
    return out;
  };

  CardsApp.prototype.answer = function (form, own) {
    var self = this;
    var t = this.t;
    var card = this.current;
    var right;
    if (own && !own.hidden) {
      if (!own.value.trim()) { own.focus(); return; }
      var answer = card.choices.filter(function (c) { return c.correct; })[0];
      var div = document.createElement("div");
      div.innerHTML = answer.html;
      right = normalized(own.value) === normalized(div.textContent);
    } else {
      var picked = form.querySelector("input[name=choice]:checked");
      if (!picked) { form.querySelector("input[name=choice]").focus(); return; }
      right = card.choices[parseInt(picked.value, 10)].correct;
    }
    form.querySelectorAll("input, textarea, .practice-check, .practice-own-toggle").forEach(function (i) { i.disabled = true; });
    form.querySelectorAll(".practice-choice").forEach(function (c) {
      c.classList.add(c.dataset.correct === "true" ? "is-correct" : "is-wrong");
    });
    var entry = this.store.record(card.id, right, Date.now());
    if (!right) {
      var position = Math.min(MISSED_RETURN, this.queue.length);
      this.queue.splice(position, 0, card);
    }
    var result = el("div", { class: "practice-result " + (right ? "is-right" : "is-wrong"), role: "status" });
    result.appendChild(el("p", { class: "practice-verdict", text: right ? t.right : t.wrong }));
    card.choices.forEach(function (c) {
      if (c.noteHtml) {
        result.appendChild(el("p", { class: "practice-tempting", html: "<strong>" + t.tempting + "</strong>" + c.html + " " + c.noteHtml }));
      }
    });
    result.appendChild(el("p", { class: "practice-output-label", text: card.kind === "predict" ? t.realOutput : t.theMessage }));
    result.appendChild(el("pre", { class: "practice-output", text: card.output }));
    var link = this.links[card.id];
    if (link) {
      result.appendChild(el("p", {}, [el("a", { class: "practice-why", href: link, text: t.why + card.explainsTitle })]));
    }
    var review = new Date(entry.due).toLocaleDateString(this.language === "zh" ? "zh-CN" : "en");
    result.appendChild(el("p", { class: "practice-box", text: t.box(entry.box) + " · " + t.nextReview(review) }));
    var next = el("button", { type: "button", class: "md-button md-button--primary practice-next", text: t.next,
      onclick: function () { self.show(); } });
    result.appendChild(next);
    form.parentNode.appendChild(result);
    this.progress.textContent = t.progress(this.counts());
    next.focus();
  };

  /* ----- mock interview ----- */

  /* The mock interviews done in this browser: for each, when, the questions asked, and the
   * learner's self-rating and notes. */
  function History(language) {
    this.key = "autograd-field-guide:mock:" + language;
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(this.key) || "null"); } catch (e) { saved = null; }
    this.state = saved && saved.version === 1 && Array.isArray(saved.interviews) ? saved : { version: 1, interviews: [] };
  }
  History.prototype.save = function () {
    try { window.localStorage.setItem(this.key, JSON.stringify(this.state)); } catch (e) { /* private mode */ }
  };
  History.prototype.recentMains = function (n) {
    return this.state.interviews.slice(-n).map(function (i) { return i.main; });
  };

  function MockApp(root, questions, language) {
    var self = this;
    this.root = root;
    this.t = TEXT[language];
    this.language = language;
    this.byId = {};
    questions.forEach(function (q) { self.byId[q.dataset.id] = q; });
    this.mains = questions.filter(function (q) { return q.dataset.kind === "main"; });
    this.history = new History(language);
    this.timer = null;
    this.current = null;
    this.stage = el("div", { class: "practice-stage" });
    this.startButton = el("button", { type: "button", class: "md-button md-button--primary practice-start",
      text: this.t.start, onclick: function () { self.start(); } });
    this.past = el("section", { class: "mock-history", "aria-labelledby": "mock-history-title" });
    root.appendChild(this.startButton);
    root.appendChild(this.stage);
    root.appendChild(this.past);
    this.showHistory();
  }

  /* A main question not among the last ones asked (never the one just asked). */
  MockApp.prototype.pickMain = function () {
    var recent = this.history.recentMains(Math.min(10, this.mains.length - 1));
    if (this.current) recent.push(this.current.main);
    var fresh = this.mains.filter(function (q) { return recent.indexOf(q.dataset.id) < 0; });
    var pool = fresh.length ? fresh : this.mains;
    return pool[Math.floor(Math.random() * pool.length)];
  };

  MockApp.prototype.start = function () {
    var main = this.pickMain();
    var chain = Array.prototype.slice.call(main.querySelectorAll(".mock-follow-up-prompt"));
    this.current = { main: main.dataset.id, steps: [], started: new Date().toISOString() };
    this.chain = chain;
    this.stage.innerHTML = "";
    this.ask(main, main.querySelector(".mock-prompt"), this.t.mainQ);
  };

  /* One step: the question as asked, a timer, and the button to the next step. */
  MockApp.prototype.ask = function (question, prompt, label) {
    var self = this;
    var t = this.t;
    this.finishStep();
    this.current.steps.push({ id: question.dataset.id, prompt: prompt });
    var n = this.current.steps.length;  // 1: the main question
    var heading = el("h2", { tabindex: "-1", class: "mock-step-title",
      text: n === 1 ? label : label + " " + (n - 1) + " / " + this.chain.length });
    var clock = el("p", { class: "mock-timer", role: "timer", "aria-live": "off" });
    var shown = prompt.cloneNode(true);
    shown.className = "mock-prompt";
    shown.removeAttribute("data-id");
    var step = el("section", { class: "mock-step", "data-id": question.dataset.id }, [heading, shown, clock]);
    var last = n > this.chain.length;
    var button = el("button", { type: "button", class: "md-button md-button--primary " + (last ? "mock-compare" : "mock-follow-up"),
      text: last ? t.compare : (n === 1 ? t.followUp : t.nextFollowUp),
      onclick: function () {
        if (last) { self.compare(); return; }
        var next = self.chain[n - 1];
        self.ask(self.byId[next.dataset.id], next, t.followQ);
      } });
    step.appendChild(button);
    this.stage.appendChild(step);
    this.countdown(clock);
    heading.focus();
  };

  /* The step on screen is over: its button is replaced by how long the answer took. */
  MockApp.prototype.finishStep = function () {
    var steps = this.stage.querySelectorAll(".mock-step");
    var step = steps[steps.length - 1];
    if (!step || step.classList.contains("is-done")) return;
    step.classList.add("is-done");
    var button = step.querySelector("button");
    if (button) button.remove();
    var clock = step.querySelector(".mock-timer");
    if (clock) clock.textContent = this.t.answeredIn(clock.dataset.elapsed || "0:00");
  };

  function clockText(seconds) {
    var abs = Math.abs(seconds);
    return Math.floor(abs / 60) + ":" + ("0" + (abs % 60)).slice(-2);
  }

  MockApp.prototype.countdown = function (clock) {
    var t = this.t;
    var started = Date.now();
    if (this.timer) window.clearInterval(this.timer);
    function tick() {
      var elapsed = Math.floor((Date.now() - started) / 1000);
      var left = QUESTION_SECONDS - elapsed;
      clock.dataset.elapsed = clockText(elapsed);
      clock.textContent = (left >= 0 ? t.timeLeft : t.over) + " " + clockText(left);
      clock.classList.toggle("is-over", left < 0);
    }
    tick();
    this.timer = window.setInterval(tick, 1000);
  };

  MockApp.prototype.compare = function () {
    var self = this;
    var t = this.t;
    if (this.timer) window.clearInterval(this.timer);
    this.finishStep();
    var heading = el("h2", { tabindex: "-1", class: "mock-models-title", text: t.models });
    var models = el("section", { class: "mock-models" }, [heading]);
    this.current.steps.forEach(function (asked) {
      var block = el("div", { class: "mock-model", "data-id": asked.id });
      var prompt = asked.prompt.cloneNode(true);
      prompt.className = "mock-prompt";
      prompt.removeAttribute("data-id");
      block.appendChild(prompt);
      block.appendChild(self.byId[asked.id].querySelector(".mock-answer").cloneNode(true));
      models.appendChild(block);
    });
    // The learner's verdict and notes, kept with this interview in the browser's history.
    var entry = { main: this.current.main, followUps: this.current.steps.slice(1).map(function (s) { return s.id; }),
      date: this.current.started, rating: 0, notes: "" };
    this.history.state.interviews.push(entry);
    this.history.save();
    var ratings = el("fieldset", { class: "mock-rating" }, [el("legend", { text: t.rateLegend })]);
    t.ratings.forEach(function (name, i) {
      var id = "mock-rating-" + (i + 1);
      ratings.appendChild(el("span", { class: "mock-rating-choice" }, [
        el("input", { type: "radio", name: "mock-rating", id: id, value: String(i + 1) }),
        el("label", { for: id, text: name })]));
    });
    var notes = el("textarea", { class: "mock-notes", rows: "4", id: "mock-notes" });
    var status = el("p", { class: "mock-saved", role: "status" });
    var form = el("form", { class: "mock-review" }, [
      el("h3", { text: t.review }), ratings,
      el("label", { for: "mock-notes", class: "mock-notes-label", text: t.notesLabel }), notes,
      el("button", { type: "submit", class: "md-button md-button--primary mock-save", text: t.save }), status]);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var picked = form.querySelector("input[name=mock-rating]:checked");
      entry.rating = picked ? parseInt(picked.value, 10) : 0;
      entry.notes = notes.value;
      self.history.save();
      status.textContent = t.saved;
      self.showHistory();
    });
    models.appendChild(form);
    models.appendChild(el("button", { type: "button", class: "md-button mock-again", text: t.again,
      onclick: function () { self.start(); } }));
    this.stage.appendChild(models);
    this.showHistory();
    heading.focus();
  };

  /* Past interviews, newest first: date, the main question, the rating and the notes. */
  MockApp.prototype.showHistory = function () {
    var self = this;
    var t = this.t;
    var interviews = this.history.state.interviews.slice().reverse();
    this.past.innerHTML = "";
    this.past.hidden = !interviews.length;
    if (!interviews.length) return;
    this.past.appendChild(el("h2", { id: "mock-history-title", text: t.history(interviews.length) }));
    var list = el("ol", { class: "mock-history-list", reversed: "" });
    interviews.forEach(function (item) {
      var main = self.byId[item.main];
      var prompt = main ? main.querySelector(".mock-prompt").textContent.trim() : item.main;
      var when = new Date(item.date).toLocaleString(self.language === "zh" ? "zh-CN" : "en");
      list.appendChild(el("li", { class: "mock-history-item", "data-id": item.main }, [
        el("p", { class: "mock-history-meta", text: when + " · " + (item.rating ? t.ratings[item.rating - 1] : t.unrated) +
          " · " + t.followUpCount(item.followUps.length) }),
        el("p", { class: "mock-history-question", text: prompt }),
        item.notes ? el("p", { class: "mock-history-notes", text: item.notes }) : null]));
    });
    this.past.appendChild(list);
  };

  /* ----- start ----- */

  function start() {
    var root = document.getElementById("practice-app");
    if (!root || root.dataset.started) return;
    root.dataset.started = "true";
    var language = TEXT[root.dataset.language] ? root.dataset.language : "en";
    if (root.dataset.mode === "cards") {
      var data = document.getElementById("practice-cards");
      var links = {};
      document.querySelectorAll(".practice-links a[data-card]").forEach(function (a) {
        links[a.dataset.card] = a.getAttribute("href");
      });
      new CardsApp(root, JSON.parse(data.textContent), links, language);
    } else if (root.dataset.mode === "mock") {
      new MockApp(root, Array.prototype.slice.call(document.querySelectorAll(".mock-question")), language);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
