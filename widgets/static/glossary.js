// GlossaryLookup: a search box; Python says which terms match (buraco_core/teach/course/glossary.py), the
// page shows them with their meaning and links: to the full entry below, and to the lesson.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-lookup";
  root.dataset.testid = "glossary-lookup";
  const id = `bw-lookup-${Math.random().toString(36).slice(2)}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  const input = document.createElement("input");
  input.type = "search";
  input.id = id;
  input.autocomplete = "off";
  input.dataset.testid = "glossary-query";
  const message = document.createElement("p");
  message.className = "bw-lookup-message";
  message.dataset.testid = "glossary-message";
  message.setAttribute("role", "status");
  const list = document.createElement("ul");
  list.className = "bw-lookup-results";
  list.dataset.testid = "glossary-results";
  root.append(label, input, message, list);
  el.appendChild(root);

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
      const li = document.createElement("li");
      li.dataset.term = term;
      const word = document.createElement("a");
      word.href = `#${e.anchor}`;
      word.className = "bw-lookup-word";
      word.textContent = e.word;
      li.append(word, document.createTextNode(": " + e.text));
      if (e.names) {
        const names = document.createElement("em");
        names.textContent = " " + e.names;
        li.appendChild(names);
      }
      if (e.href) {
        li.appendChild(document.createTextNode(` ${texts.taught || ""} `));
        const lesson = document.createElement("a");
        lesson.href = e.href;
        lesson.textContent = e.taught;
        li.append(lesson, document.createTextNode("."));
      }
      return li;
    }));
  }

  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => { model.set("query", input.value); model.save_changes(); }, 150);
  });
  model.on("change:results", draw);
  model.on("change:message", draw);
  draw();
  return () => {
    model.off("change:results", draw);
    model.off("change:message", draw);
  };
}

export default { render };
