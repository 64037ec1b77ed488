// Hand: a row of card buttons. Click, or Space/Enter on a focused card, selects it;
// arrow keys (and Home/End) move between cards. The selection lives in the model's
// `selected` trait (indices); sorting sets `sort_by` and Python reorders the cards.
// Every word comes from the model's `texts` (the catalog's sentences in the course's language).

function cardButton(item, index) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "bw-card";
  b.setAttribute("role", "button");
  b.dataset.testid = "card";
  b.dataset.index = String(index);
  b.dataset.code = item.code;
  b.setAttribute("aria-label", item.name);
  b.title = item.name;
  if (item.svg) {
    b.innerHTML = item.svg;
    const svg = b.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
    }
  } else {
    const t = document.createElement("span");
    t.className = "bw-card-text";
    t.textContent = item.text;
    if (/[♥♦]/.test(item.text)) t.classList.add("bw-red");
    b.appendChild(t);
  }
  return b;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-hand";
  root.dataset.testid = "hand";

  const tools = document.createElement("div");
  tools.className = "bw-hand-tools";
  const sortSuit = document.createElement("button");
  sortSuit.type = "button";
  sortSuit.dataset.testid = "sort-suit";
  const sortRank = document.createElement("button");
  sortRank.type = "button";
  sortRank.dataset.testid = "sort-rank";
  const status = document.createElement("span");
  status.className = "bw-hand-status";
  status.dataset.testid = "hand-status";
  status.setAttribute("aria-live", "polite");
  tools.append(sortSuit, sortRank, status);

  const row = document.createElement("div");
  row.className = "bw-hand-cards";
  row.setAttribute("role", "group");
  root.append(row, tools);
  el.appendChild(root);

  function buttons() {
    return Array.from(row.querySelectorAll(".bw-card"));
  }

  const t = (name, values) => fill((model.get("texts") || {})[name], values || {});

  function showSelection() {
    const selected = model.get("selected") || [];
    const items = model.get("_items") || [];
    for (const b of buttons()) {
      const on = selected.includes(Number(b.dataset.index));
      b.classList.toggle("bw-selected", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    }
    const picked = selected.filter((i) => i < items.length).map((i) => items[i]);
    // short card symbols on screen, card names for screen readers
    const shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    const spoken = document.createElement("span");
    spoken.className = "bw-sr-only";
    if (picked.length) {
      shown.textContent = t("selected", { n: picked.length, cards: picked.map((c) => c.text).join(" ") });
      spoken.textContent = t("selected", { n: picked.length, cards: picked.map((c) => c.name).join(", ") });
    } else {
      shown.textContent = t("none-selected");
      spoken.textContent = t("none-selected");
    }
    status.replaceChildren(shown, spoken);
  }

  function showCards() {
    const focused = document.activeElement && row.contains(document.activeElement)
      ? Number(document.activeElement.dataset.index) : -1;
    const items = model.get("_items") || [];
    const disabled = model.get("disabled");
    row.replaceChildren(...items.map((item, i) => {
      const b = cardButton(item, i);
      b.disabled = disabled;
      return b;
    }));
    row.setAttribute("aria-label", t("row", { label: model.get("label"), cards: t("cards") }));
    sortSuit.textContent = t("sort-suit");
    sortRank.textContent = t("sort-rank");
    if (items.length === 0) {
      const empty = document.createElement("span");
      empty.className = "bw-hand-empty";
      empty.textContent = t("no-cards");
      row.appendChild(empty);
    }
    status.hidden = disabled;
    const sortable = model.get("sortable");
    sortSuit.hidden = !sortable;
    sortRank.hidden = !sortable;
    sortSuit.setAttribute("aria-pressed", model.get("sort_by") === "suit" ? "true" : "false");
    sortRank.setAttribute("aria-pressed", model.get("sort_by") === "rank" ? "true" : "false");
    root.style.setProperty("--bw-card-width", `${model.get("card_width")}px`);
    showSelection();
    if (focused >= 0) {
      const all = buttons();
      if (all.length) all[Math.min(focused, all.length - 1)].focus();
    }
  }

  function toggle(index) {
    if (model.get("disabled")) return;
    const selected = [...(model.get("selected") || [])];
    const at = selected.indexOf(index);
    if (at >= 0) selected.splice(at, 1);
    else if (model.get("multiple")) selected.push(index);
    else selected.splice(0, selected.length, index);
    model.set("selected", selected);
    // a message, not save_changes(): it reaches the kernel before a Check clicked after it
    // (see ordered_input in _common.py)
    model.send({ set: { selected } });
  }

  function onClick(event) {
    const b = event.target.closest(".bw-card");
    if (!b || !row.contains(b)) return;
    toggle(Number(b.dataset.index));
  }

  function onKey(event) {
    const b = event.target.closest(".bw-card");
    if (!b) return;
    const all = buttons();
    const i = all.indexOf(b);
    let next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(i + 1, all.length - 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(i - 1, 0);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    if (next >= 0) {
      event.preventDefault();
      all[next].focus();
    }
  }

  function sortBy(how) {
    model.set("sort_by", how);
    model.send({ set: { sort_by: how } });
  }

  row.addEventListener("click", onClick);
  row.addEventListener("keydown", onKey);
  sortSuit.addEventListener("click", () => sortBy("suit"));
  sortRank.addEventListener("click", () => sortBy("rank"));
  model.on("change:_items", showCards);
  model.on("change:texts", showCards);
  model.on("change:disabled", showCards);
  model.on("change:sort_by", showCards);
  model.on("change:selected", showSelection);
  showCards();

  return () => {
    model.off("change:_items", showCards);
    model.off("change:texts", showCards);
    model.off("change:disabled", showCards);
    model.off("change:sort_by", showCards);
    model.off("change:selected", showSelection);
  };
}

export default { render };
