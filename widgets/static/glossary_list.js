// GlossaryList: every word of the glossary as a definition list, each term with its id (the
// anchor lessons link to, glossary.ipynb#term-pot) beside its text; the layout is glossary.css's.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-glossary-list";
  const list = document.createElement("dl");
  list.className = "bw-glossary";
  list.dataset.testid = "glossary";
  root.appendChild(list);
  el.appendChild(root);
  const texts = model.get("texts") || {};
  for (const e of model.get("entries") || []) {
    const term = document.createElement("dt");
    term.id = e.anchor;
    term.textContent = e.word;
    const text = document.createElement("dd");
    text.append(e.text);
    if (e.names) {
      const names = document.createElement("em");
      names.className = "bw-term-names";
      names.textContent = e.names;
      text.append(" ", names);
    }
    if (e.href) {
      const taught = document.createElement("span");
      taught.className = "bw-term-taught";
      const lesson = document.createElement("a");
      lesson.href = e.href;
      lesson.textContent = e.taught;
      taught.append(`${texts.taught || ""} `, lesson, ".");
      text.append(" ", taught);
    }
    list.append(term, text);
  }
  // a link from a lesson (glossary.ipynb#term-pot) reached the page before the list was drawn
  const wanted = decodeURIComponent(window.location.hash.slice(1));
  const target = wanted && Array.from(list.children).find((node) => node.id === wanted);
  if (target) requestAnimationFrame(() => target.scrollIntoView());
}

export default { render };
