// LanguageMenu: links to this page in the other languages; a click remembers the choice (the
// landing page follows it: share/jupyter/voila/templates/lab/index.html.j2, before any widget starts).

function twin(href) {
  // the same file in the other language's folder: "de/" + "05_pot.ipynb", or "../" + it
  const file = window.location.pathname.split("/").pop() || "";
  return href + file + window.location.search + window.location.hash;
}

function render({ model, el }) {
  const key = model.get("storage_key");
  const nav = make("nav", { className: "bw-language", dataset: { testid: "language-menu" }, "aria-label": model.get("label") },
                   make("span", { className: "bw-language-label", "aria-hidden": "true" }, model.get("label") + ":"));
  for (const choice of model.get("choices")) {
    const a = make("a", { href: twin(choice.href), lang: choice.lang, hreflang: choice.lang, dataset: { lang: choice.lang } },
                   choice.name);
    a.addEventListener("click", () => keepInBrowser(key, choice.lang));
    nav.appendChild(a);
  }
  el.appendChild(nav);
}

export default { render };
