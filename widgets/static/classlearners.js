// ClassLearners (buraco_widgets/class_learners.py): the learners' table, sorted by a click on a column's
// header (again: the other way round). The rows and their figures come from the kernel.

const NUMBERS = new Set(["lessons", "mastered", "learning", "weak", "due", "last", "behind"]);
const TEXTS = new Set(["last", "behind"]); // sorted as numbers, shown as words

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const root = make("div", { className: "bw-class bw-class-learners", role: "region", "aria-label": t("title"),
                             dataset: { testid: "class-learners" } });
  el.appendChild(root);
  let by = "name";
  let up = true;

  function key(row, column) {
    if (column === "last") return row.last_at;
    if (column === "behind") return row.behind ? 1 : 0;
    return row[column];
  }

  function draw(focus) {
    const data = model.get("data") || {};
    const columns = data.columns || [];
    if (!(data.rows || []).length) {   // no class loaded yet: a sentence, not an empty table
      root.replaceChildren(make("p", { dataset: { testid: "class-learners-none" } }, t("none")));
      return;
    }
    const rows = (data.rows || []).slice().sort((a, b) => {
      const x = key(a, by);
      const y = key(b, by);
      const order = NUMBERS.has(by) ? x - y : String(x).localeCompare(String(y));
      return (up ? order : -order) || String(a.name).localeCompare(String(b.name));
    });
    const noteId = uid("behind-note");
    const head = make("tr", {}, ...columns.map((c) => {
      const sort = make("button", { type: "button", className: "bw-class-sort", title: t("sort"),
                                    ...(c === "behind" ? { "aria-describedby": noteId } : {}),
                                    dataset: { testid: "class-sort", column: c } }, t(c));
      sort.addEventListener("click", () => {
        up = by === c ? !up : !NUMBERS.has(c);
        by = c;
        draw(c);
      });
      return make("th", { scope: "col", className: NUMBERS.has(c) && !TEXTS.has(c) ? "bw-num" : "",
                          "aria-sort": by === c ? (up ? "ascending" : "descending") : "none" }, sort);
    }));
    const body = rows.map((row) => make("tr", { className: row.behind ? "bw-behind" : "",
                                                dataset: { testid: "class-learner", name: row.name } },
      ...columns.map((c) => {
        if (c === "name") {
          return make("th", { scope: "row", dataset: { column: c } }, row.name,
                      row.user ? make("span", { className: "bw-class-user" }, ` (${row.user})`) : null);
        }
        if (c === "behind") return make("td", { dataset: { column: c } }, row.behind ? t("behind-yes") : t("behind-no"));
        if (c === "lessons") {
          return make("td", { dataset: { column: c, value: String(row.lessons) }, title: row.lessons_list },
                      String(row.lessons));
        }
        return make("td", { dataset: { column: c } }, String(row[c]));
      })));
    const table = make("table", { className: "bw-class-table" }, make("thead", {}, head), make("tbody", {}, ...body));
    const scroller = make("div", { className: "bw-class-scroll", tabIndex: 0, role: "group", "aria-label": t("title") },
                          table);
    // what "behind" means, under the table: the column's heading points to it
    const note = make("p", { id: noteId, className: "bw-class-note", dataset: { testid: "class-behind-note" } },
                      data.behind_note || "");
    root.replaceChildren(make("p", { dataset: { testid: "class-learners-summary" } }, data.summary || ""), scroller, note);
    if (focus) {
      const again = root.querySelector(`button[data-column="${focus}"]`);
      if (again) again.focus();
    }
  }

  const onData = () => draw("");
  model.on("change:data", onData);
  draw("");
  return () => model.off("change:data", onData);
}

export default { render };
