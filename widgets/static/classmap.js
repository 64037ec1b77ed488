// ClassMap and ClassMistakes (buraco_widgets/class_map.py). The map: the lessons' groups, each clause a
// button with how many learners are at each level (a mark and a number per level); a click opens the
// clause's learners and mistakes below its group, with the link to the lesson section. The mistakes:
// the named mistakes the class makes most, each with its puzzle, the wrong answer and the feedback.
// Lesson links open in a new tab: the teacher's page, with its loaded class, stays where it is.

function lessonLink(href, text) {
  return make("a", { href, target: "_blank", rel: "noopener", dataset: { testid: "class-lesson-link" } }, text);
}

function mistakeBlock(m, t) {
  return make("li", { className: "bw-class-mistake", dataset: { testid: "class-mistake", puzzle: m.puzzle } },
    m.prompt ? make("p", { className: "bw-class-mistake-prompt" }, m.prompt) : null,
    make("p", {}, make("strong", {}, t("answer") + " "), m.answer),
    m.feedback ? make("p", {}, make("strong", {}, t("feedback") + " "), m.feedback) : null,
    make("p", { className: "bw-class-mistake-who", dataset: { testid: "class-mistake-who", n: String(m.learners) } },
         m.who),
    m.href ? make("p", {}, t("rule") + " ", lessonLink(m.href, `${m.rule} (${m.link})`)) : null);
}

let counter = 0;

function renderMap(model, root, t) {
  let open = "";

  function counts(row, legend) {
    return make("span", { className: "bw-class-counts", "aria-hidden": "true" },
      ...legend.filter((l) => l.level !== "elsewhere" || row.counts.elsewhere)
        .map((l) => make("span", { className: `bw-class-count bw-lvl-${l.level}`, dataset: { level: l.level } },
                         `${l.mark} ${row.counts[l.level]}`)));
  }

  function detail(row, id) {
    const close = make("button", { type: "button", className: "bw-class-close" }, t("close"));
    close.addEventListener("click", () => { open = ""; draw(row.id); });
    return make("div", { id, className: "bw-class-detail", dataset: { testid: "class-detail", clause: row.id } },
      make("p", { className: "bw-class-detail-title" }, row.title),
      row.href ? make("p", {}, t("taught") + " ", lessonLink(row.href, row.link)) : null,
      make("p", { className: "bw-class-sub" }, t("learners")),
      row.learners.length
        ? make("ul", { className: "bw-class-levels" }, ...row.learners.map((l) =>
          make("li", { dataset: { level: l.level } }, make("strong", {}, l.words + ": "), l.names.join(", "))))
        : make("p", {}, t("nobody")),
      make("p", { className: "bw-class-sub" }, t("mistakes")),
      row.mistakes.length
        ? make("ul", { className: "bw-class-mistakes" }, ...row.mistakes.map((m) => mistakeBlock(m, t)))
        : make("p", {}, t("no-mistakes")),
      close);
  }

  function draw(focus) {
    const data = model.get("data") || {};
    const legendData = data.legend || [];
    const legend = make("ul", { className: "bw-class-legend" }, ...legendData.map((l) =>
      make("li", { className: `bw-class-count bw-lvl-${l.level}` }, `${l.mark} ${l.words}`)));
    const groups = make("div", { className: "bw-class-groups" });
    for (const g of data.groups || []) {
      const list = make("ul", { className: "bw-class-rules" });
      const section = make("section", { className: "bw-class-group", dataset: { group: g.key } },
        make("h4", { className: "bw-class-group-title" }, g.href ? lessonLink(g.href, g.title) : g.title),
        list);
      for (const row of g.rows) {
        const id = `bw-class-detail-${++counter}`;
        const numbers = Object.fromEntries(Object.entries(row.counts).map(([k, v]) => [k, String(v)]));
        const button = make("button", { type: "button", className: "bw-class-rule", "aria-label": row.label,
                                        "aria-expanded": String(open === row.id),
                                        dataset: { testid: "class-rule", clause: row.id, ...numbers } },
          make("span", { className: "bw-class-rule-title" }, row.title), counts(row, legendData));
        if (open === row.id) button.setAttribute("aria-controls", id);
        button.addEventListener("click", () => { open = open === row.id ? "" : row.id; draw(row.id); });
        list.append(make("li", {}, button));
        if (open === row.id) section.append(detail(row, id));
      }
      groups.append(section);
    }
    root.replaceChildren(legend, groups);
    if (focus) {
      const again = root.querySelector(`button[data-clause="${focus}"]`);
      if (again) again.focus();
    }
  }

  const onData = () => draw("");
  model.on("change:data", onData);
  draw("");
  return () => model.off("change:data", onData);
}

function renderMistakes(model, root, t) {
  function draw() {
    const rows = (model.get("data") || {}).rows || [];
    root.replaceChildren(rows.length
      ? make("ol", { className: "bw-class-mistakes", dataset: { testid: "class-mistakes" } },
             ...rows.map((m) => mistakeBlock(m, t)))
      : make("p", { dataset: { testid: "class-mistakes-none" } }, t("none")));
  }
  model.on("change:data", draw);
  draw();
  return () => model.off("change:data", draw);
}

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const mistakes = model.get("mode") === "mistakes";
  const root = make("div", { className: `bw-class ${mistakes ? "bw-class-top" : "bw-class-map"}`, role: "region",
                             "aria-label": t("title"), dataset: { testid: mistakes ? "class-top" : "class-map" } });
  el.appendChild(root);
  return (mistakes ? renderMistakes : renderMap)(model, root, t);
}

export default { render };
