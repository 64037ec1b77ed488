// LanguageMenu: links to this page in the other languages; a click remembers the choice (the
// landing page follows it: share/jupyter/voila/templates/lab/index.html.j2, before any widget starts).

function twin(href) {
  // the same file in the other language's folder: "de/" + "05_pot.ipynb", or "../" + it
  const file = window.location.pathname.split("/").pop() || "";
  return href + file + window.location.search + window.location.hash;
}

function remember(key, lang) {
  try { window.localStorage.setItem(key, lang); } catch (e) { /* private mode: nothing kept */ }
}

function render({ model, el }) {
  const key = model.get("storage_key");
  const nav = document.createElement("nav");
  nav.className = "bw-language";
  nav.dataset.testid = "language-menu";
  nav.setAttribute("aria-label", model.get("label"));
  const title = document.createElement("span");
  title.className = "bw-language-label";
  title.textContent = model.get("label") + ":";
  title.setAttribute("aria-hidden", "true");
  nav.appendChild(title);
  for (const choice of model.get("choices")) {
    const a = document.createElement("a");
    a.href = twin(choice.href);
    a.lang = choice.lang;
    a.hreflang = choice.lang;
    a.textContent = choice.name;
    a.dataset.lang = choice.lang;
    a.addEventListener("click", () => remember(key, choice.lang));
    nav.appendChild(a);
  }
  el.appendChild(nav);

}

export default { render };
