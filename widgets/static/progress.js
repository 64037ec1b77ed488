// Progress: solved puzzles per lesson, kept in the browser's localStorage.
// On render, what the browser remembers is merged into the model (and the union written back);
// every later change of `solved` is merged into storage. Export/Import/Clear ask Python.

function readStore(key) {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return {};
    const data = JSON.parse(raw);
    const solved = data && typeof data === "object" && data.solved ? data.solved : data;
    const out = {};
    for (const [lesson, items] of Object.entries(solved || {})) {
      if (Array.isArray(items)) out[lesson] = items.filter((i) => typeof i === "string");
    }
    return out;
  } catch (e) {
    return {};
  }
}

function writeStore(key, solved) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ format: "buraco-progress/1", solved }));
    return true;
  } catch (e) {
    return false;
  }
}

// The items each visited lesson has, so that the landing page can count them too.
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
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.dataset.testid = testid;
  return b;
}

function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

function render({ model, el }) {
  const key = () => model.get("storage_key");
  const t = (name, values) => fill((model.get("texts") || {})[name], values || {});
  const root = document.createElement("div");
  root.className = "bw-progress";
  root.dataset.testid = "progress";
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", t("title"));

  const title = document.createElement("div");
  title.className = "bw-progress-title";
  title.textContent = t("title");
  const list = document.createElement("ul");
  list.className = "bw-progress-lessons";
  list.dataset.testid = "progress-lessons";

  const tools = document.createElement("div");
  tools.className = "bw-progress-tools";
  const exportBtn = button(t("export"), "progress-export");
  const importBtn = button(t("import"), "progress-import");
  const resetBtn = button(t("clear"), "progress-reset");
  const download = document.createElement("a");
  download.textContent = t("download");
  download.dataset.testid = "progress-download";
  download.download = "buraco-progress.json";
  download.hidden = true;
  tools.append(exportBtn, importBtn, resetBtn, download);

  const textId = `bw-progress-text-${Math.random().toString(36).slice(2)}`;
  const textLabel = document.createElement("label");
  textLabel.className = "bw-progress-label";
  textLabel.htmlFor = textId;
  textLabel.textContent = t("paste");
  const text = document.createElement("textarea");
  text.id = textId;
  text.rows = 3;
  text.dataset.testid = "progress-json";
  const message = document.createElement("div");
  message.className = "bw-progress-message";
  message.dataset.testid = "progress-message";
  message.setAttribute("aria-live", "polite");

  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = t("save");
  details.append(summary, tools, textLabel, text);
  root.append(title, list, message, details);
  el.appendChild(root);

  function show() {
    const solved = model.get("solved") || {};
    const expected = model.get("expected") || {};
    const current = model.get("lesson");
    let lessons = Array.from(new Set([...Object.keys(solved), ...Object.keys(expected)])).sort();
    if (current) lessons = [current, ...lessons.filter((l) => l !== current)];
    list.replaceChildren(...lessons.map((lesson) => {
      const li = document.createElement("li");
      li.dataset.testid = "progress-lesson";
      li.dataset.lesson = lesson;
      if (lesson === current) li.classList.add("bw-current");
      const done = solved[lesson] || [];
      const all = Array.from(new Set([...(expected[lesson] || []), ...done]));
      const head = document.createElement("span");
      head.className = "bw-progress-count";
      head.textContent = t("count", { lesson, done: done.length, total: all.length });
      li.appendChild(head);
      if (all.length) {
        const items = document.createElement("span");
        items.className = "bw-progress-items";
        all.forEach((item, i) => {
          const tag = document.createElement("span");
          const ok = done.includes(item);
          tag.className = ok ? "bw-tag bw-done" : "bw-tag";
          const words = `${i + 1}. ${(model.get("labels") || {})[item] || item}`;
          tag.dataset.item = item;
          tag.textContent = (ok ? "✓ " : "○ ") + words;
          tag.setAttribute("aria-label", t(ok ? "solved" : "open", { item: words }));
          items.appendChild(tag);
        });
        li.appendChild(items);
      }
      return li;
    }));
    if (!lessons.length) {
      const li = document.createElement("li");
      li.textContent = t("nothing");
      list.appendChild(li);
    }
  }

  function persist() {
    const merged = union(readStore(key()), model.get("solved"));
    writeStore(key(), merged);
  }

  const expectedKey = () => key() + ":expected";
  function persistExpected() {
    writeMap(expectedKey(), union(readStore(expectedKey()), model.get("expected")));
  }

  function showExport() {
    const value = model.get("export_text");
    if (value) {
      text.value = value;
      download.href = "data:application/json;charset=utf-8," + encodeURIComponent(value);
      download.hidden = false;
    }
  }

  // Merge what the browser remembers into the kernel's progress: the items of every lesson
  // visited in this browser, and what is solved.
  const knownItems = union(model.get("expected"), readStore(expectedKey()));
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
  const stored = readStore(key());
  const merged = union(model.get("solved"), stored);
  if (!same(merged, model.get("solved"))) {
    model.set("solved", merged);
    model.save_changes();
  }
  writeStore(key(), merged);

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
    }
  }
  const onSolved = () => { persist(); show(); };
  const onMessage = () => { message.textContent = model.get("message"); };
  model.on("change:solved", onSolved);
  const onExpected = () => { persistExpected(); show(); };
  model.on("change:expected", onExpected);
  model.on("change:lesson", show);
  const onLabels = () => { persistLabels(); show(); };
  model.on("change:labels", onLabels);
  model.on("change:message", onMessage);
  model.on("change:export_text", showExport);
  model.on("msg:custom", onMsg);
  show();
  onMessage();
  showExport();
  return () => {
    model.off("change:solved", onSolved);
    model.off("change:expected", onExpected);
    model.off("change:lesson", show);
    model.off("change:labels", onLabels);
    model.off("change:message", onMessage);
    model.off("change:export_text", showExport);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
