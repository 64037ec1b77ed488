// CheatSheet: the engine's sheet (an HTML fragment it made and escaped), a Print button that prints
// the sheet alone (its own page with the print stylesheet, in a hidden frame), a download link.

function render({ model, el }) {
  const print = make("button", { type: "button", dataset: { testid: "cheat-print" } });
  const download = make("a", { dataset: { testid: "cheat-download" } });
  const sheet = make("div", { className: "bw-cheat-body" });
  el.appendChild(make("div", { className: "bw-cheat-widget", dataset: { testid: "cheat-sheet" } },
                      make("div", { className: "bw-cheat-tools" }, print, download), sheet));
  let url = "";

  function draw() {
    const texts = model.get("texts") || {};
    print.textContent = texts.print || "";
    print.title = texts["print-tip"] || "";
    download.textContent = texts.download || "";
    sheet.innerHTML = model.get("html") || "";
    if (url) URL.revokeObjectURL(url);
    url = URL.createObjectURL(new Blob([model.get("document") || ""], { type: "text/html" }));
    download.href = url;
    download.download = `cheat-sheet-${model.get("rules")}.html`;
  }

  print.addEventListener("click", () => {
    const old = document.querySelector('iframe[data-testid="cheat-print-frame"]');
    if (old) old.remove();
    const frame = make("iframe", { dataset: { testid: "cheat-print-frame" }, title: model.get("title") || "",
                                   "aria-hidden": "true", tabIndex: -1 });
    frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
    frame.addEventListener("load", () => {
      try {
        frame.contentWindow.focus();
        frame.contentWindow.print();
      } catch (e) {
        window.open(url, "_blank");
      }
    });
    frame.srcdoc = model.get("document") || "";
    document.body.appendChild(frame);
  });

  const off = onChanges(model, { "change:html": draw, "change:document": draw });
  draw();
  return () => {
    off();
    if (url) URL.revokeObjectURL(url);
  };
}

export default { render };
