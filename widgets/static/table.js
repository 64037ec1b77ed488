// TableView / MeldView: melds grouped by side. Each meld shows the engine's drawing and its
// description (kind, wild card and what it stands for, buraco kind, points). When the model is
// `selectable`, every meld is a button: click or Space/Enter selects it (`selected` = [group, meld]).

function meldBody(item, reveal) {
  const frag = document.createDocumentFragment();
  const pic = document.createElement("span");
  pic.className = "bw-meld-picture";
  if (!reveal && item.cards) {
    pic.classList.add("bw-meld-cards");
    for (const card of item.cards) {
      const c = document.createElement("span");
      c.className = "bw-meld-card";
      c.title = card.name;
      if (card.svg) c.innerHTML = card.svg;
      else c.textContent = card.text;
      pic.appendChild(c);
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
  const caption = document.createElement("span");
  caption.className = "bw-meld-caption";
  caption.textContent = item.error ? item.error : (reveal ? item.describe : item.plain);
  frag.append(pic, caption);
  return frag;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-table";
  root.dataset.testid = "table";
  el.appendChild(root);

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
      const section = document.createElement("section");
      section.className = "bw-side";
      section.dataset.testid = "side";
      if (group.title) {
        const h = document.createElement("div");
        h.className = "bw-side-title";
        h.textContent = group.title;
        section.appendChild(h);
        section.setAttribute("aria-label", group.title);
      }
      const row = document.createElement("div");
      row.className = "bw-melds";
      if (!group.melds.length) {
        const empty = document.createElement("span");
        empty.className = "bw-empty";
        empty.textContent = model.get("empty_text");
        row.appendChild(empty);
      }
      group.melds.forEach((item, i) => {
        const m = document.createElement(selectable && !item.error ? "button" : "div");
        m.className = "bw-meld";
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
          const n = document.createElement("span");
          n.className = "bw-meld-number";
          n.textContent = String(i + 1);
          n.setAttribute("aria-hidden", "true");
          m.appendChild(n);
        }
        m.appendChild(meldBody(item, reveal));
        row.appendChild(m);
      });
      section.appendChild(row);
      return section;
    });
    if (!groups.length) {
      const empty = document.createElement("span");
      empty.className = "bw-empty";
      empty.textContent = model.get("empty_text");
      sections.push(empty);
    }
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
  model.on("change:_groups", show);
  model.on("change:texts", show);
  model.on("change:selectable", show);
  model.on("change:reveal", show);
  model.on("change:meld_width", show);
  model.on("change:numbered", show);
  model.on("change:selected", showSelection);
  model.on("change:highlight", showSelection);
  show();
  return () => {
    model.off("change:_groups", show);
    model.off("change:texts", show);
    model.off("change:highlight", showSelection);
    model.off("change:selectable", show);
    model.off("change:reveal", show);
    model.off("change:meld_width", show);
    model.off("change:numbered", show);
    model.off("change:selected", showSelection);
  };
}

export default { render };
