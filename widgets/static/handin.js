// HandIn: the learner's name, "Hand in my progress", the hand-in as a file to download and a code to
// copy (both made by the kernel: buraco_core/teach/learners/handin.py), and an import of a file or a code. The
// page decides nothing: it sends the name, a file's text or a code to the kernel and shows its answer.

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const nameId = uid("name");
  const name = make("input", { id: nameId, type: "text", maxLength: 40, autocomplete: "nickname",
                               dataset: { testid: "handin-name" } });
  const go = make("button", { type: "button", className: "bw-handin-go", title: t("button-tip"),
                              dataset: { testid: "handin-button" } }, t("button"));
  const hub = make("p", { className: "bw-handin-hub", dataset: { testid: "handin-hub" } });
  const message = make("p", { className: "bw-handin-message", role: "status", "aria-live": "polite",
                              dataset: { testid: "handin-message" } });
  const download = make("a", { className: "bw-handin-download", dataset: { testid: "handin-download" } });
  const codeId = uid("code");
  const code = make("textarea", { id: codeId, rows: 3, readOnly: true, spellcheck: false,
                                  dataset: { testid: "handin-code" } });
  const copy = make("button", { type: "button", dataset: { testid: "handin-copy" } }, t("copy"));
  const result = make("div", { className: "bw-handin-result", hidden: true },
    download, make("label", { htmlFor: codeId }, t("code-label")), code, copy);

  const fileId = uid("file");
  const file = make("input", { id: fileId, type: "file", accept: ".json,application/json,text/plain",
                               dataset: { testid: "handin-import-file" } });
  const pasteId = uid("paste");
  const paste = make("textarea", { id: pasteId, rows: 2, spellcheck: false, dataset: { testid: "handin-import-code" } });
  const importBtn = make("button", { type: "button", dataset: { testid: "handin-import" } }, t("import-button"));
  const importBox = make("details", { className: "bw-handin-import" }, make("summary", {}, t("import-title")),
    make("div", { className: "bw-handin-import-body" }, make("p", {}, t("import-intro")),
      make("label", { htmlFor: fileId }, t("import-file")), file,
      make("label", { htmlFor: pasteId }, t("import-code")), paste, importBtn));

  const root = make("div", { className: "bw-handin", role: "region", "aria-label": t("title"),
                             dataset: { testid: "handin" } },
    make("div", { className: "bw-handin-title" }, t("title")), make("p", {}, t("intro")), hub,
    make("div", { className: "bw-handin-row" }, make("label", { htmlFor: nameId }, t("name-label")), name, go),
    message, result, importBox);
  el.appendChild(root);

  let url = "";
  function show() {
    hub.textContent = model.get("hub") || "";
    hub.hidden = !model.get("hub");
    if (document.activeElement !== name) name.value = model.get("name") || "";
    message.textContent = model.get("message") || "";
    message.dataset.status = model.get("status") || "info";
    const text = model.get("file_text");
    result.hidden = !text;
    if (url) URL.revokeObjectURL(url);
    url = text ? URL.createObjectURL(new Blob([text], { type: "application/json" })) : "";
    download.href = url || "#";
    download.download = model.get("file_name") || "";
    download.textContent = fill(t("download"), { file: model.get("file_name") || "" });
    code.value = model.get("code") || "";
  }

  go.addEventListener("click", () => model.send({ type: "hand-in", name: name.value }));
  name.addEventListener("keydown", (event) => {
    if (event.key === "Enter") model.send({ type: "hand-in", name: name.value });
  });
  copy.addEventListener("click", () => {
    code.focus();
    code.select();
    const said = (key) => { message.textContent = t(key); message.dataset.status = "info"; };
    try {
      if (navigator.clipboard) navigator.clipboard.writeText(code.value).then(() => said("copied"), () => said("copy-failed"));
      else said("copy-failed");
    } catch (e) {
      said("copy-failed");
    }
  });
  importBtn.addEventListener("click", () => {
    const chosen = file.files && file.files[0];
    if (!chosen) {
      model.send({ type: "import", text: paste.value });
      return;
    }
    const reader = new FileReader();
    reader.addEventListener("load", () => model.send({ type: "import", text: String(reader.result || "") }));
    reader.addEventListener("error", () => model.send({ type: "unreadable" }));
    reader.readAsText(chosen);
  });

  const names = ["hub", "name", "message", "status", "file_text", "file_name", "code"];
  names.forEach((n) => model.on(`change:${n}`, show));
  show();
  return () => {
    names.forEach((n) => model.off(`change:${n}`, show));
    if (url) URL.revokeObjectURL(url);
  };
}

export default { render };
