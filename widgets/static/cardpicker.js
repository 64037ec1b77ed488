// The card picker the real-table pages share (the score pad, the referee; widgets/front_end.py puts this
// file before a page's module): a rank then a suit makes a card, a joker button, a button to take back
// the last card, and a box to type the cards in the project's notation (for a keyboard). It keeps the
// cards being picked, a selection and no rule: the page asks its kernel to read them (onChange).
// ``ranks`` and ``suits`` are the widget's {token, label, name}; ``t`` the page's catalog words (joker,
// back, type-cards, done, cancel, rank, suit, picked, picked-none); ``prefix`` its test ids' start.

function cardPicker({ ranks, suits, t, prefix, onChange, onDone, onCancel }) {
  let picked = [];
  let rank = null;
  const button = (label, props, onClick) => {
    const b = make("button", { type: "button", ...(props || {}) }, label);
    if (onClick) b.addEventListener("click", onClick);
    return b;
  };
  const title = make("h3", { className: "bsp-picker-title" });
  const pickedLine = make("p", { className: "bsp-picked", "aria-live": "polite", dataset: { testid: `${prefix}-picked` } });
  const readingLine = make("p", { className: "bsp-reading", "aria-live": "polite", dataset: { testid: `${prefix}-reading` } });
  const rankButtons = (ranks || []).map((r) => button(r.label,
    { className: "bsp-rank", "aria-label": r.name, dataset: { testid: `${prefix}-rank-${r.token}`, token: r.token } },
    () => { rank = rank === r.token ? null : r.token; draw(); }));
  const suitButtons = (suits || []).map((s) => button(s.label,
    { className: `bsp-suit bsp-suit-${s.token}`, "aria-label": s.name, dataset: { testid: `${prefix}-suit-${s.token}` } },
    () => { if (rank) { picked.push(rank + s.token); rank = null; changed(); } }));
  const joker = button(t("joker"), { className: "bsp-suit bsp-joker", dataset: { testid: `${prefix}-joker` } },
    () => { picked.push("JK"); rank = null; changed(); });
  const back = button("⌫", { "aria-label": t("back"), title: t("back"), dataset: { testid: `${prefix}-back` } },
    () => { picked.pop(); changed(); });
  const typedId = uid("typed");
  const typed = make("input", { id: typedId, type: "text", spellcheck: false, autocomplete: "off", autocapitalize: "off",
                                dataset: { testid: `${prefix}-typed` } });
  const done = button(t("done"), { className: "bsp-primary", dataset: { testid: `${prefix}-done` } }, () => onDone(picked.slice()));
  const cancel = button(t("cancel"), { dataset: { testid: `${prefix}-cancel` } }, () => onCancel());
  const element = make("div", { className: "bsp-picker", role: "group", dataset: { testid: `${prefix}-picker` } },
    title, pickedLine, readingLine,
    make("div", { className: "bsp-ranks", role: "group", "aria-label": t("rank") }, ...rankButtons),
    make("div", { className: "bsp-suits", role: "group", "aria-label": t("suit") }, ...suitButtons, joker, back),
    make("div", { className: "bsp-field" }, make("label", { htmlFor: typedId }, t("type-cards")), typed),
    make("div", { className: "bsp-tools" }, done, cancel));
  typed.addEventListener("input", () => {
    picked = typed.value.split(/[\s,]+/).filter(Boolean);
    onChange(picked.slice());
    showPicked();
  });
  typed.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); onDone(picked.slice()); } });

  function changed() {
    typed.value = picked.join(" ");
    onChange(picked.slice());
    draw();
  }
  // The picked line: the cards as the kernel showed them (``shown``), or as tapped.
  function showPicked(shown) {
    pickedLine.textContent = picked.length ? t("picked", { cards: shown || picked.join(" ") }) : t("picked-none");
  }
  function draw(shown) {
    rankButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.token === rank)));
    suitButtons.forEach((b) => { b.disabled = !rank; });
    showPicked(shown);
  }
  return {
    element, title, readingLine, draw, showPicked,
    cards: () => picked.slice(),
    // Start afresh with these cards (text in the notation, or none).
    set(cards) {
      picked = cards ? cards.split(/\s+/).filter(Boolean) : [];
      rank = null;
      typed.value = picked.join(" ");
      draw();
    },
    focus() { (rankButtons[0] || typed).focus(); },
  };
}
