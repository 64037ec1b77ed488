// RefereePage: the referee's page (widgets/referee.py). It shows the situation the kernel's RefereeSession
// holds (model "situation") and the engine's answer ("verdict"), and sends what the player taps or types:
// a ruleset or house rules, a classic dispute, a part of the situation, a change the answer offers. The
// engine answers every question; this page decides nothing. The card picker is the score pad's
// (static/cardpicker.js): it keeps the cards being tapped and asks the kernel to show them ("reading").

function render({ model, el }) {
  const t = textsOf(model);
  const send = (content) => sendWhileHere(model, content);
  const button = clickButton;

  const root = make("div", { className: "bsp", role: "region", "aria-label": t("title"), dataset: { testid: "referee" } });
  root.classList.add("bref-page");  // the score pad's look (bsp), with the referee's own rules
  const problem = make("p", { className: "bsp-problem", role: "alert", dataset: { testid: "referee-problem" } });
  el.appendChild(root);

  // ------------------------------------------------------------------ the ruleset
  const rulesId = uid("rules");
  const rules = make("select", { id: rulesId, dataset: { testid: "referee-rules" } },
    ...(model.get("rulesets") || []).map((r) => make("option", { value: r.name }, r.title)));
  rules.addEventListener("change", () => send({ type: "rules", rules: rules.value }));
  const houseId = uid("house");
  const house = make("input", { id: houseId, type: "text", spellcheck: false, autocomplete: "off",
                                title: t("house-tip"), dataset: { testid: "referee-house" } });
  const useHouse = () => { if (house.value.trim()) send({ type: "rules", house: house.value }); };
  house.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); useHouse(); } });
  const rulesPart = make("div", { className: "bref-rules" },
    make("div", { className: "bsp-field" }, make("label", { htmlFor: rulesId }, t("ruleset")), rules),
    make("details", { className: "bsp-more" }, make("summary", {}, t("house")),
      make("label", { htmlFor: houseId }, t("house-tip")), house,
      button(t("use-house"), { dataset: { testid: "referee-use-house" } }, useHouse)));

  // ------------------------------------------------------------------ the gallery
  const galleryButtons = (model.get("gallery") || []).map((d) => button(d.question,
    { className: "bref-dispute", dataset: { testid: `referee-dispute-${d.id}`, id: d.id } },
    () => { send({ type: "dispute", id: d.id }); answer.scrollIntoView({ block: "nearest" }); }));
  const gallery = make("section", { className: "bref-gallery", "aria-labelledby": uid("gallery") },
    make("h2", {}, t("gallery")),
    make("ul", { className: "bref-list", dataset: { testid: "referee-gallery" } },
      ...galleryButtons.map((b) => make("li", {}, b))));
  gallery.firstChild.id = gallery.getAttribute("aria-labelledby");

  // ------------------------------------------------------------------ the answer
  const answerBody = make("div", { className: "bref-answer-body", "aria-live": "polite", dataset: { testid: "referee-verdict" } });
  const answer = make("section", { className: "bref-answer", "aria-label": t("answer") }, make("h2", {}, t("answer")), answerBody);

  function drawVerdict() {
    const v = model.get("verdict") || {};
    answerBody.replaceChildren();
    if (v.clause === undefined) return;
    const fixes = v.fixes || [];
    answerBody.append(
      make("p", { className: `bref-badge ${v.allowed ? "bref-yes" : "bref-no"}`, dataset: { testid: "referee-badge" } },
        v.allowed ? t("allowed") : t("refused")),
      make("p", { className: "bref-words" }, v.words),
      make("p", { className: "bref-clause", dataset: { testid: "referee-clause" } }, t("clause", { clause: v.clause, title: v.title })),
      make("p", { className: "bref-reason", dataset: { testid: "referee-reason" } }, v.reason),
      make("p", { className: "bref-rule" }, make("strong", {}, t("rule") + ": "), v.rule));
    if (v.look) answerBody.append(make("p", { className: "bref-look" }, make("strong", {}, t("here") + ": "), v.look));
    if (fixes.length) {
      answerBody.append(make("h3", {}, t("fixes")), make("ul", { className: "bref-fixes", dataset: { testid: "referee-fixes" } },
        ...fixes.map((f, i) => make("li", {}, make("span", {}, f),
          button(t("try"), { className: "bsp-small", "aria-label": `${t("try")}: ${f}`, dataset: { testid: `referee-fix-${i}` } },
            () => send({ type: "fix", index: i }))))));
    }
    answerBody.append(make("p", { className: "bref-asked" }, v.asked));
    if (v.practice) {
      // the question as practice: the review page beside this one (a lesson page here, a page of the
      // static site there) opens the set as it opens a teacher's assignment
      const review = location.pathname.endsWith(".html") ? "10_review.html" : "10_review.ipynb";
      answerBody.append(make("p", { className: "bref-practice" },
        make("a", { href: `${review}#set=${v.practice}`, target: "_blank", rel: "noopener",
                    dataset: { testid: "referee-practice" } }, t("practice"))));
    }
  }

  // ------------------------------------------------------------------ the situation and its picker
  let aim = null; // "cards", "meld", "hand" or "pile": the part the picker fills
  const picker = cardPicker({
    ranks: model.get("ranks"), suits: model.get("suits"), t, prefix: "referee",
    onChange: (cards) => send({ type: "read", cards: cards.join(" "), meld: readsAsMeld() }),
    onDone: (cards) => { const part = aim; aim = null; send({ type: "set", [part]: cards.join(" ") }); drawSituation(); },
    onCancel: () => { aim = null; drawSituation(); },
  });
  function readsAsMeld() {
    const s = model.get("situation") || {};
    return aim === "meld" || (aim === "cards" && s.play === "meld");
  }
  function openPicker(part, tokens) {
    aim = part;
    picker.set(tokens || "");
    send({ type: "read", cards: picker.cards().join(" "), meld: readsAsMeld() });
    drawSituation();
    picker.focus();
  }
  function drawReading() {
    if (!aim) return;
    const reading = model.get("reading") || {};
    picker.showPicked(reading.cards || "");
    picker.readingLine.replaceChildren();
    picker.readingLine.className = reading.ok ? "bsp-reading" : "bsp-reading bsp-bad";
    if (reading.text) picker.readingLine.append(reading.text);
  }

  const situationBody = make("div", { className: "bref-situation-body", dataset: { testid: "referee-situation" } });
  const situation = make("section", { className: "bref-situation", "aria-label": t("situation") },
    make("h2", {}, t("situation")), situationBody);

  function toggles(label, options, current, onPick, testid) {
    return make("div", { className: "bsp-field" }, make("span", { className: "bsp-label", id: uid(testid) }, label),
      make("div", { className: "bref-toggles", role: "group", "aria-label": label },
        ...options.map(([value, text]) => button(text,
          { "aria-pressed": String(value === current), dataset: { testid: `${testid}-${value}` } },
          () => { if (value !== current) onPick(value); }))));
  }
  function part(name, label, shown, tokens, extra) {
    const box = make("div", { className: "bsp-field bref-part", dataset: { testid: `referee-part-${name}` } },
      make("span", { className: "bsp-label" }, label),
      make("p", { className: "bref-cards", dataset: { testid: `referee-${name}-shown` } }, shown),
      make("div", { className: "bref-toggles" },
        button(t("pick"), { "aria-label": `${t("pick")}: ${label}`, dataset: { testid: `referee-edit-${name}` } },
          () => openPicker(name, tokens)),
        ...(extra || [])));
    if (aim === name) box.append(picker.element);
    return box;
  }

  function drawSituation() {
    const s = model.get("situation") || {};
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    if (s.preset) rules.value = s.preset;
    const parts = [toggles(t("play"), (model.get("plays") || []).map((p) => [p.id, p.label]), s.play,
                           (play) => send({ type: "set", play }), "referee-play")];
    if (["add", "meld", "discard", "out"].includes(s.play)) {
      parts.push(part("cards", t("cards"), s.cards_shown || "—", s.cards));
    }
    parts.push(part("meld", t("meld"), s.meld_shown ? `${s.meld_shown} (${s.meld_label})` : t("meld-none"), s.meld,
      [button(t("clear"), { "aria-label": `${t("clear")}: ${t("meld")}`, dataset: { testid: "referee-clear-meld" } },
        () => send({ type: "set", meld: "" }))]));
    parts.push(toggles(t("owner"), [["ours", t("ours")], ["theirs", t("theirs")]], s.owner,
                       (owner) => send({ type: "set", owner }), "referee-owner"));
    if (s.pots) {
      parts.push(toggles(t("pot"), [["aside", t("pot-aside")], ["taken", t("pot-taken")]], s.pot,
                         (pot) => send({ type: "set", pot }), "referee-pot"));
    }
    if (s.play === "take") parts.push(part("pile", t("pile"), s.pile_shown || "—", s.pile));
    if (s.play !== "out") {
      const handShown = s.hand === null ? t("hand-auto") : (s.hand_shown || t("hand-none"));
      parts.push(part("hand", t("hand"), handShown, s.hand || "", [
        button(t("hand-auto"), { className: "bsp-small", "aria-pressed": String(s.hand === null), dataset: { testid: "referee-hand-auto" } },
          () => send({ type: "set", hand: null })),
        button(t("hand-none"), { className: "bsp-small", "aria-pressed": String(s.hand === ""), dataset: { testid: "referee-hand-none" } },
          () => send({ type: "set", hand: "" }))]));
    }
    if (s.play === "draw") {
      const stockId = uid("stock");
      const stock = make("input", { id: stockId, type: "number", inputMode: "numeric", min: 0, max: 200, value: s.stock,
                                    dataset: { testid: "referee-stock" } });
      stock.addEventListener("change", () => send({ type: "set", stock: stock.value }));
      parts.push(make("div", { className: "bsp-field" }, make("label", { htmlFor: stockId }, t("stock")), stock));
    }
    situationBody.replaceChildren(...parts);
    galleryButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.id === model.get("dispute"))));
    if (aim) { picker.draw(); drawReading(); }
    if (focused && !root.contains(document.activeElement)) {
      const again = root.querySelector(`[data-testid="${focused}"]`);
      if (again) again.focus();
    }
  }

  function drawProblem() {
    problem.replaceChildren();
    if (model.get("problem")) problem.append(model.get("problem"));
    problem.hidden = !problem.childNodes.length;
  }

  root.append(problem, rulesPart, gallery, answer, situation);
  const redraw = () => { drawProblem(); drawVerdict(); drawSituation(); };
  const off = onChanges(model, {
    "change:situation": drawSituation, "change:dispute": drawSituation, "change:verdict": drawVerdict,
    "change:problem": drawProblem, "change:reading": drawReading,
  });
  redraw();
  return off;
}

export default { render };
