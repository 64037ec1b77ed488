// FeedbackBox: the engine's verdict. The message sits in a polite live region, so screen
// readers read it when it changes; itemized lines are a real table.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-feedback-box";
  root.dataset.testid = "feedback-box";

  const message = document.createElement("div");
  message.className = "bw-feedback";
  message.dataset.testid = "feedback";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");

  const body = document.createElement("div");
  body.className = "bw-feedback-body";
  const table = document.createElement("table");
  table.className = "bw-feedback-lines";
  table.dataset.testid = "feedback-lines";
  const picture = document.createElement("div");
  picture.className = "bw-feedback-picture";
  body.append(table, picture);

  const hint = document.createElement("div");
  hint.className = "bw-hint-text";
  hint.dataset.testid = "hint-text";
  hint.setAttribute("aria-live", "polite");

  root.append(message, body, hint);
  el.appendChild(root);

  function show() {
    const status = model.get("status");
    const value = model.get("value");
    message.textContent = value;
    message.dataset.status = status;
    message.hidden = !value;
    root.dataset.status = status;

    const lines = model.get("lines") || [];
    const total = model.get("total");
    const answer = model.get("answer");
    table.replaceChildren();
    if (lines.length) {
      const caption = document.createElement("caption");
      caption.textContent = "The engine's count";
      table.appendChild(caption);
      for (const [label, points] of lines) {
        const tr = document.createElement("tr");
        const a = document.createElement("td");
        a.textContent = label;
        const b = document.createElement("td");
        b.className = "bw-num";
        b.textContent = points > 0 ? `+${points}` : String(points);
        tr.append(a, b);
        table.appendChild(tr);
      }
      const sum = total !== null && total !== undefined ? total : lines.reduce((s, l) => s + l[1], 0);
      const tr = document.createElement("tr");
      tr.className = "bw-total";
      const a = document.createElement("th");
      a.scope = "row";
      a.textContent = "total";
      const b = document.createElement("th");
      b.className = "bw-num";
      b.textContent = String(sum);
      tr.append(a, b);
      table.appendChild(tr);
      if (answer) {
        const tr2 = document.createElement("tr");
        tr2.className = "bw-answer";
        const c = document.createElement("td");
        c.textContent = "your answer";
        const d = document.createElement("td");
        d.className = "bw-num";
        d.textContent = answer;
        tr2.append(c, d);
        table.appendChild(tr2);
      }
    }
    table.hidden = !lines.length;
    picture.innerHTML = model.get("svg") || "";
    picture.hidden = !model.get("svg");
    body.hidden = table.hidden && picture.hidden;
    hint.textContent = model.get("hint") ? `${model.get("hint_label")}: ${model.get("hint")}` : "";
    hint.hidden = !model.get("hint");
  }

  const names = ["value", "status", "lines", "total", "answer", "hint", "hint_label", "svg"];
  for (const n of names) model.on(`change:${n}`, show);
  show();
  return () => { for (const n of names) model.off(`change:${n}`, show); };
}

export default { render };
