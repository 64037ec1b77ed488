// FeedbackBox: the engine's verdict. The message sits in a polite live region, so screen
// readers read it when it changes; the rule it turns on follows, with a link to the lesson
// section that teaches it; itemized lines are a real table (card by card in a second row).

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-feedback-box";
  root.dataset.testid = "feedback-box";

  const message = document.createElement("div");
  message.className = "bw-feedback";
  message.dataset.testid = "feedback";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");

  const rule = document.createElement("div");
  rule.className = "bw-feedback-rule";
  rule.dataset.testid = "feedback-rule";
  const ruleName = document.createElement("strong");
  const advice = document.createElement("span");
  advice.className = "bw-feedback-advice";
  const link = document.createElement("a");
  link.className = "bw-feedback-link";
  link.dataset.testid = "feedback-link";
  rule.append(ruleName, advice, link);

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

  root.append(message, rule, body, hint);
  el.appendChild(root);

  function text(key) {
    return (model.get("texts") || {})[key] || "";
  }

  function cell(tag, content, cls) {
    const c = document.createElement(tag);
    if (cls) c.className = cls;
    c.textContent = content;
    return c;
  }

  function show() {
    const status = model.get("status");
    const value = model.get("value");
    message.textContent = value;
    message.dataset.status = status;
    message.hidden = !value;
    root.dataset.status = status;

    const title = model.get("rule_title");
    rule.hidden = !title;
    rule.dataset.rule = model.get("rule") || "";
    ruleName.textContent = title ? `${text("rule")}: ${title}. ` : "";
    advice.textContent = model.get("advice") ? `${model.get("advice")} ` : "";
    const href = model.get("link");
    link.hidden = !href;
    if (href) {
      link.href = href;
      link.textContent = `${text("read-more")} ${model.get("link_text")}`;
    }

    const lines = model.get("lines") || [];
    const total = model.get("total");
    const answer = model.get("answer");
    table.replaceChildren();
    if (lines.length) {
      const caption = document.createElement("caption");
      caption.textContent = text("count");
      table.appendChild(caption);
      const shown = model.get("shown") || [];
      for (const [i, [label, points, detail]] of lines.entries()) {
        const tr = document.createElement("tr");
        tr.append(cell("td", label), cell("td", shown[i] ?? String(points), "bw-num"));
        table.appendChild(tr);
        if (detail) {
          const more = document.createElement("tr");
          more.className = "bw-detail";
          const d = cell("td", detail);
          d.colSpan = 2;
          more.appendChild(d);
          table.appendChild(more);
        }
      }
      if (total !== null && total !== undefined) {
        const tr = document.createElement("tr");
        tr.className = "bw-total";
        const a = cell("th", text("total"));
        a.scope = "row";
        tr.append(a, cell("th", shown[lines.length] ?? String(total), "bw-num"));
        table.appendChild(tr);
      }
      if (answer) {
        const tr = document.createElement("tr");
        tr.className = "bw-answer";
        tr.append(cell("td", text("your-answer")), cell("td", answer, "bw-num"));
        table.appendChild(tr);
      }
    }
    table.hidden = !lines.length;
    picture.innerHTML = model.get("svg") || "";
    picture.hidden = !model.get("svg");
    body.hidden = table.hidden && picture.hidden;
    const label = model.get("hint_label");
    hint.textContent = model.get("hint") ? (label ? `${label}: ${model.get("hint")}` : model.get("hint")) : "";
    hint.hidden = !model.get("hint");
  }

  const names = ["value", "status", "lines", "shown", "total", "answer", "hint", "hint_label", "svg", "rule", "rule_title",
                 "advice", "link", "link_text", "texts"];
  for (const n of names) model.on(`change:${n}`, show);
  show();
  return () => { for (const n of names) model.off(`change:${n}`, show); };
}

export default { render };
