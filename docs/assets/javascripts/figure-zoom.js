/* Figures printed by snippets open enlarged in a dialog.
 *
 * Each <figure class="snippet-figure"> gets an "Enlarge" button; clicking the figure or the
 * button (Enter or Space on it) opens a modal <dialog> that shows the same drawing at the width
 * of the window. Escape, the close button or a click outside the drawing closes it, and focus
 * goes back to the button. The drawing itself is moved into the dialog and back, never copied,
 * so the page never holds two elements with the same id.
 */
(function () {
  var zh = (document.documentElement.getAttribute("lang") || "").toLowerCase().indexOf("zh") === 0;
  var TEXT = zh
    ? { open: "放大", openLabel: "放大图：", close: "关闭", figure: "图" }
    : { open: "Enlarge", openLabel: "Enlarge figure: ", close: "Close", figure: "Figure" };
  var dialog, stage, title, current;

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
    close.addEventListener("click", function () { dialog.close(); });
    bar.appendChild(title);
    bar.appendChild(close);
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
    holder.style.height = svg.getBoundingClientRect().height + "px";
    svg.parentNode.insertBefore(holder, svg);
    stage.appendChild(svg);
    current = { figure: figure, svg: svg, holder: holder, button: button };
    figure.classList.add("is-enlarged");
    dialog.showModal();
  }

  function restore() {
    if (!current) return;
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

  function enhanceAll() {
    var figures = document.querySelectorAll("figure.snippet-figure");
    for (var i = 0; i < figures.length; i++) enhance(figures[i]);
  }

  if (typeof document$ !== "undefined") {
    document$.subscribe(enhanceAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", enhanceAll);
  } else {
    enhanceAll();
  }
})();
