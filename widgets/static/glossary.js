// GlossaryLookup: a search box; Python says which terms match (buraco_core/teach/course/glossary.py), the
// page shows them with their meaning and links: to the full entry below, and to the lesson.

function render({ model, el }) {
  const id = uid("lookup");
  const label = make("label", { htmlFor: id });
  const input = make("input", { type: "search", id, autocomplete: "off", dataset: { testid: "glossary-query" } });
  const message = make("p", { className: "bw-lookup-message", dataset: { testid: "glossary-message" }, role: "status" });
  const list = make("ul", { className: "bw-lookup-results", dataset: { testid: "glossary-results" } });
  el.appendChild(make("div", { className: "bw-lookup", dataset: { testid: "glossary-lookup" } }, label, input, message, list));

  function draw() {
    const texts = model.get("texts") || {};
    label.textContent = texts.lookup || "";
    input.title = texts["lookup-tip"] || "";
    input.placeholder = texts.placeholder || "";
    if (document.activeElement !== input && input.value !== model.get("query")) input.value = model.get("query");
    message.textContent = model.get("message") || "";
    const byId = {};
    for (const e of model.get("entries") || []) byId[e.id] = e;
    list.replaceChildren(...(model.get("results") || []).map((term) => {
      const e = byId[term];
      const li = make("li", { dataset: { term } }, make("a", { href: `#${e.anchor}`, className: "bw-lookup-word" }, e.word),
                      ": " + e.text);
      if (e.names) li.appendChild(make("em", {}, " " + e.names));
      if (e.href) li.append(` ${texts.taught || ""} `, make("a", { href: e.href }, e.taught), ".");
      return li;
    }));
  }

  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { model.set("query", input.value); model.save_changes(); }, 150);
  });
  const off = onChanges(model, { "change:results": draw, "change:message": draw });
  draw();
  return off;
}

export default { render };
