// PuzzleButtons: the row under a puzzle (Check, Hint, Another one) and the badge saying where the
// learner stands, one model. The buttons look and behave as ipywidgets Buttons (the same classes,
// so the same style and focus ring); a click goes to the kernel as a message, in the order made.
// The words come from the kernel (the "buttons" and "badge_text" traits); the kernel judges.

function render({ model, el }) {
  const row = make("div", { className: "widget-hbox widget-box bw-puzzle-buttons-row" });
  const made = new Map();
  for (const name of ["check", "hint", "another"]) {
    const button = make("button", { type: "button" });
    button.addEventListener("click", () => model.send({ event: "click", button: name }));
    made.set(name, button);
    row.append(button);
  }
  const badge = make("div", { className: "widget-html bw-solved" });
  const badgeContent = make("div", { className: "widget-html-content" });
  badge.append(badgeContent);
  row.append(badge);
  el.append(row);

  function show() {
    const buttons = model.get("buttons") || {};
    for (const [name, button] of made) {
      drawButton(button, buttons[name] || {});
    }
    const standing = model.get("standing");
    const words = model.get("badge_text");
    badgeContent.replaceChildren();
    if (standing && words) {
      badgeContent.append(make("span", { className: `bw-badge-${standing}`, role: "status" }, words));
    }
  }

  const names = ["buttons", "standing", "badge_text"];
  const off = onChanges(model, Object.fromEntries(names.map((n) => [`change:${n}`, show])));
  show();
  return off;
}

export default { render };
