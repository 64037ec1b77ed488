// Progress: the learner's record (solved puzzles per lesson, every answer, the settings, the assignments
// opened), kept in the browser's localStorage under one key as {format: "buraco-progress/3", solved,
// answers, settings, assignments}.
// On render the page sends Python what the browser remembers (as text: Python reads every format,
// buraco_core/teach/learners/record.py) and its clock; every later change is merged into storage: solved ids
// and answers are united (answers by id), the newer setting wins, so two open lessons lose nothing.
// Export/Import/Clear ask Python.

const FORMAT = "buraco-progress/3";

// What storage holds, as fields (an older record has no answers or settings yet: Python migrates
// it; here they are simply empty).
function readStore(key) {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return { solved: {}, answers: [], settings: {}, assignments: {} };
    const data = JSON.parse(raw) || {};
    const solved = {};
    for (const [lesson, items] of Object.entries(data.solved || {})) {
      if (Array.isArray(items)) solved[lesson] = items.filter((i) => typeof i === "string");
    }
    const answers = Array.isArray(data.answers) ? data.answers.filter((a) => a && typeof a === "object") : [];
    const settings = data.settings && typeof data.settings === "object" ? data.settings : {};
    const assignments = {};
    for (const [id, text] of Object.entries(data.assignments || {})) {
      if (typeof text === "string") assignments[id] = text;
    }
    return { solved, answers, settings, assignments };
  } catch (e) {
    return { solved: {}, answers: [], settings: {}, assignments: {} };
  }
}

function writeStore(key, record) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ format: FORMAT, ...record }));
    return true;
  } catch (e) {
    return false;
  }
}

// Keep what cannot be read aside instead of writing over it.
function keepUnreadable(key) {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return;
    try { JSON.parse(raw); } catch (e) { window.localStorage.setItem(key + ":unreadable", raw); }
  } catch (e) { /* storage unavailable */ }
}

function withAnswers(answers, more) {
  const seen = new Set(answers.map((a) => a.id));
  const out = answers.slice();
  for (const a of more || []) if (!a.id || !seen.has(a.id)) { out.push(a); seen.add(a.id); }
  return out;
}

function newerSettings(a, b) {
  const out = Object.assign({}, a || {});
  for (const [name, value] of Object.entries(b || {})) {
    const mine = out[name];
    const at = (v) => (v && typeof v === "object" && typeof v.at === "number" ? v.at : 0);
    if (!mine || at(value) >= at(mine)) out[name] = value;
  }
  return out;
}

// The items each visited lesson has, so that the landing page can count them too.
function readMap(key) {
  try {
    const data = JSON.parse(window.localStorage.getItem(key) || "{}") || {};
    const out = {};
    for (const [lesson, items] of Object.entries(data)) if (Array.isArray(items)) out[lesson] = items;
    return out;
  } catch (e) {
    return {};
  }
}

function writeMap(key, map) {
  try {
    window.localStorage.setItem(key, JSON.stringify(map));
  } catch (e) {
    /* storage unavailable */
  }
}

function union(a, b) {
  const out = {};
  for (const src of [a, b]) {
    for (const [lesson, items] of Object.entries(src || {})) {
      const have = out[lesson] || (out[lesson] = []);
      for (const i of items) if (!have.includes(i)) have.push(i);
    }
  }
  return out;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function button(text, testid) {
  return make("button", { type: "button", dataset: { testid } }, text);
}

// Resolves when the page's widget manager has made every model it knows (whatever goes wrong: at once).
async function everyModelMade(model) {
  const manager = model.widget_manager;
  if (!manager || typeof manager.get_state !== "function") return;
  try {
    await manager.get_state({ drop_defaults: true });
  } catch (e) {
    /* a model that failed to load: tell Python anyway */
  }
}

function render({ model, el }) {
  const key = () => model.get("storage_key");
  const t = textsOf(model);
  const title = make("div", { className: "bw-progress-title" }, t("title"));
  const list = make("ul", { className: "bw-progress-lessons", dataset: { testid: "progress-lessons" } });
  const exportBtn = button(t("export"), "progress-export");
  const importBtn = button(t("import"), "progress-import");
  const resetBtn = button(t("clear"), "progress-reset");
  const download = make("a", { dataset: { testid: "progress-download" }, download: "buraco-progress.json", hidden: true },
                        t("download"));
  const tools = make("div", { className: "bw-progress-tools" }, exportBtn, importBtn, resetBtn, download);
  const textId = uid("progress-text");
  const textLabel = make("label", { className: "bw-progress-label", htmlFor: textId }, t("paste"));
  const text = make("textarea", { id: textId, rows: 3, dataset: { testid: "progress-json" } });
  const message = make("div", { className: "bw-progress-message", dataset: { testid: "progress-message" },
                                "aria-live": "polite" });
  const details = make("details", {}, make("summary", {}, t("save")), tools, textLabel, text);
  const root = make("div", { className: "bw-progress", dataset: { testid: "progress" }, role: "region",
                             "aria-label": t("title") }, title, list, message, details);
  el.appendChild(root);

  const opened = new Set();   // the folded lessons the learner opened (kept when the list is drawn again)
  function show() {
    const solved = model.get("solved") || {};
    const expected = model.get("expected") || {};
    const current = model.get("lesson");
    let lessons = Array.from(new Set([...Object.keys(solved), ...Object.keys(expected)])).sort();
    if (current) lessons = [current, ...lessons.filter((l) => l !== current)];
    list.replaceChildren(...lessons.map((lesson) => {
      const li = make("li", { dataset: { testid: "progress-lesson", lesson } });
      if (lesson === current) li.classList.add("bw-current");
      const done = solved[lesson] || [];
      const all = Array.from(new Set([...(expected[lesson] || []), ...done]));
      // the current lesson in full; another lesson's items folded under its count (opened on demand)
      const folded = lesson !== current && all.length > 0;
      const head = make(folded ? "summary" : "span", { className: "bw-progress-count" },
                        t("count", { lesson, done: done.length, total: all.length }));
      let box = li;
      if (folded) {
        box = make("details", { className: "bw-progress-fold", open: opened.has(lesson) });
        box.addEventListener("toggle", () => { if (box.open) opened.add(lesson); else opened.delete(lesson); });
        li.appendChild(box);
      }
      box.appendChild(head);
      if (all.length) {
        box.appendChild(make("span", { className: "bw-progress-items" }, ...all.map((item, i) => {
          const ok = done.includes(item);
          const words = `${i + 1}. ${(model.get("labels") || {})[item] || item}`;
          return make("span", { className: ok ? "bw-tag bw-done" : "bw-tag", dataset: { item },
                                "aria-label": t(ok ? "solved" : "open", { item: words }) }, (ok ? "✓ " : "○ ") + words);
        })));
      }
      return li;
    }));
    if (!lessons.length) {
      list.appendChild(make("li", {}, t("nothing")));
    }
  }

  // Merge into storage: what the model holds now, with what another page may have written.
  function persist(extra) {
    const stored = readStore(key());
    writeStore(key(), {
      solved: union(stored.solved, model.get("solved")),
      answers: withAnswers(stored.answers, extra),
      settings: newerSettings(stored.settings, model.get("settings")),
      assignments: Object.assign({}, stored.assignments, model.get("assignments") || {}),
    });
  }

  const expectedKey = () => key() + ":expected";
  function persistExpected() {
    writeMap(expectedKey(), union(readMap(expectedKey()), model.get("expected")));
  }

  function showExport() {
    const value = model.get("export_text");
    if (value) {
      text.value = value;
      download.href = "data:application/json;charset=utf-8," + encodeURIComponent(value);
      download.hidden = false;
    }
  }

  // The items of every lesson visited in this browser, so that the landing page counts them.
  const knownItems = union(model.get("expected"), readMap(expectedKey()));
  if (!same(knownItems, model.get("expected"))) {
    model.set("expected", knownItems);
    model.save_changes();
  }
  persistExpected();
  // the words of each item's chip, so another lesson's page (the landing page) shows them too
  const labelsKey = () => key() + ":labels";
  function readLabels() {
    try { return JSON.parse(window.localStorage.getItem(labelsKey()) || "{}") || {}; } catch (e) { return {}; }
  }
  const knownLabels = Object.assign({}, readLabels(), model.get("labels") || {});
  if (!same(knownLabels, model.get("labels") || {})) {
    model.set("labels", knownLabels);
    model.save_changes();
  }
  const persistLabels = () => writeMap(labelsKey(), Object.assign({}, readLabels(), model.get("labels") || {}));
  persistLabels();
  // What the browser remembers, and its clock, go to Python (which reads every format of the record),
  // once the page has made every widget model it knows: Python's answer changes other widgets (the
  // map, the review, each quiz that follows the course's ruleset), and a change sent to a model the
  // page is still making is lost (the review stayed "Reading your progress" above its questions).
  // The widget manager's get_state waits for all of its models.
  keepUnreadable(key());
  everyModelMade(model).then(() => {
    let raw = "";
    try { raw = window.localStorage.getItem(key()) || ""; } catch (e) { raw = ""; }
    sendWhileHere(model, { type: "restore", text: raw, now: Date.now(), offset: new Date().getTimezoneOffset() });
  });

  // Another page of this browser (a lesson open in another tab) recorded answers: Python merges them
  // in, so this page's map and review know them without a reload.
  function onStorage(event) {
    if (event.storageArea !== window.localStorage || event.key !== key() || !event.newValue) return;
    sendWhileHere(model, { type: "restore", text: event.newValue, now: Date.now(), offset: new Date().getTimezoneOffset() });
  }
  window.addEventListener("storage", onStorage);

  let armed = false;
  exportBtn.addEventListener("click", () => model.send({ type: "export" }));
  importBtn.addEventListener("click", () => model.send({ type: "import", text: text.value }));
  resetBtn.addEventListener("click", () => {
    if (!armed) {
      armed = true;
      resetBtn.textContent = t("clear-again");
      return;
    }
    armed = false;
    resetBtn.textContent = t("clear");
    model.send({ type: "reset" });
  });
  function onMsg(msg) {
    if (msg && msg.type === "forget") {
      try { window.localStorage.removeItem(key()); } catch (e) { /* storage unavailable */ }
    } else if (msg && msg.type === "answers") {
      persist(msg.answers);
    }
  }
  const onSettings = () => persist();
  const onMessage = () => { message.textContent = model.get("message"); };
  const off = onChanges(model, {
    "change:assignments": onSettings, "change:solved": () => { persist(); show(); }, "change:settings": onSettings,
    "change:expected": () => { persistExpected(); show(); }, "change:lesson": show,
    "change:labels": () => { persistLabels(); show(); }, "change:message": onMessage,
    "change:export_text": showExport, "msg:custom": onMsg });
  show();
  onMessage();
  showExport();
  return () => {
    window.removeEventListener("storage", onStorage);
    off();
  };
}

export default { render };
