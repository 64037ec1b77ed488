// Hand: a row of card buttons. Click, or Space/Enter on a focused card, selects it;
// arrow keys (and Home/End) move between cards. The selection lives in the model's
// `selected` trait (indices); sorting sets `sort_by` and Python reorders the cards.
// Every word comes from the model's `texts` (the catalog's sentences in the course's language).

function cardButton(item, index) {
  const b = make("button", { type: "button", className: "bw-card", role: "button", "aria-label": item.name,
                             title: item.name, dataset: { testid: "card", index: String(index), code: item.code } });
  if (item.svg) {
    b.innerHTML = item.svg;
    const svg = b.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
    }
  } else {
    const t = make("span", { className: "bw-card-text" }, item.text);
    if (/[♥♦]/.test(item.text)) t.classList.add("bw-red");
    b.appendChild(t);
  }
  return b;
}

function render({ model, el }) {
  const sortSuit = make("button", { type: "button", dataset: { testid: "sort-suit" } });
  const sortRank = make("button", { type: "button", dataset: { testid: "sort-rank" } });
  const status = make("span", { className: "bw-hand-status", dataset: { testid: "hand-status" }, "aria-live": "polite" });
  const tools = make("div", { className: "bw-hand-tools" }, sortSuit, sortRank, status);
  const row = make("div", { className: "bw-hand-cards", role: "group" });
  const root = make("div", { className: "bw-hand", dataset: { testid: "hand" } }, row, tools);
  el.appendChild(root);

  function buttons() {
    return Array.from(row.querySelectorAll(".bw-card"));
  }

  const t = textsOf(model);

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
    const shown = make("span", { "aria-hidden": "true" });
    const spoken = make("span", { className: "bw-sr-only" });
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
    if (items.length === 0) row.appendChild(make("span", { className: "bw-hand-empty" }, t("no-cards")));
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
  const off = onChanges(model, { "change:_items": showCards, "change:texts": showCards, "change:disabled": showCards,
                                 "change:sort_by": showCards, "change:selected": showSelection });
  showCards();
  return off;
}

export default { render };
