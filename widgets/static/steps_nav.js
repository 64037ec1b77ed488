// The questions' Previous / Next (and a quiz's New quiz) with the score so far: a part the question
// shown draws in its own model (widgets/steps.py StepsNav, parts.js). The buttons look and behave as
// ipywidgets Buttons (the same classes); a click goes to the kernel as a message. The words and the
// score come from the kernel.
//
// Next and Previous move the row into the next question's model, so the button clicked leaves the
// page: the row drawn for the same questions ("owner") then takes the focus back, on the same button
// or, where that one is now disabled or hidden, on the first one that is not (a keyboard user goes
// on pressing Enter or Space).

const NAV_FOCUS = (globalThis.__buracoNavFocus ??= { owner: "", button: "", at: 0 });

function render({ model, el }) {
  const row = make("div", { className: "widget-hbox widget-box bw-quiz-nav" });
  const made = new Map();
  for (const name of Object.keys(model.get("buttons") || {})) {
    const b = make("button", { type: "button" });
    b.addEventListener("click", () => {
      Object.assign(NAV_FOCUS, { owner: model.get("owner") || "", button: name, at: Date.now() });
      model.send({ event: "click", button: name });
    });
    made.set(name, b);
    row.append(b);
  }
  const score = make("div", { className: "widget-html bw-quiz-score" });
  const scoreContent = make("div", { className: "widget-html-content" });
  score.append(scoreContent);
  el.append(row, score);

  // the focus a click on this row's buttons had, while the next question's row is being drawn
  function takeFocus() {
    const owner = model.get("owner") || "";
    if (!owner || NAV_FOCUS.owner !== owner || Date.now() - NAV_FOCUS.at > 5000) return;
    const now = document.activeElement;
    if (now && row.contains(now) && !now.disabled) return;
    if (now && now !== document.body && !row.contains(now)) return; // the learner went elsewhere
    const usable = (b) => b && b.isConnected && !b.disabled && !b.hidden;
    const target = usable(made.get(NAV_FOCUS.button)) ? made.get(NAV_FOCUS.button)
      : [...made.values()].find(usable);
    if (target) target.focus();
  }

  function show() {
    const all = model.get("buttons") || {};
    for (const [name, b] of made) {
      drawButton(b, all[name] || {});
    }
    // the kernel's HTML, escaped there, as an ipywidgets HTML shows its value
    scoreContent.innerHTML = model.get("score") || "";
    takeFocus();
  }

  const off = onChanges(model, { "change:buttons": show, "change:score": show });
  show();
  // a question's model may be drawn before the page shows it: try again until the row is there
  let tries = 0;
  const settle = () => {
    takeFocus();
    if (!row.isConnected && ++tries < 40) setTimeout(settle, 50);
  };
  settle();
  return off;
}

export default { render };
