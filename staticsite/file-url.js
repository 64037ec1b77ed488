// The static site's page opened from the disk (file://, a double-click on a copied page): browsers start no
// web worker for such a page, so the lesson's Python cannot run and the spinner would turn for ever. Say so
// instead, with what to do. scripts/build_site.py puts this script into every page, after the spinner, in a
// script element whose data-sentence attribute is the message catalog's page.file-url in the page's language.
(function () {
  "use strict";
  if (window.location.protocol !== "file:") return;
  var script = document.currentScript;
  var note = document.createElement("p");
  note.className = "bw-site-file-url";
  note.setAttribute("role", "alert");
  note.textContent = script.getAttribute("data-sentence");
  // above Voici's shell, which its scripts still attach to the page (absolutely positioned, covering it)
  note.style.cssText = "position: relative; z-index: 10000; max-width: 40em; margin: 4em auto; padding: 1em 1.5em;" +
    " font-size: 1.2em; line-height: 1.5; background: #fff; color: #000; border-radius: 4px;";
  var spinner = document.getElementById("loading");
  if (spinner) spinner.style.display = "none";
  // the template shows the spinner again at every step of the page: not for this page
  window.update_loading_text = function () {};
  script.parentNode.insertBefore(note, script);
})();
