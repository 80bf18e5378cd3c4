/* Loaded before the theme's bundle.
 *
 * 1. Each edition searches its own index: the build writes the Chinese pages' entries to
 *    zh/search/search_index.json, and a Chinese page asks for that file instead of the English
 *    one (the theme always asks for <site root>/search/search_index.json).
 * 2. Search runs on any change of the query, not only on a key press, so that pasting an error
 *    message with the mouse, a long press or an input method searches at once.
 * 3. A long query (four words or more: a pasted error message) reaches the search as plain
 *    words: without the characters the search engine reads as operators (a colon after
 *    "RuntimeError" names a field, a leading "-" excludes a word), without numbers (shapes and
 *    indices differ from one program to the next; the index leaves them out as well), and
 *    without the short words every message shares, which would otherwise rank the shortest
 *    titles first. A short query is left as typed.
 */
(function () {
  var COMMON = /^(a|an|the|of|is|in|to|be|and|or|for|on|at|it|its|this|that|with|as|by|you|your|are|was|were|if|can|has|have|had|do|does|so|we|will|which|from|when|what|there)$/i;
  function plainWords(query) {
    var text = query.replace(/[:~^"\u3001\u3002\uff0c\uff1a\uff1b]/g, " ").replace(/(^|[^\w])[-+]+/g, "$1 ");
    if (text.split(/\s+/).filter(Boolean).length < 4) {
      return text;
    }
    return text.split(/[\s\u200b\-,:!=\[\]()"`\/'.*&;<>{}|?]+|\d+/).filter(function (word) {
      return word.length > 1 && !COMMON.test(word);
    }).join(" ");
  }
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    if (message && message.type === 2 && typeof message.data === "string") {
      arguments[0] = Object.assign({}, message, { data: plainWords(message.data) });
    }
    return post.apply(this, arguments);
  };
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
