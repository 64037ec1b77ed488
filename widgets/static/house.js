// HouseRules: a control for every Rules field (built from the kernel's `fields`), the meaning of
// each value, the engine's reasons beside the fields a contradiction names, and the variant kept
// in localStorage, shared as text and as a link (#variant=... in the page's address), loaded back.
// The page decides nothing: every change is sent to the kernel, which asks the engine.

function readHash() {
  const m = /(?:^#|&)variant=([^&]*)/.exec(window.location.hash || "");
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch (e) {
    return m[1];
  }
}

function render({ model, el }) {
  const t = (name, values) => fill((model.get("texts") || {})[name], values || {});
  const send = (content) => sendWhileHere(model, content);
  const root = make("div", { className: "bw-house", dataset: { testid: "house" }, role: "region",
                             "aria-label": t("title") });
  const title = make("div", { className: "bw-house-title" }, t("title"));
  const intro = make("p", { className: "bw-house-intro" }, t("intro"));

  // -- the preset, the players, the name --------------------------------------------------------
  const presetId = uid("preset");
  const preset = make("select", { id: presetId, dataset: { testid: "house-preset" } });
  for (const p of model.get("presets") || []) preset.append(make("option", { value: p.value }, p.label));
  preset.addEventListener("change", () => send({ preset: preset.value }));
  const playersId = uid("players");
  const players = make("select", { id: playersId, dataset: { testid: "house-players" } });
  players.addEventListener("change", () => send({ players: Number(players.value) }));
  const nameId = uid("name");
  const name = make("input", { id: nameId, type: "text", maxLength: 60, placeholder: t("name-placeholder"),
                               dataset: { testid: "house-name" } });
  name.addEventListener("change", () => send({ name: name.value }));
  const top = make("div", { className: "bw-house-top" },
    make("div", { className: "bw-house-pair" }, make("label", { htmlFor: presetId }, t("preset-label")), preset),
    make("div", { className: "bw-house-pair" }, make("label", { htmlFor: playersId }, t("players")), players),
    make("div", { className: "bw-house-pair" }, make("label", { htmlFor: nameId }, t("name")), name));

  const summary = make("p", { className: "bw-house-summary", dataset: { testid: "house-summary" } });
  const problems = make("div", { className: "bw-house-problems", dataset: { testid: "house-problems" },
                                 role: "alert" });

  // -- one control per field, in groups ----------------------------------------------------------
  const rows = new Map(); // field name -> {row, set(value), meaning, reason, inputs}
  const groups = new Map();
  const groupsBox = make("div", { className: "bw-house-groups" });
  for (const f of model.get("fields") || []) {
    if (!groups.has(f.group)) {
      const details = make("details", { className: "bw-house-group", dataset: { testid: "house-group" } },
                           make("summary", {}, f.group));
      groups.set(f.group, details);
      groupsBox.append(details);
    }
    const id = uid(f.name);
    const meaningId = `${id}-meaning`;
    const reasonId = `${id}-reason`;
    const meaning = make("div", { id: meaningId, className: "bw-house-meaning", dataset: { testid: "house-meaning" } });
    const reason = make("div", { id: reasonId, className: "bw-house-reason", dataset: { testid: "house-reason" },
                                 hidden: true });
    const described = `${meaningId} ${reasonId}`;
    const row = make("div", { className: "bw-house-field", dataset: { testid: "house-field", field: f.name,
                                                                     kind: f.kind } });
    let inputs = [];
    let set;
    if (f.kind === "switch") {
      const box = make("input", { id, type: "checkbox", "aria-describedby": described });
      box.addEventListener("change", () => send({ edit: f.name, value: box.checked ? "yes" : "no" }));
      row.append(make("div", { className: "bw-house-switch" }, box, make("label", { htmlFor: id }, f.label)));
      inputs = [box];
      set = (v) => { box.checked = v === "yes"; };
    } else if (f.kind === "number" || f.kind === "optional-number") {
      const input = make("input", { id, type: "number", min: f.low, max: f.high, step: f.step, inputMode: "numeric",
                                    "aria-describedby": described });
      if (f.kind === "optional-number") input.placeholder = t("none");
      input.addEventListener("change", () => {
        const v = input.value.trim();
        send({ edit: f.name, value: v === "" && f.kind === "optional-number" ? "none" : v });
      });
      row.append(make("label", { htmlFor: id }, f.label), input);
      inputs = [input];
      set = (v) => { input.value = v === "none" ? "" : v; };
    } else if (f.kind === "choice") {
      const select = make("select", { id, "aria-describedby": described });
      for (const o of f.options || []) select.append(make("option", { value: o.value }, o.label));
      select.addEventListener("change", () => send({ edit: f.name, value: select.value }));
      row.append(make("label", { htmlFor: id }, f.label), select);
      inputs = [select];
      set = (v) => { select.value = v; };
    } else {
      // numbers (card points, the target range) or counts (the numbers of players)
      const box = make("fieldset", { className: "bw-house-parts", "aria-describedby": described },
                       make("legend", {}, f.label));
      if (f.kind === "counts") {
        inputs = (f.options || []).map((o) => {
          const cid = `${id}-${o.value}`;
          const c = make("input", { id: cid, type: "checkbox", value: o.value });
          box.append(make("span", { className: "bw-house-part" }, c, make("label", { htmlFor: cid }, o.label)));
          return c;
        });
        const changed = () => send({ edit: f.name, value: inputs.filter((c) => c.checked).map((c) => c.value).join(",") });
        inputs.forEach((c) => c.addEventListener("change", changed));
        set = (v) => { const on = String(v).split(","); inputs.forEach((c) => { c.checked = on.includes(c.value); }); };
      } else {
        inputs = (f.parts || []).map((part, i) => {
          const pid = `${id}-${i}`;
          const n = make("input", { id: pid, type: "number", min: f.low, max: f.high, step: f.step,
                                    inputMode: "numeric" });
          box.append(make("span", { className: "bw-house-part" }, make("label", { htmlFor: pid }, part), n));
          return n;
        });
        const changed = () => send({ edit: f.name, value: inputs.map((n) => n.value.trim()).join(",") });
        inputs.forEach((n) => n.addEventListener("change", changed));
        set = (v) => { const parts = String(v).split(","); inputs.forEach((n, i) => { n.value = parts[i] || ""; }); };
      }
      row.append(box);
    }
    row.append(meaning, reason);
    groups.get(f.group).append(row);
    rows.set(f.name, { row, set, meaning, reason, inputs, group: groups.get(f.group) });
  }

  // -- the house rules in force, share and load --------------------------------------------------
  const changedTitle = make("div", { className: "bw-house-changed-title" }, t("changed"));
  const changedList = make("ul", { className: "bw-house-changed", dataset: { testid: "house-changed" } });
  const resetBtn = make("button", { type: "button", title: t("reset-tip"), dataset: { testid: "house-reset" } },
                        t("reset"));
  const shareBtn = make("button", { type: "button", title: t("share-tip"), dataset: { testid: "house-share" } },
                        t("share"));
  const loadBtn = make("button", { type: "button", title: t("load-tip"), dataset: { testid: "house-load" } },
                       t("load"));
  const textId = uid("text");
  const text = make("textarea", { id: textId, rows: 2, spellcheck: false, dataset: { testid: "house-text" } });
  const linkId = uid("link");
  const link = make("input", { id: linkId, type: "text", readOnly: true, dataset: { testid: "house-link" } });
  const linkBox = make("div", { className: "bw-house-linkbox", hidden: true },
                       make("label", { htmlFor: linkId }, t("share-link")), link);
  const textLabel = make("label", { htmlFor: textId }, t("share-text"));
  const message = make("div", { className: "bw-house-message", dataset: { testid: "house-message" },
                                role: "status", "aria-live": "polite" });
  const tools = make("div", { className: "bw-house-tools" }, resetBtn, shareBtn, loadBtn);
  root.append(title, intro, top, summary, problems, groupsBox, changedTitle, changedList, tools,
              make("div", { className: "bw-house-share" }, textLabel, text, linkBox), message);
  el.appendChild(root);

  resetBtn.addEventListener("click", () => send({ reset: true }));
  loadBtn.addEventListener("click", () => send({ load: text.value }));
  shareBtn.addEventListener("click", () => {
    const value = model.get("rules");
    text.value = value;
    const url = new URL(window.location.href);
    // the text stays readable in the link: + = ; , need no escaping in a fragment
    const readable = encodeURIComponent(value).replace(/%2B/g, "+").replace(/%3D/g, "=").replace(/%3B/g, ";")
      .replace(/%2C/g, ",");
    url.hash = "variant=" + readable;
    link.value = url.toString();
    linkBox.hidden = false;
    message.dataset.status = "info";
    message.textContent = t("shared");
    text.focus();
    text.select();
    try {
      if (navigator.clipboard) navigator.clipboard.writeText(value).catch(() => {});
    } catch (e) {
      /* no clipboard: the text is selected for the learner to copy */
    }
  });

  // -- the kernel's answer shown ---------------------------------------------------------------
  function sync() {
    const draft = model.get("draft") || {};
    const meanings = model.get("meanings") || {};
    const named = new Map();
    for (const p of model.get("problems") || []) {
      for (const f of p.fields || []) named.set(f, [...(named.get(f) || []), p.text]);
    }
    preset.value = draft.name || "buraco";
    for (const [fieldName, r] of rows) {
      if (fieldName in draft && !r.inputs.includes(document.activeElement)) r.set(draft[fieldName]);
      else if (fieldName in draft && r.inputs.length === 1 && r.inputs[0].type === "checkbox") r.set(draft[fieldName]);
      r.meaning.textContent = meanings[fieldName] || "";
      const why = named.get(fieldName);
      r.reason.hidden = !why;
      r.reason.textContent = why ? why.join(" ") : "";
      r.row.classList.toggle("bw-house-invalid", Boolean(why));
      r.inputs.forEach((i) => (why ? i.setAttribute("aria-invalid", "true") : i.removeAttribute("aria-invalid")));
      if (why) r.group.open = true;
    }
    const list = model.get("problems") || [];
    problems.replaceChildren(...list.map((p) => make("p", {}, p.text)));
    problems.hidden = !list.length;
    const options = model.get("player_options") || [];
    players.replaceChildren(...options.map((n) => make("option", { value: String(n) }, t("players-option", { n }))));
    players.value = String(model.get("players"));
    if (document.activeElement !== name) name.value = model.get("name") || "";
    summary.textContent = model.get("summary") || "";
    const changed = model.get("changed") || [];
    changedList.replaceChildren(...changed.map((c) => make("li", { dataset: { field: c.field } },
                                                           make("strong", {}, c.label + ": "), c.meaning)));
    changedTitle.hidden = changedList.hidden = !changed.length;
  }
  function showMessage() {
    message.dataset.status = model.get("status");
    message.textContent = model.get("message") || "";
  }
  const names = ["draft", "meanings", "problems", "changed", "players", "player_options", "name", "summary"];
  const off = onChanges(model, {
    ...Object.fromEntries(names.map((n) => [`change:${n}`, sync])),
    // kept in this browser (where it has no storage, the variant lives as long as the page)
    "change:rules": () => { keepInBrowser(model.get("storage_key"), model.get("rules")); sync(); },
    "change:message": showMessage, "change:status": showMessage });
  sync();
  showMessage();

  // a link's variant first, else what this browser remembers
  const shared = readHash();
  const stored = keptInBrowser(model.get("storage_key"));
  // ... sent once every cell of the page has run (Voila shows a page while its cells still run: a
  // variant restored before the game table's cell ran left the table's view with the old deal)
  whenPageRan(() => {
    if (shared) {
      text.value = shared;
      send({ load: shared });
    } else if (stored && stored !== model.get("rules")) {
      send({ restore: stored });
    }
  });
  return off;
}

export default { render };
