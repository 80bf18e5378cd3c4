/* Loaded before the theme's bundle.
 *
 * 1. Each edition searches its own index: the build writes the Chinese pages' entries to
 *    zh/search/search_index.json, and a Chinese page asks for that file instead of the English
 *    one (the theme always asks for <site root>/search/search_index.json).
 * 2. Search runs on any change of the query, not only on a key press, so that pasting an error
 *    message with the mouse, a long press or an input method searches at once.
 */
(function () {
  var lang = (document.documentElement.getAttribute("lang") || "en").toLowerCase();
  if (lang.indexOf("zh") === 0) {
    var open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (method, url) {
      var text = String(url);
      var at = text.lastIndexOf("search/search_index.json");
      if (at !== -1 && text.indexOf("zh/search/search_index.json") === -1) {
        arguments[1] = text.slice(0, at) + "zh/" + text.slice(at);
      }
      return open.apply(this, arguments);
    };
  }
  document.addEventListener("DOMContentLoaded", function () {
    var query = document.querySelector("[data-md-component=search-query]");
    if (query) {
      query.addEventListener("input", function () {
        query.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
      });
    }
  });
})();
