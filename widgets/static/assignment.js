// AssignmentMaker and AssignmentResults (buraco_widgets/assignment.py). The maker: a form (rules or a
// lesson, a ruleset, how many questions, a seed, a puzzle file of the teacher's own) sent to the kernel,
// which makes the assignment's text and its link (from this page's address, which the page sends it,
// and the kernel's environment: a hub's, Binder's, the static site's or a plain server's form), with a
// sentence saying which form and why. The results: per question (its prompt and the cards or options it
// shows), how many learners' first answers went which way, and under it who: right first try, after help,
// wrong, opened but not answered, and the loaded learners who never opened the link.

function field(label, control) {
  return make("div", { className: "bw-class-field" }, make("label", { htmlFor: control.id }, label), control);
}

function renderMaker(model, root, t) {
  const name = make("input", { id: uid("name"), type: "text", maxLength: 60, dataset: { testid: "assign-name" } });
  const rules = make("select", { id: uid("rules"), dataset: { testid: "assign-rules" } },
    ...(model.get("rulesets") || []).map((r) => make("option", { value: r.value }, r.label)));
  const lesson = make("select", { id: uid("lesson"), dataset: { testid: "assign-lesson" } },
    make("option", { value: "" }, t("lesson-none")),
    ...(model.get("lessons") || []).map((l) => make("option", { value: l.value }, l.label)));
  const n = make("input", { id: uid("n"), type: "number", min: 1, max: 30, value: "5", dataset: { testid: "assign-n" } });
  const seed = make("input", { id: uid("seed"), type: "number", min: 0, value: "1", dataset: { testid: "assign-seed" } });
  const file = make("input", { id: uid("file"), type: "file", accept: ".yaml,.yml,text/yaml,text/plain",
                               dataset: { testid: "assign-file" } });
  const boxes = [];
  const groups = (model.get("groups") || []).map((g) => {
    const items = g.clauses.map((c) => {
      const box = make("input", { id: uid("clause"), type: "checkbox", value: c.id,
                                  dataset: { testid: "assign-clause", clause: c.id } });
      box.rulesets = c.rulesets;
      boxes.push(box);
      return make("li", {}, box, make("label", { htmlFor: box.id }, c.title));
    });
    return make("details", { className: "bw-assign-group" }, make("summary", {}, g.title),
                make("ul", { className: "bw-assign-clauses" }, ...items));
  });
  const clauses = make("fieldset", { className: "bw-assign-fieldset" }, make("legend", {}, t("clauses")), ...groups);
  const go = make("button", { type: "button", className: "bw-class-primary", title: t("make-tip"),
                              dataset: { testid: "assign-make" } }, t("make"));
  const message = make("p", { className: "bw-class-summary", role: "status", "aria-live": "polite",
                              dataset: { testid: "assign-message" } });
  const link = make("input", { id: uid("link"), type: "text", readOnly: true, dataset: { testid: "assign-link" } });
  const text = make("input", { id: uid("text"), type: "text", readOnly: true, dataset: { testid: "assign-text" } });
  const copy = make("button", { type: "button", dataset: { testid: "assign-copy" } }, t("copy"));
  const note = make("p", { className: "bw-assign-note", dataset: { testid: "assign-link-note" } });
  const warning = make("p", { className: "bw-assign-warning", role: "alert", hidden: true,
                              dataset: { testid: "assign-link-warning" } });
  const out = make("div", { className: "bw-assign-out", hidden: true }, field(t("link"), link), copy, warning, note,
                   field(t("text"), text));
  root.append(field(t("name"), name), field(t("rules"), rules), field(t("lesson"), lesson),
              clauses, field(t("n"), n), field(t("seed"), seed), field(t("file"), file), go, message, out);

  function allowed() {
    const chosenLesson = Boolean(lesson.value);
    for (const box of boxes) {
      box.disabled = chosenLesson || !box.rulesets.includes(rules.value);
      if (box.disabled) box.checked = false;
    }
  }
  rules.addEventListener("change", allowed);
  lesson.addEventListener("change", allowed);
  allowed();

  go.addEventListener("click", () => {
    const form = { type: "make", name: name.value, rules: rules.value, lesson: lesson.value, n: n.value, seed: seed.value,
                   clauses: boxes.filter((b) => b.checked).map((b) => b.value), file: null };
    const chosen = file.files && file.files[0];
    if (!chosen) {
      model.send(form);
      return;
    }
    const reader = new FileReader();
    reader.addEventListener("load", () => model.send({ ...form, file: { name: chosen.name, text: String(reader.result || "") } }));
    reader.readAsText(chosen);
  });
  // "copied" only once the browser says it copied; where it refuses or has no clipboard (a page over
  // plain http is not a secure context), the link stays selected and the page says to copy it by hand
  copy.addEventListener("click", () => {
    link.focus();
    link.select();
    const said = (key) => {
      message.textContent = t(key);
      message.dataset.status = key === "copied" ? "done" : "info";
      if (key !== "copied") link.select();
    };
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(link.value).then(() => said("copied"), () => said("copy-failed"));
      } else {
        said("copy-failed");
      }
    } catch (e) {
      said("copy-failed");
    }
  });

  function show() {
    message.textContent = model.get("message") || "";
    message.dataset.status = model.get("status") || "info";
    const value = model.get("text");
    out.hidden = !value;
    text.value = value || "";
    link.value = model.get("link") || "";
    note.textContent = model.get("link_note") || "";
    warning.textContent = model.get("link_warning") || "";
    warning.hidden = !warning.textContent;
  }
  const names = ["text", "message", "status", "link", "link_note", "link_warning"];
  names.forEach((k) => model.on(`change:${k}`, show));
  show();
  // the kernel makes the link from this page's address as the browser has it (a hub's, Binder's, ...)
  sendWhileHere(model, { type: "page", url: window.location.href });
  return () => names.forEach((k) => model.off(`change:${k}`, show));
}

function renderResults(model, root, t) {
  const columns = ["first", "helped", "wrong", "open", "unopened"];
  // who answered how: one line per group that has anybody, under the question's row
  function who(q) {
    const names = q.names || {};
    const items = columns.filter((c) => (names[c] || []).length).map((c) =>
      make("li", { dataset: { testid: "assign-who", column: c } }, make("span", { className: "bw-assign-who-label" },
                                                                        `${t(c)}: `), names[c].join(", ")));
    return make("tr", { className: "bw-assign-who-row", dataset: { testid: "assign-question-who", number: String(q.number) } },
      make("td", { colSpan: columns.length + 2 }, make("ul", { className: "bw-assign-who", "aria-label": t("who") },
                                                       ...items)));
  }
  function draw() {
    const sets = (model.get("data") || {}).sets || [];
    if (!sets.length) {
      root.replaceChildren(make("p", { dataset: { testid: "assign-results-none" } }, t("none")));
      return;
    }
    root.replaceChildren(...sets.map((s) => {
      const head = make("tr", {}, make("th", { scope: "col" }, t("question")),
        ...columns.map((c) => make("th", { scope: "col", className: "bw-num" }, t(c))),
        make("th", { scope: "col" }, t("mistakes")));
      const rows = s.questions.flatMap((q) => [make("tr", { dataset: { testid: "assign-question",
                                                                        number: String(q.number), puzzle: q.puzzle } },
        make("th", { scope: "row" }, `${q.number}. `, q.prompt, q.rule ? make("span", { className: "bw-class-user" },
                                                                             ` (${q.rule})`) : null,
             q.cards ? make("span", { className: "bw-assign-cards", dataset: { testid: "assign-cards" } }, q.cards) : null),
        ...columns.map((c) => make("td", { dataset: { column: c } }, String(q[c] ?? 0))),
        make("td", {}, q.mistakes.join("; "))), who(q)]);
      const table = make("table", { className: "bw-class-table" }, make("thead", {}, head), make("tbody", {}, ...rows));
      return make("section", { className: "bw-assign-set", dataset: { testid: "assign-set", set: s.id } },
        make("h4", {}, s.title),
        make("div", { className: "bw-class-scroll", tabIndex: 0, role: "group", "aria-label": s.title }, table));
    }));
  }
  model.on("change:data", draw);
  draw();
  return () => model.off("change:data", draw);
}

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const maker = model.get("mode") === "maker";
  const root = make("div", { className: "bw-class bw-assign", role: "region", "aria-label": t("title"),
                             dataset: { testid: maker ? "assign-maker" : "assign-results" } });
  el.appendChild(root);
  return (maker ? renderMaker : renderResults)(model, root, t);
}

export default { render };
