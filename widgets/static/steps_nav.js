// The questions' Previous / Next (and a quiz's New quiz) with the score so far, one model
// (widgets/steps.py StepsNav): the buttons look and behave as ipywidgets Buttons (the same
// classes); a click goes to the kernel as a message. The words and the score come from the kernel.

function render({ model, el }) {
  const row = make("div", { className: "widget-hbox widget-box bw-quiz-nav" });
  const made = new Map();
  for (const name of Object.keys(model.get("buttons") || {})) {
    const b = make("button", { type: "button" });
    b.addEventListener("click", () => model.send({ event: "click", button: name }));
    made.set(name, b);
    row.append(b);
  }
  const score = make("div", { className: "widget-html bw-quiz-score" });
  const scoreContent = make("div", { className: "widget-html-content" });
  score.append(scoreContent);
  el.append(row, score);

  function show() {
    const all = model.get("buttons") || {};
    for (const [name, b] of made) {
      drawButton(b, all[name] || {});
    }
    // the kernel's HTML, escaped there, as an ipywidgets HTML shows its value
    scoreContent.innerHTML = model.get("score") || "";
  }

  const off = onChanges(model, { "change:buttons": show, "change:score": show });
  show();
  return off;
}

export default { render };
