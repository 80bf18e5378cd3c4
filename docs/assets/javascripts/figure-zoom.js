/* Figures printed by snippets open enlarged in a dialog.
 *
 * Each <figure class="snippet-figure"> gets a number in its caption ("Figure 2." / "图 2"),
 * counted down the page, and an "Enlarge" button; clicking the figure or the button (Enter or
 * Space on it) opens a modal <dialog> that fills the window and shows the same drawing larger
 * than in the page, on any screen: at least the width of the window, and at least 1.6 times its
 * width in the page. Where that is wider than the window (a phone) the drawing pans by dragging
 * or scrolling, and "+" / "−" zoom it further (the browser's own pinch zoom works as well).
 * Escape, the close button or a click outside the drawing closes it, and focus goes back to the
 * button. The drawing itself is moved into the dialog and back, never copied, so the page never
 * holds two elements with the same id.
 */
(function () {
  var zh = (document.documentElement.getAttribute("lang") || "").toLowerCase().indexOf("zh") === 0;
  var TEXT = zh
    ? { open: "放大", openLabel: "放大图：", close: "关闭", figure: "图",
        number: function (n) { return "图 " + n + "\u3000"; }, zoomIn: "放大一级", zoomOut: "缩小一级" }
    : { open: "Enlarge", openLabel: "Enlarge figure: ", close: "Close", figure: "Figure",
        number: function (n) { return "Figure " + n + ". "; }, zoomIn: "Zoom in", zoomOut: "Zoom out" };
  var ENLARGE = 1.6;  // the drawing in the dialog: at least this many times its width in the page
  var dialog, stage, title, current;

  function zoomButton(text, label, factor) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "figure-dialog__zoom md-button";
    button.textContent = text;
    button.setAttribute("aria-label", label);
    button.addEventListener("click", function () { zoom(factor); });
    return button;
  }

  function zoom(factor) {
    if (!current) return;
    var svg = current.svg;
    var width = svg.getBoundingClientRect().width * factor;
    var smallest = current.inPage * 1.2;  // never back to its size in the page
    svg.style.width = Math.max(width, smallest) + "px";
  }

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "figure-dialog";
    dialog.setAttribute("aria-labelledby", "figure-dialog-title");
    var bar = document.createElement("div");
    bar.className = "figure-dialog__bar";
    title = document.createElement("p");
    title.className = "figure-dialog__title";
    title.id = "figure-dialog-title";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "figure-dialog__close md-button";
    close.textContent = TEXT.close;
    close.autofocus = true;  // the dialog opens with the focus on Close, not on a zoom button
    close.addEventListener("click", function () { dialog.close(); });
    var tools = document.createElement("div");
    tools.className = "figure-dialog__tools";
    tools.appendChild(zoomButton("\u2212", TEXT.zoomOut, 1 / 1.4));
    tools.appendChild(zoomButton("+", TEXT.zoomIn, 1.4));
    tools.appendChild(close);
    bar.appendChild(title);
    bar.appendChild(tools);
    stage = document.createElement("div");
    stage.className = "figure-dialog__stage";
    dialog.appendChild(bar);
    dialog.appendChild(stage);
    // A click on the backdrop lands on the dialog element itself.
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", restore);
    document.body.appendChild(dialog);
  }

  function name(figure) {
    var caption = figure.querySelector("figcaption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var svgTitle = figure.querySelector("svg > title");
    var text = svgTitle ? svgTitle.textContent.trim() : "";
    return text || TEXT.figure;
  }

  function open(figure, button) {
    if (!dialog) build();
    if (dialog.open) return;
    var svg = figure.querySelector("svg");
    if (!svg) return;
    title.textContent = name(figure);
    var holder = document.createElement("div");
    holder.className = "figure-placeholder";
    var box = svg.getBoundingClientRect();
    holder.style.height = box.height + "px";
    svg.parentNode.insertBefore(holder, svg);
    stage.appendChild(svg);
    current = { figure: figure, svg: svg, holder: holder, button: button, inPage: box.width };
    figure.classList.add("is-enlarged");
    dialog.showModal();
    // larger than in the page on every screen: the window's width, or more where the page
    // showed it nearly that wide (a phone); the stage then pans
    svg.style.width = Math.max(stage.clientWidth, box.width * ENLARGE) + "px";
    stage.scrollLeft = (stage.scrollWidth - stage.clientWidth) / 2;
  }

  function restore() {
    if (!current) return;
    current.svg.style.width = "";
    current.holder.parentNode.replaceChild(current.svg, current.holder);
    current.figure.classList.remove("is-enlarged");
    var button = current.button;
    current = null;
    button.focus();
  }

  function enhance(figure) {
    if (figure.dataset.zoom || !figure.querySelector("svg")) return;
    figure.dataset.zoom = "1";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "figure-zoom";
    button.textContent = TEXT.open;
    button.setAttribute("aria-label", TEXT.openLabel + name(figure));
    button.setAttribute("aria-haspopup", "dialog");
    button.addEventListener("click", function (event) {
      event.stopPropagation();
      open(figure, button);
    });
    figure.addEventListener("click", function (event) {
      if (event.target.closest("a")) return;
      open(figure, button);
    });
    figure.appendChild(button);
  }

  function number(figure, n) {
    var caption = figure.querySelector("figcaption");
    if (!caption || caption.querySelector(".figure-number")) return;
    var label = document.createElement("span");
    label.className = "figure-number";
    label.textContent = TEXT.number(n);
    caption.insertBefore(label, caption.firstChild);
  }

  function enhanceAll() {
    var figures = document.querySelectorAll("article figure.snippet-figure");
    for (var i = 0; i < figures.length; i++) {
      number(figures[i], i + 1);
      enhance(figures[i]);
    }
  }

  if (typeof document$ !== "undefined") {
    document$.subscribe(enhanceAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", enhanceAll);
  } else {
    enhanceAll();
  }
})();
