// Choice: one option of a few, as a radio group of buttons. The words and the card pictures are
// inside the button, so clicking either chooses it. Arrow keys move (and choose) within the group;
// only the chosen option (or the first) is in the tab order.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-choice-group";
  root.dataset.testid = "choice";
  const caption = document.createElement("div");
  caption.className = "bw-choice-caption";
  const captionId = `bw-choice-${Math.random().toString(36).slice(2)}`;
  caption.id = captionId;
  const group = document.createElement("div");
  group.className = "bw-choice-options";
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-labelledby", captionId);
  root.append(caption, group);
  el.appendChild(root);

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
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bw-choice-option";
      b.dataset.testid = "choice-option";
      b.dataset.index = String(i);
      b.setAttribute("role", "radio");
      if (item.svg) {
        const pic = document.createElement("span");
        pic.className = "bw-choice-cards";
        pic.setAttribute("aria-hidden", "true");
        pic.innerHTML = item.svg;
        b.appendChild(pic);
      }
      const text = document.createElement("span");
      text.className = "bw-choice-label";
      text.textContent = item.label;
      b.appendChild(text);
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
  model.on("change:items", draw);
  model.on("change:label", draw);
  model.on("change:index", mark);
  model.on("change:disabled", mark);
  draw();
  return () => {
    model.off("change:items", draw);
    model.off("change:label", draw);
    model.off("change:index", mark);
    model.off("change:disabled", mark);
    group.removeEventListener("keydown", onKey);
  };
}

export default { render };
