// FeedbackBox: the engine's verdict. The message sits in a polite live region, so screen
// readers read it when it changes; the rule it turns on follows, with a link to the lesson
// section that teaches it; itemized lines are a real table (card by card in a second row).

function render({ model, el }) {
  const message = make("div", { className: "bw-feedback", dataset: { testid: "feedback" }, role: "status",
                                "aria-live": "polite" });
  const ruleName = make("strong");
  const advice = make("span", { className: "bw-feedback-advice" });
  const link = make("a", { className: "bw-feedback-link", dataset: { testid: "feedback-link" } });
  const rule = make("div", { className: "bw-feedback-rule", dataset: { testid: "feedback-rule" } }, ruleName, advice, link);
  const table = make("table", { className: "bw-feedback-lines", dataset: { testid: "feedback-lines" } });
  const picture = make("div", { className: "bw-feedback-picture" });
  const body = make("div", { className: "bw-feedback-body" }, table, picture);
  const hint = make("div", { className: "bw-hint-text", dataset: { testid: "hint-text" }, "aria-live": "polite" });
  const root = make("div", { className: "bw-feedback-box", dataset: { testid: "feedback-box" } }, message, rule, body, hint);
  el.appendChild(root);

  function text(key) {
    return (model.get("texts") || {})[key] || "";
  }

  function cell(tag, content, cls) {
    return make(tag, cls ? { className: cls } : {}, content);
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
      table.appendChild(make("caption", {}, text("count")));
      const shown = model.get("shown") || [];
      for (const [i, [label, points, detail]] of lines.entries()) {
        table.appendChild(make("tr", {}, cell("td", label), cell("td", shown[i] ?? String(points), "bw-num")));
        if (detail) table.appendChild(make("tr", { className: "bw-detail" }, make("td", { colSpan: 2 }, detail)));
      }
      if (total !== null && total !== undefined) {
        table.appendChild(make("tr", { className: "bw-total" }, make("th", { scope: "row" }, text("total")),
                               cell("th", shown[lines.length] ?? String(total), "bw-num")));
      }
      if (answer) {
        table.appendChild(make("tr", { className: "bw-answer" }, cell("td", text("your-answer")),
                               cell("td", answer, "bw-num")));
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
  const off = onChanges(model, Object.fromEntries(names.map((n) => [`change:${n}`, show])));
  show();
  return off;
}

export default { render };
