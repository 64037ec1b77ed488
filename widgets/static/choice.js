// Choice: one option of a few, as a radio group of buttons. The words and the card pictures are
// inside the button, so clicking either chooses it. Arrow keys move (and choose) within the group;
// only the chosen option (or the first) is in the tab order.

function render({ model, el }) {
  const caption = make("div", { className: "bw-choice-caption", id: uid("choice") });
  const group = make("div", { className: "bw-choice-options", role: "radiogroup", "aria-labelledby": caption.id });
  el.appendChild(make("div", { className: "bw-choice-group", dataset: { testid: "choice" } }, caption, group));

  let buttons = [];
  function choose(i) {
    model.set("index", i);
    model.save_changes();
  }
  function draw() {
    const items = model.get("items") || [];
    caption.textContent = model.get("label") || "";
    caption.hidden = !model.get("label");
    buttons = items.map((item, i) => {
      const b = make("button", { type: "button", className: "bw-choice-option", role: "radio",
                                 dataset: { testid: "choice-option", index: String(i) } },
                     item.svg ? make("span", { className: "bw-choice-cards", "aria-hidden": "true", innerHTML: item.svg }) : null,
                     make("span", { className: "bw-choice-label" }, item.label));
      b.addEventListener("click", () => { if (!model.get("disabled")) choose(i); });
      return b;
    });
    group.replaceChildren(...buttons);
    mark();
  }
  function mark() {
    const index = model.get("index");
    const disabled = model.get("disabled");
    buttons.forEach((b, i) => {
      const on = i === index;
      b.setAttribute("aria-checked", on ? "true" : "false");
      b.classList.toggle("bw-chosen", on);
      b.tabIndex = on || (index < 0 && i === 0) ? 0 : -1;
      b.disabled = disabled;
    });
  }
  function onKey(event) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in keys) || !buttons.length) return;
    event.preventDefault();
    const now = Math.max(0, buttons.indexOf(document.activeElement));
    const next = (now + keys[event.key] + buttons.length) % buttons.length;
    choose(next);
    buttons[next].focus();
  }
  group.addEventListener("keydown", onKey);
  const off = onChanges(model, { "change:items": draw, "change:label": draw, "change:index": mark, "change:disabled": mark });
  draw();
  return () => {
    off();
    group.removeEventListener("keydown", onKey);
  };
}

export default { render };
