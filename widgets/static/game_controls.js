// The game table's controls, one model per part (widgets/game_controls.py): "actions", the action
// buttons and the question New deal asks first; "command", the box to type a play in and its Play
// button. The buttons look and behave as ipywidgets Buttons (the same classes, so the same style
// and focus ring); a click, or Enter in the box, goes to the kernel as a message. The words come
// from the kernel; the kernel plays.

function render({ model, el }) {
  const part = model.get("part");
  const made = new Map();
  const click = (name) => model.send({ event: "click", button: name });
  const makeButton = (name) => {
    const b = make("button", { type: "button" });
    b.addEventListener("click", () => click(name));
    made.set(name, b);
    return b;
  };
  const buttons = () => model.get("buttons") || {};
  const answers = ["new_deal", "keep_playing"];

  let question = null;
  let input = null;
  if (part === "command") {
    const id = uid("play");
    input = make("input", { type: "text", id, className: "widget-input",
                            placeholder: (model.get("texts") || {}).placeholder || "" });
    input.addEventListener("input", () => { model.set("command", input.value); model.save_changes(); });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") model.send({ event: "submit", text: input.value });
    });
    const label = make("label", { className: "widget-label", htmlFor: id }, (model.get("texts") || {}).label || "");
    const box = make("div", { className: "widget-inline-hbox widget-text bw-command" }, label, input);
    el.append(make("div", { className: "widget-hbox widget-box bw-controls-row" },
                   box, ...Object.keys(buttons()).map(makeButton)));
  } else {
    const row = make("div", { className: "widget-hbox widget-box bw-controls-row" });
    for (const name of Object.keys(buttons())) if (!answers.includes(name)) row.append(makeButton(name));
    const words = make("strong", { role: "alert" });
    question = make("div", { className: "widget-hbox widget-box bw-controls-row bw-confirm" },
                    words, ...answers.map(makeButton));
    question.words = words;
    el.append(row, question);
  }

  function show() {
    const all = buttons();
    for (const [name, b] of made) {
      drawButton(b, all[name] || {});
    }
    if (question) {
      const asked = model.get("question") || "";
      question.words.textContent = asked;
      question.hidden = !asked;
    }
    if (input && input.value !== model.get("command")) input.value = model.get("command") || "";
  }

  const off = onChanges(model, { "change:buttons": show, "change:question": show, "change:command": show });
  show();
  return off;
}

export default { render };
