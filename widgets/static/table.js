// TableView / MeldView: melds grouped by side. Each meld shows the engine's drawing and its
// description (kind, wild card and what it stands for, buraco kind, points). When the model is
// `selectable`, every meld is a button: click or Space/Enter selects it (`selected` = [group, meld]).

function meldBody(item, reveal) {
  const pic = make("span", { className: "bw-meld-picture" });
  if (!reveal && item.cards) {
    pic.classList.add("bw-meld-cards");
    for (const card of item.cards) {
      pic.appendChild(make("span", card.svg ? { className: "bw-meld-card", title: card.name, innerHTML: card.svg }
        : { className: "bw-meld-card", title: card.name, textContent: card.text }));
    }
  } else if (item.svg) {
    pic.innerHTML = item.svg;
    const svg = pic.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
    }
  } else {
    pic.textContent = item.text;
    pic.classList.add("bw-meld-text");
  }
  const caption = make("span", { className: "bw-meld-caption",
                                 textContent: item.error ? item.error : (reveal ? item.describe : item.plain) });
  return [pic, caption];
}

function render({ model, el }) {
  const root = make("div", { className: "bw-table", dataset: { testid: "table" } });
  el.appendChild(root);

  function empty() {
    return make("span", { className: "bw-empty", textContent: model.get("empty_text") });
  }

  function showSelection() {
    const sel = model.get("selected") || [];
    for (const m of root.querySelectorAll(".bw-meld")) {
      const on = sel.length === 2 && Number(m.dataset.group) === sel[0] && Number(m.dataset.index) === sel[1];
      m.classList.toggle("bw-selected", on);
      const hi = model.get("highlight") || [];
      m.classList.toggle("bw-fresh", hi.length === 2 && Number(m.dataset.group) === hi[0] && Number(m.dataset.index) === hi[1]);
      if (m.tagName === "BUTTON") m.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function show() {
    const focused = document.activeElement && root.contains(document.activeElement)
      ? [document.activeElement.dataset.group, document.activeElement.dataset.index] : null;
    const groups = model.get("_groups") || [];
    const selectable = model.get("selectable");
    const reveal = model.get("reveal");
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", model.get("label"));
    root.style.setProperty("--bw-meld-width", `${model.get("meld_width")}px`);
    const sections = groups.map((group, g) => {
      const section = make("section", { className: "bw-side", dataset: { testid: "side" } });
      if (group.title) {
        section.appendChild(make("div", { className: "bw-side-title" }, group.title));
        section.setAttribute("aria-label", group.title);
      }
      const row = make("div", { className: "bw-melds" });
      if (!group.melds.length) row.appendChild(empty());
      group.melds.forEach((item, i) => {
        const m = make(selectable && !item.error ? "button" : "div", { className: "bw-meld" });
        if (item.error) m.classList.add("bw-meld-invalid");
        if (item.buraco) m.classList.add("bw-buraco");
        m.dataset.testid = "meld";
        m.dataset.group = String(g);
        m.dataset.index = String(i);
        const words = item.error ? `${item.text}: ${item.error}` : (reveal ? item.describe : item.plain);
        m.title = words;
        if (m.tagName === "BUTTON") {
          m.type = "button";
          m.setAttribute("aria-label", fill((model.get("texts") || {})["meld-n"], { n: i + 1, words }));
        } else {
          m.setAttribute("role", "group");
          m.setAttribute("aria-label", words);
        }
        if (model.get("numbered")) {
          // the number the play notation gives the meld (add 2 7h), as the learner types it
          m.appendChild(make("span", { className: "bw-meld-number", "aria-hidden": "true" }, String(i + 1)));
        }
        m.append(...meldBody(item, reveal));
        row.appendChild(m);
      });
      section.appendChild(row);
      return section;
    });
    if (!groups.length) sections.push(empty());
    root.replaceChildren(...sections);
    showSelection();
    if (focused) {
      const again = root.querySelector(`.bw-meld[data-group="${focused[0]}"][data-index="${focused[1]}"]`);
      if (again) again.focus();
    }
  }

  function onClick(event) {
    const m = event.target.closest("button.bw-meld");
    if (!m || !root.contains(m) || !model.get("selectable")) return;
    const pick = [Number(m.dataset.group), Number(m.dataset.index)];
    const sel = model.get("selected") || [];
    const same = sel.length === 2 && sel[0] === pick[0] && sel[1] === pick[1];
    if (same && !model.get("deselectable")) return;
    const selected = same ? [] : pick;
    model.set("selected", selected);
    // a message, not save_changes(): it reaches the kernel before a Check clicked after it
    // (see ordered_input in _common.py)
    model.send({ set: { selected } });
  }

  root.addEventListener("click", onClick);
  const off = onChanges(model, { "change:_groups": show, "change:texts": show, "change:selectable": show,
                                 "change:reveal": show, "change:meld_width": show, "change:numbered": show,
                                 "change:selected": showSelection, "change:highlight": showSelection });
  show();
  return off;
}

export default { render };
