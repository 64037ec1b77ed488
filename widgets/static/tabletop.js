// TableTop: the card table around the learner. The partner sits at the top, the opponents left
// and right, each with card backs and their count; the stock, the discard pile and the pots in
// the middle. `fresh` ({seat, what}) marks the last computer play for a moment: the seat, and
// the pile, the stock or a pot it touched (class bw-fresh; the stylesheet drops the animation
// where the browser asks for reduced motion).

function el(tag, cls, text, props) {
  return make(tag, cls ? { className: cls, ...props } : props, text);
}

function backs(svg, n, max) {
  const fan = el("span", "bw-tt-backs", null, { "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, max); i++) fan.appendChild(el("span", "bw-tt-back", null, { innerHTML: svg }));
  return fan;
}

function render({ model, el: host }) {
  const root = el("div", "bw-tt", null, { dataset: { testid: "tabletop" }, role: "region" });
  host.appendChild(root);

  function show() {
    const d = model.get("data") || {};
    root.setAttribute("aria-label", model.get("label"));
    root.replaceChildren();
    const fresh = d.fresh || {};
    for (const s of d.seats || []) {
      const box = el("div", `bw-tt-seat bw-tt-${s.where}`, null,
                     { dataset: { testid: "seat", seat: String(s.seat) }, role: "group", "aria-label": s.label });
      if (s.turn) box.classList.add("bw-tt-turn");
      if (fresh.seat === s.seat) box.classList.add("bw-fresh");
      box.appendChild(el("div", "bw-tt-name", s.name));
      box.appendChild(backs(d.back, s.count, 6));
      box.appendChild(el("div", "bw-tt-count", String(s.count)));
      root.appendChild(box);
    }
    const mid = el("div", "bw-tt-center");
    const stock = el("div", "bw-tt-stock", null, { role: "group", "aria-label": d.stock_label });
    if (fresh.what === "draw") stock.classList.add("bw-fresh");
    stock.appendChild(el("div", "bw-tt-caption", d.stock_label));
    if (d.stock) stock.appendChild(backs(d.back, 1, 1));
    const pile = el("div", "bw-tt-pile", null, { role: "group", "aria-label": d.pile_label });
    if (fresh.what === "discard" || fresh.what === "take") pile.classList.add("bw-fresh");
    pile.appendChild(el("div", "bw-tt-caption", d.pile_label));
    const cards = el("div", "bw-tt-pile-cards");
    if (d.pile_hidden) cards.appendChild(backs(d.back, 1, 1));
    for (const c of d.pile || []) {
      const card = el("span", "bw-tt-card", null, { innerHTML: c.svg, title: c.name });
      const svg = card.querySelector("svg");
      if (svg) svg.setAttribute("aria-hidden", "true");
      cards.appendChild(card);
    }
    if (!(d.pile || []).length && !d.pile_hidden) cards.appendChild(el("span", "bw-tt-empty", d.pile_empty));
    const names = (d.pile || []).map((c) => c.name).join(", ");
    if (names) cards.appendChild(el("span", "bw-sr-only", names));
    pile.appendChild(cards);
    mid.append(stock, pile);
    for (const p of d.pots || []) {
      const pot = el("div", "bw-tt-pot", null, { role: "group", "aria-label": p.words });
      if (fresh.pot === p.team) pot.classList.add("bw-fresh");
      pot.appendChild(el("div", "bw-tt-caption", p.words));
      if (p.down) pot.appendChild(backs(d.back, 2, 2));
      mid.appendChild(pot);
    }
    const totals = el("ul", "bw-tt-totals");
    for (const t of d.totals || []) totals.appendChild(el("li", "", t));
    mid.appendChild(totals);
    root.appendChild(mid);
  }

  const off = onChanges(model, { "change:data": show, "change:label": show });
  show();
  return off;
}

export default { render };
