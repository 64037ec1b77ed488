// MasteryMap: every clause of the rulebook as a chip in the group of the lesson that teaches it,
// linking that section. A chip's level shows as a colour, a mark and words (never colour alone);
// Python computes every state and word (buraco_core/teach/learners/mastery.py): the page only draws them.

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el: host }) {
  const root = el("div", "bw-map");
  root.dataset.testid = "mastery-map";
  root.setAttribute("role", "region");
  host.appendChild(root);

  function draw() {
    const data = model.get("data") || {};
    const texts = model.get("texts") || {};
    root.setAttribute("aria-label", texts.title || "");
    root.dataset.rules = data.rules || "";
    root.dataset.loaded = data.loaded ? "true" : "false";
    const summary = el("p", "bw-map-summary", data.summary || "");
    summary.dataset.testid = "mastery-summary";
    summary.setAttribute("aria-live", "polite");
    const parts = [summary];
    if (data.review) {
      const review = el("p", "bw-map-review");
      review.dataset.testid = "mastery-review";
      review.appendChild(document.createTextNode(data.review + " "));
      const go = el("a", "", texts["go-review"] || "");
      go.href = data.review_href || "";
      go.dataset.testid = "mastery-review-link";
      review.appendChild(go);
      parts.push(review);
    }
    const legend = el("ul", "bw-map-legend");
    legend.setAttribute("aria-label", texts.legend || "");
    for (const item of data.legend || []) {
      const li = el("li", `bw-chip bw-lvl-${item.level}`);
      const mark = el("span", "bw-mark", item.mark);
      mark.setAttribute("aria-hidden", "true");
      li.append(mark, document.createTextNode(" " + item.words));
      legend.appendChild(li);
    }
    const how = el("p", "bw-map-how", texts.how || "");
    parts.push(legend, how);
    const groups = el("div", "bw-map-groups");
    for (const group of data.groups || []) {
      const box = el("div", "bw-map-group");
      box.dataset.testid = "mastery-group";
      box.dataset.group = group.key;
      const head = el("p", "bw-map-group-title");
      if (group.href) {
        const a = el("a", "", group.title);
        a.href = group.href;
        head.appendChild(a);
      } else {
        head.textContent = group.title;
      }
      const list = el("ul", "bw-map-chips");
      list.setAttribute("aria-label", group.title);
      for (const chip of group.chips) {
        const li = el("li");
        const a = el(chip.href ? "a" : "span", `bw-chip bw-lvl-${chip.level}` + (chip.is_due ? " bw-due" : ""));
        if (chip.href) a.href = chip.href;
        a.dataset.testid = "mastery-chip";
        a.dataset.clause = chip.id;
        a.dataset.level = chip.level;
        a.title = chip.text;
        a.setAttribute("aria-label", chip.label);
        const mark = el("span", "bw-mark", chip.mark);
        mark.setAttribute("aria-hidden", "true");
        a.append(mark, document.createTextNode(" " + chip.title));
        if (chip.due) {
          const due = el("span", "bw-chip-due", chip.due);
          a.appendChild(due);
        }
        li.appendChild(a);
        list.appendChild(li);
      }
      box.append(head, list);
      groups.appendChild(box);
    }
    parts.push(groups);
    root.replaceChildren(...parts);
  }

  model.on("change:data", draw);
  model.on("change:texts", draw);
  draw();
  return () => {
    model.off("change:data", draw);
    model.off("change:texts", draw);
  };
}

export default { render };
