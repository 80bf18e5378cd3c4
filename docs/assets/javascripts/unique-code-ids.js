/* Loaded before the theme's bundle. The theme gives each code block an id made from the nearest
 * element with an id ("__code_" + that id), for its copy button. An output block with an id
 * can hold two blocks (a long output's first lines and, behind a summary, the rest), which
 * would then share one id: every block after the first gets an id of its own first.
 */
document.addEventListener("DOMContentLoaded", function () {
  var seen = new Map();
  var blocks = document.querySelectorAll("pre > code");
  for (var i = 0; i < blocks.length; i++) {
    var owner = blocks[i].closest("[id]");
    if (!owner) continue;
    var count = (seen.get(owner) || 0) + 1;
    seen.set(owner, count);
    if (count > 1 && !blocks[i].parentElement.id) {
      blocks[i].parentElement.id = owner.id + "-" + count;
    }
  }
});
