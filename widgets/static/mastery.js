// MasteryMap: every clause of the rulebook as a chip in the group of the lesson that teaches it,
// linking that section. A chip's level shows as a colour, a mark and words (never colour alone);
// Python computes every state and word (buraco_core/teach/learners/mastery.py): the page only draws them.

function el(tag, cls, text, props, ...more) {
  return make(tag, cls ? { className: cls, ...props } : props, text, ...more);
}

function render({ model, el: host }) {
  const root = el("div", "bw-map", null, { dataset: { testid: "mastery-map" }, role: "region" });
  host.appendChild(root);

  function draw() {
    const data = model.get("data") || {};
    const texts = model.get("texts") || {};
    root.setAttribute("aria-label", texts.title || "");
    root.dataset.rules = data.rules || "";
    root.dataset.loaded = data.loaded ? "true" : "false";
    const parts = [el("p", "bw-map-summary", data.summary || "", { dataset: { testid: "mastery-summary" }, "aria-live": "polite" })];
    if (data.review) {
      parts.push(make("p", { className: "bw-map-review", dataset: { testid: "mastery-review" } }, data.review + " ",
                      make("a", { href: data.review_href || "", dataset: { testid: "mastery-review-link" } },
                           texts["go-review"] || "")));
    }
    const legend = el("ul", "bw-map-legend", null, { "aria-label": texts.legend || "" });
    for (const item of data.legend || []) {
      legend.appendChild(el("li", `bw-chip bw-lvl-${item.level}`, null, {},
                            el("span", "bw-mark", item.mark, { "aria-hidden": "true" }), " " + item.words));
    }
    const how = el("p", "bw-map-how", texts.how || "");
    parts.push(legend, how);
    const groups = el("div", "bw-map-groups");
    for (const group of data.groups || []) {
      const head = el("p", "bw-map-group-title", group.href ? make("a", { href: group.href }, group.title) : group.title);
      const list = el("ul", "bw-map-chips", null, { "aria-label": group.title });
      for (const chip of group.chips) {
        const a = el(chip.href ? "a" : "span", `bw-chip bw-lvl-${chip.level}` + (chip.is_due ? " bw-due" : ""), null,
                     { title: chip.text, "aria-label": chip.label,
                       dataset: { testid: "mastery-chip", clause: chip.id, level: chip.level } },
                     el("span", "bw-mark", chip.mark, { "aria-hidden": "true" }), " " + chip.title,
                     chip.due ? el("span", "bw-chip-due", chip.due) : null);
        if (chip.href) a.href = chip.href;
        list.appendChild(make("li", {}, a));
      }
      groups.appendChild(el("div", "bw-map-group", null, { dataset: { testid: "mastery-group", group: group.key } }, head, list));
    }
    parts.push(groups);
    root.replaceChildren(...parts);
  }

  const off = onChanges(model, { "change:data": draw, "change:texts": draw });
  draw();
  return off;
}

export default { render };
