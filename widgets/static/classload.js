// ClassLoader: the teacher chooses hand-in files (many at once) and/or pastes codes, or reads the class
// folder of a hub; the files' text goes to the kernel, which reads them (buraco_core/teach/learners/classroom.py)
// and says what loaded and what did not. The page also tells the kernel its clock (the teacher's day).
// The page keeps what the kernel says to keep (the loaded class) in localStorage, and sends it back when
// the page is opened again (a reload, Back after a lesson link); "" from the kernel forgets it.

function readFile(file) {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => resolve({ name: file.name, text: String(reader.result || "") }));
    reader.addEventListener("error", () => resolve({ name: file.name, failed: true }));
    reader.readAsText(file);
  });
}

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const filesId = uid("files");
  const files = make("input", { id: filesId, type: "file", multiple: true, accept: ".json,application/json,text/plain",
                                dataset: { testid: "class-files" } });
  const codesId = uid("codes");
  const codes = make("textarea", { id: codesId, rows: 3, spellcheck: false, dataset: { testid: "class-codes" } });
  const load = make("button", { type: "button", className: "bw-class-primary", title: t("load-tip"),
                                dataset: { testid: "class-load" } }, t("load"));
  const folder = make("button", { type: "button", dataset: { testid: "class-folder" } });
  const clear = make("button", { type: "button", title: t("clear-tip"), dataset: { testid: "class-clear" } }, t("clear"));
  const summary = make("p", { className: "bw-class-summary", role: "status", "aria-live": "polite",
                              dataset: { testid: "class-summary" } });
  const note = make("p", { className: "bw-class-kept", dataset: { testid: "class-kept" } });
  const warnings = make("ul", { className: "bw-class-warnings", role: "status", dataset: { testid: "class-warnings" } });
  const problemsTitle = make("p", { className: "bw-class-problems-title" }, t("problems"));
  const problems = make("ul", { className: "bw-class-problems", dataset: { testid: "class-problems" } });
  const problemBox = make("div", { className: "bw-class-problem-box" }, problemsTitle, problems);
  const root = make("div", { className: "bw-class bw-class-loader", role: "region", "aria-label": t("title"),
                             dataset: { testid: "class-loader" } },
    make("div", { className: "bw-class-field" }, make("label", { htmlFor: filesId }, t("files-label")), files),
    make("div", { className: "bw-class-field" }, make("label", { htmlFor: codesId }, t("codes-label")), codes),
    make("div", { className: "bw-class-tools" }, load, folder, clear), summary, warnings, note, problemBox);
  el.appendChild(root);

  function show() {
    folder.textContent = model.get("folder") || "";
    folder.hidden = !model.get("folder");
    summary.textContent = model.get("summary") || "";
    if (!keepFailed) note.textContent = model.get("note") || "";
    note.hidden = !note.textContent;
    const list = model.get("problems") || [];
    problems.replaceChildren(...list.map((p) => make("li", { dataset: { testid: "class-problem" } }, p)));
    problemBox.hidden = !list.length;
    const warned = model.get("warnings") || [];
    warnings.replaceChildren(...warned.map((w) => make("li", { dataset: { testid: "class-warning" } }, w)));
    warnings.hidden = !warned.length;
  }

  load.addEventListener("click", async () => {
    const chosen = await Promise.all(Array.from(files.files || []).map(readFile));
    model.send({ type: "load", files: chosen.filter((f) => !f.failed),
                 unreadable: chosen.filter((f) => f.failed).map((f) => f.name), codes: codes.value });
    files.value = "";
    codes.value = "";
  });
  folder.addEventListener("click", () => model.send({ type: "folder" }));
  clear.addEventListener("click", () => model.send({ type: "clear" }));
  model.send({ type: "clock", now: Date.now(), offset: new Date().getTimezoneOffset() });

  let keepFailed = false;
  function keep() {
    keepFailed = !keepInBrowser(model.get("kept_key"), model.get("kept") || "");
    if (keepFailed) note.textContent = t("keep-failed");
    show();
  }
  const stored = keptInBrowser(model.get("kept_key"));
  if (stored) model.send({ type: "restore", kept: stored });

  const names = ["folder", "summary", "problems", "warnings", "note"];
  const off = onChanges(model, { ...Object.fromEntries(names.map((n) => [`change:${n}`, show])), "change:kept": keep });
  show();
  return off;
}

export default { render };
