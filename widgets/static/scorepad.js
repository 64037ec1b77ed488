// ScorePadPage: the score pad's page (widgets/scorepad.py). It shows the match the kernel's ScorePad
// holds (model "view") and sends what the player taps or types; the engine reads every meld and scores
// every hand, this page decides nothing. The card picker keeps the cards being tapped (a selection, no
// rule; static/cardpicker.js, shared with the referee) and asks the kernel to read them at each tap ("reading"). The match is kept in localStorage
// ("kept" under "kept_key") and sent back when the page opens again; a #scorepad= link opens a match.

function render({ model, el }) {
  const t = textsOf(model);
  const send = (content) => sendWhileHere(model, content);
  const button = clickButton;

  const root = make("div", { className: "bsp", role: "region", "aria-label": t("title"), dataset: { testid: "scorepad" } });
  root.classList.add("bsp-pad");  // the score pad's own layout (scorepad.css), not the referee's
  const problem = make("p", { className: "bsp-problem", role: "alert", dataset: { testid: "scorepad-problem" } });
  const setup = make("form", { className: "bsp-setup", dataset: { testid: "scorepad-setup" } });
  const match = make("div", { className: "bsp-match", dataset: { testid: "scorepad-match" } });
  root.append(problem, setup, match);
  el.appendChild(root);

  // ------------------------------------------------------------------ the setup
  const rulesId = uid("rules");
  const rules = make("select", { id: rulesId, dataset: { testid: "scorepad-rules" } },
    ...(model.get("rulesets") || []).map((r) => make("option", { value: r.name }, r.title)));
  const houseId = uid("house");
  const house = make("input", { id: houseId, type: "text", spellcheck: false, autocomplete: "off",
                                title: t("house-tip"), dataset: { testid: "scorepad-house" } });
  const targetId = uid("target");
  const target = make("input", { id: targetId, type: "number", inputMode: "numeric", min: 0, step: 5,
                                 dataset: { testid: "scorepad-target" } });
  let players = 4;
  const countButtons = [2, 3, 4].map((n) => button(String(n), { className: "bsp-count", dataset: { testid: `scorepad-players-${n}` } },
    () => { players = n; drawSetup(); }));
  const count = make("div", { className: "bsp-counts", role: "group", "aria-label": t("players") }, ...countButtons);
  const names = [1, 2, 3, 4].map((n) => make("input", { type: "text", autocomplete: "off", maxLength: 24,
                                                         "aria-label": t("name", { n }), placeholder: t("name", { n }),
                                                         dataset: { testid: `scorepad-name-${n}` } }));
  const teams = [1, 2].map((n) => make("input", { type: "text", autocomplete: "off", maxLength: 24,
                                                  "aria-label": t("team-name", { n }), placeholder: t("team-name", { n }),
                                                  dataset: { testid: `scorepad-team-${n}` } }));
  const teamRow = make("div", { className: "bsp-names" }, ...teams);
  const start = make("button", { type: "submit", className: "bsp-primary", dataset: { testid: "scorepad-start" } }, t("start"));
  const importId = uid("import");
  const importBox = make("textarea", { id: importId, rows: 2, spellcheck: false, placeholder: t("import-tip"),
                                       dataset: { testid: "scorepad-import" } });
  const importGo = button(t("import"), { dataset: { testid: "scorepad-import-go" } },
    () => { if (importBox.value.trim()) send({ type: "import", text: importBox.value }); });
  setup.append(
    make("h2", {}, t("setup")),
    make("div", { className: "bsp-field" }, make("label", { htmlFor: rulesId }, t("ruleset")), rules),
    make("div", { className: "bsp-field" }, make("label", { htmlFor: houseId }, t("house")), house),
    make("div", { className: "bsp-field" }, make("span", { className: "bsp-label" }, t("players")), count),
    make("div", { className: "bsp-names" }, ...names), teamRow,
    make("div", { className: "bsp-field" }, make("label", { htmlFor: targetId }, t("target")), target),
    start,
    make("details", { className: "bsp-more" }, make("summary", {}, t("import")),
      make("label", { htmlFor: importId, className: "bsp-sr" }, t("import-tip")), importBox, importGo));

  function ruleset() {
    return (model.get("rulesets") || []).find((r) => r.name === rules.value) || {};
  }
  function drawSetup() {
    countButtons.forEach((b, i) => b.setAttribute("aria-pressed", String(i + 2 === players)));
    names.forEach((input, i) => { input.hidden = i >= players; });
    teamRow.hidden = !(players === 4 && ruleset().partnerships);
  }
  rules.addEventListener("change", () => {
    target.value = ruleset().target ?? "";
    drawSetup();
  });
  target.value = ruleset().target ?? "";
  setup.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = names.slice(0, players).map((n) => n.value.trim());
    const teamNames = teamRow.hidden ? [] : teams.map((n) => n.value.trim());
    send({ type: "setup", rules: rules.value, house: house.value, players,
           names: chosen.every(Boolean) ? chosen : [], teams: teamNames.every(Boolean) ? teamNames : [],
           target: target.value === "" ? null : Number(target.value) });
  });
  drawSetup();

  // ------------------------------------------------------------------ the card picker (one, shown where it is asked for)
  let aim = null; // {kind: "meld", side} or {kind: "left", player}
  const picker = cardPicker({
    ranks: model.get("ranks"), suits: model.get("suits"), t, prefix: "scorepad",
    onChange: (cards) => { if (aim && aim.kind === "meld") send({ type: "read", cards: cards.join(" ") }); },
    onDone: finish,
    onCancel: () => { aim = null; drawPicker(); },
  });

  function finish(picked) {
    if (!aim) return;
    if (aim.kind === "meld") {
      if (picked.length) send({ type: "meld", side: aim.side, cards: picked.join(" ") });
    } else {
      send({ type: "left", player: aim.player, cards: picked.join(" ") });
    }
    aim = null;
    drawPicker();
  }
  function open(next, cards) {
    aim = next;
    picker.set(cards);
    if (aim.kind === "meld") send({ type: "read", cards: picker.cards().join(" ") });
    drawMatch();
    picker.focus();
  }
  function drawPicked() {
    const reading = model.get("reading") || {};
    const readingLine = picker.readingLine;
    readingLine.replaceChildren();
    readingLine.className = "bsp-reading";
    picker.showPicked(aim && aim.kind === "meld" && reading.cards ? reading.cards : "");
    if (aim && aim.kind === "meld" && picker.cards().length >= 3) {
      if (reading.ok) readingLine.append(reading.text);
      else if (reading.sentence) { readingLine.classList.add("bsp-bad"); readingLine.append(...refusalParts(reading)); }
    }
  }
  function drawPicker() {
    if (!aim) { picker.element.remove(); return; }
    picker.draw();
    drawPicked();
  }

  function refusalParts(r) {
    const parts = [make("strong", {}, t("refused", { title: r.title || r.clause })), " ", r.sentence,
                   make("span", { className: "bsp-clause" }, ` [${r.clause}]`)];
    if (r.fixes && r.fixes.length) parts.push(make("span", { className: "bsp-fixes" }, " " + t("fixes", { fixes: r.fixes.join(" · ") })));
    return parts;
  }

  // ------------------------------------------------------------------ the match
  const handId = uid("hand");
  const handBox = make("textarea", { id: handId, rows: 3, spellcheck: false, autocapitalize: "off",
                                     placeholder: t("type-hand-tip"), dataset: { testid: "scorepad-hand-text" } });
  let correcting = 0;
  const handLabel = make("label", { htmlFor: handId }, t("type-hand"));
  const handGo = button(t("enter"), { dataset: { testid: "scorepad-enter" } }, () => {
    if (!handBox.value.trim()) return;
    if (correcting) send({ type: "correct", number: correcting, text: handBox.value });
    else send({ type: "enter", text: handBox.value });
    correcting = 0;
    handBox.value = "";
  });

  function drawMatch() {
    const view = model.get("view") || {};
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
    setup.hidden = Boolean(view.sides);
    if (!view.sides) { match.replaceChildren(); return; }
    // In three parts, in the order a phone shows them: the match's head (its rules, the totals, where it
    // stands), the hand being entered (or Undo once the match is over), and the score sheet (the hands
    // scored, keep or share, a new match). From 900 px the entry stands beside the head and the sheet.
    const totals = make("table", { className: "bsp-totals", dataset: { testid: "scorepad-totals" } },
      make("tbody", {}, ...view.sides.map((s, i) => make("tr", {}, make("th", { scope: "row" }, s.name),
                                                           make("td", {}, (view.totals || [])[i] || "0")))));
    const head = make("div", { className: "bsp-head" },
      make("p", { className: "bsp-rules", dataset: { testid: "scorepad-rules-line" } }, view.setup), totals,
      make("p", { className: "bsp-status", role: "status", dataset: { testid: "scorepad-status" } }, view.status));
    const parts = [head];
    const sheet = [];
    if (!view.over) {
      const hand = make("section", { className: "bsp-hand", "aria-label": t("hand-n", { n: view.next }) },
                        make("h2", {}, t("hand-n", { n: view.next })));
      view.sides.forEach((side, s) => {
        const melds = make("ul", { className: "bsp-melds", dataset: { testid: `scorepad-melds-${s}` } },
          ...side.melds.map((m, i) => make("li", { className: "bsp-meld" },
            make("span", { className: "bsp-meld-label" }, m.label),
            button("×", { className: "bsp-remove", "aria-label": `${t("take-back")}: ${m.cards}`, title: t("take-back"),
                          dataset: { testid: `scorepad-unmeld-${s}-${i}` } }, () => send({ type: "unmeld", side: s, index: i })))));
        const add = button(t("add-meld"), { className: "bsp-add", dataset: { testid: `scorepad-add-meld-${s}` } },
          () => open({ kind: "meld", side: s }));
        const lefts = side.players.map((p) => button(
          `${t("set-left", { player: p.name })}${p.left ? ": " + p.left : ""}`,
          { className: "bsp-left", dataset: { testid: `scorepad-left-${p.seat}` } },
          () => open({ kind: "left", player: p.seat }, p.tokens)));
        const box = make("fieldset", { className: "bsp-side", dataset: { testid: `scorepad-side-${s}` } },
          make("legend", {}, side.name), melds, add);
        if (aim && aim.kind === "meld" && aim.side === s) box.append(picker.element);
        box.append(...lefts);
        side.players.forEach((p) => { if (aim && aim.kind === "left" && aim.player === p.seat) box.append(picker.element); });
        if (view.pots) {
          const potId = uid("pot");
          const pot = make("input", { id: potId, type: "checkbox", checked: side.pot, dataset: { testid: `scorepad-pot-${s}` } });
          pot.addEventListener("change", () => send({ type: "pot", side: s, taken: pot.checked }));
          box.append(make("div", { className: "bsp-check" }, pot, make("label", { htmlFor: potId }, t("pot"))));
          if (view.unused_counts && side.pot) {
            const unusedId = uid("unused");
            const unused = make("input", { id: unusedId, type: "checkbox", checked: side.unused,
                                           dataset: { testid: `scorepad-pot-unused-${s}` } });
            unused.addEventListener("change", () => send({ type: "pot", side: s, taken: true, unused: unused.checked }));
            box.append(make("div", { className: "bsp-check bsp-indent" }, unused, make("label", { htmlFor: unusedId }, t("pot-unused"))));
          }
        }
        hand.append(box);
      });
      const outName = uid("out");
      const outs = make("fieldset", { className: "bsp-out", dataset: { testid: "scorepad-out" } }, make("legend", {}, t("out")),
        ...[...view.sides.map((s, i) => [i, s.name]), [null, t("nobody-out")]].map(([side, label]) => {
          const id = uid("out");
          const radio = make("input", { id, type: "radio", name: outName, checked: view.went_out === side,
                                        dataset: { testid: `scorepad-out-${side === null ? "none" : side}` } });
          radio.addEventListener("change", () => send({ type: "out", side }));
          return make("div", { className: "bsp-check" }, radio, make("label", { htmlFor: id }, label));
        }));
      hand.append(outs);
      if (view.preview && view.preview.length) {
        hand.append(make("h3", {}, t("preview", { n: view.next })), scores(view.preview, "scorepad-preview"));
      }
      hand.append(make("div", { className: "bsp-tools" },
        button(t("score"), { className: "bsp-primary", dataset: { testid: "scorepad-score" } },
               () => send({ type: "score" })),
        button(t("undo"), { dataset: { testid: "scorepad-undo" } }, () => send({ type: "undo" }))));
      hand.append(make("details", { className: "bsp-more", open: Boolean(correcting) },
        make("summary", {}, t("type-hand")), handLabel, handBox, handGo));
      parts.push(hand);
    } else {
      parts.push(make("div", { className: "bsp-tools" },
        button(t("undo"), { dataset: { testid: "scorepad-undo" } }, () => send({ type: "undo" }))));
    }
    if (view.hands && view.hands.length) {
      const list = make("section", { className: "bsp-hands", dataset: { testid: "scorepad-hands" } }, make("h2", {}, t("hands")));
      list.append(button(t("print"), { dataset: { testid: "scorepad-print" } }, () => printSheet(view)));
      [...view.hands].reverse().forEach((h) => {
        list.append(make("h3", {}, h.title), scores(h.scores, `scorepad-hand-${h.number}`),
          button(t("correct"), { className: "bsp-small", dataset: { testid: `scorepad-correct-${h.number}` } }, () => {
            correcting = h.number;
            handLabel.textContent = t("correcting", { n: h.number });
            handBox.value = h.text;
            drawMatch();
            handBox.focus();
          }));
      });
      sheet.push(list);
    }
    const textId = uid("text");
    const linkId = uid("link");
    const here = window.location.href.split("#")[0];
    sheet.push(make("details", { className: "bsp-more", dataset: { testid: "scorepad-export" } }, make("summary", {}, t("export")),
      make("label", { htmlFor: textId }, t("export-text")),
      make("textarea", { id: textId, rows: 4, readOnly: true, value: view.text || "", dataset: { testid: "scorepad-text" } }),
      make("label", { htmlFor: linkId }, t("export-link")),
      make("input", { id: linkId, type: "text", readOnly: true, value: here + (view.link || ""), dataset: { testid: "scorepad-link" } }),
      make("p", { className: "bsp-kept", dataset: { testid: "scorepad-kept" } }, keepFailed ? t("keep-failed") : t("kept"))));
    sheet.push(make("div", { className: "bsp-tools" }, button(t("new-match"), { title: t("new-match-tip"), dataset: { testid: "scorepad-new" } },
      () => { if (window.confirm(t("new-match-tip") + "?")) send({ type: "new" }); })));
    parts.push(make("div", { className: "bsp-sheet" }, ...sheet));
    match.classList.toggle("bsp-playing", !view.over);
    if (correcting) handLabel.textContent = t("correcting", { n: correcting });
    else handLabel.textContent = t("type-hand");
    match.replaceChildren(...parts);
    drawPicker();
    if (focused && !root.contains(document.activeElement)) {
      const again = root.querySelector(`[data-testid="${focused}"]`);
      if (again) again.focus();
    }
  }

  // The score sheet the session made (escaped HTML), printed alone from a hidden frame.
  function printSheet(view) {
    const old = document.querySelector('iframe[data-testid="scorepad-print-frame"]');
    if (old) old.remove();
    const frame = make("iframe", { title: t("print"), tabIndex: -1, dataset: { testid: "scorepad-print-frame" } });
    frame.setAttribute("aria-hidden", "true");
    frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
    frame.addEventListener("load", () => {
      try {
        frame.contentWindow.focus();
        frame.contentWindow.print();
      } catch (e) { /* no print window here: the sheet stays on the page */ }
    });
    frame.srcdoc = view.document || "";
    document.body.appendChild(frame);
  }

  function scores(list, testid) {
    return make("div", { className: "bsp-scores", dataset: { testid } }, ...list.map((s) => make("div", { className: "bsp-score" },
      make("h4", {}, s.side),
      make("ul", {}, ...s.lines.map((l) => make("li", {}, make("span", {}, l.label), make("span", { className: "bsp-pts" }, l.points)))),
      make("p", { className: "bsp-score-total" }, make("strong", {}, s.total)))));
  }

  function drawProblem() {
    const refusal = model.get("refusal") || {};
    problem.replaceChildren();
    if (refusal.sentence) problem.append(...refusalParts(refusal));
    else if (model.get("problem")) problem.append(model.get("problem"));
    problem.hidden = !problem.childNodes.length;
  }

  // ------------------------------------------------------------------ kept in the browser
  let keepFailed = false;
  function keep() {
    keepFailed = !keepInBrowser(model.get("kept_key"), model.get("kept") || "");
  }
  const hash = window.location.hash || "";
  if (hash.includes("scorepad=")) {
    send({ type: "import", text: "#" + hash.slice(hash.indexOf("scorepad=")) });
  } else {
    const stored = keptInBrowser(model.get("kept_key"));
    if (stored) send({ type: "restore", kept: stored });
  }

  const redraw = () => { drawProblem(); drawMatch(); };
  const off = onChanges(model, {
    "change:view": redraw, "change:problem": drawProblem, "change:refusal": drawProblem,
    "change:reading": drawPicked, "change:kept": keep,
  });
  redraw();
  return off;
}

export default { render };
