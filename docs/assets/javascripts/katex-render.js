// Render the math that pymdownx.arithmatex (generic mode) leaves in .arithmatex elements.
// Only those elements are touched, so a "$" or "\(" printed by a snippet is never rendered.
document$.subscribe(() => {
  for (const el of document.querySelectorAll(".arithmatex")) {
    if (el.dataset.rendered) continue;
    const text = el.textContent.trim();
    const display = el.tagName === "DIV";
    const tex = text.replace(/^\\[[(]/, "").replace(/\\[\])]$/, "");
    katex.render(tex, el, { displayMode: display, throwOnError: false });
    el.dataset.rendered = "1";
  }
});
