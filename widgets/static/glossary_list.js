// GlossaryList: every word of the glossary as a definition list, each term with its id (the
// anchor lessons link to, glossary.ipynb#term-pot) beside its text; the layout is glossary.css's.

function render({ model, el }) {
  const list = make("dl", { className: "bw-glossary", dataset: { testid: "glossary" } });
  el.appendChild(make("div", { className: "bw-glossary-list" }, list));
  const texts = model.get("texts") || {};
  for (const e of model.get("entries") || []) {
    const text = make("dd", {}, e.text);
    if (e.names) text.append(" ", make("em", { className: "bw-term-names" }, e.names));
    if (e.href) {
      text.append(" ", make("span", { className: "bw-term-taught" }, `${texts.taught || ""} `,
                            make("a", { href: e.href }, e.taught), "."));
    }
    list.append(make("dt", { id: e.anchor }, e.word), text);
  }
  // a link from a lesson (glossary.ipynb#term-pot) reached the page before the list was drawn
  const wanted = decodeURIComponent(window.location.hash.slice(1));
  const target = wanted && Array.from(list.children).find((node) => node.id === wanted);
  if (target) requestAnimationFrame(() => target.scrollIntoView());
}

export default { render };
