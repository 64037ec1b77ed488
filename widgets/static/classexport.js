// ClassExport (buraco_widgets/class_export.py): the CSV to download, the class report shown (the
// engine's HTML, escaped by it), printed alone (its own page in a hidden frame) or downloaded.

function render({ model, el }) {
  const t = (name) => (model.get("texts") || {})[name] || "";
  const csv = make("a", { className: "bw-class-link", dataset: { testid: "class-csv" } }, t("csv"));
  const print = make("button", { type: "button", title: t("print-tip"), dataset: { testid: "class-print" } }, t("print"));
  const download = make("a", { className: "bw-class-link", dataset: { testid: "class-report-download" } }, t("download"));
  const report = make("div", { className: "bw-class-report", dataset: { testid: "class-report" } });
  const preview = make("details", { className: "bw-class-preview" }, make("summary", {}, t("preview")), report);
  const tools = make("div", { className: "bw-class-tools" }, csv, print, download);
  const nothing = make("p", { dataset: { testid: "class-export-nothing" } }, t("nothing"));
  const root = make("div", { className: "bw-class bw-class-export", role: "region", "aria-label": t("title"),
                             dataset: { testid: "class-export" } }, nothing, tools, preview);
  el.appendChild(root);
  const urls = [];

  function draw() {
    urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
    const ready = Boolean(model.get("csv"));
    nothing.hidden = ready;
    tools.hidden = preview.hidden = !ready;
    if (!ready) return;
    const csvUrl = URL.createObjectURL(new Blob([model.get("csv")], { type: "text/csv;charset=utf-8" }));
    const pageUrl = URL.createObjectURL(new Blob([model.get("document")], { type: "text/html" }));
    urls.push(csvUrl, pageUrl);
    csv.href = csvUrl;
    csv.download = model.get("csv_name");
    download.href = pageUrl;
    download.download = model.get("report_name");
    report.innerHTML = model.get("report") || "";
  }

  print.addEventListener("click", () => {
    const old = document.querySelector('iframe[data-testid="class-print-frame"]');
    if (old) old.remove();
    const frame = make("iframe", { className: "bw-print-frame", title: t("print"), tabIndex: -1,
                                   "aria-hidden": "true", dataset: { testid: "class-print-frame" } });
    frame.addEventListener("load", () => {
      try {
        frame.contentWindow.focus();
        frame.contentWindow.print();
      } catch (e) {
        window.open(download.href, "_blank");
      }
    });
    frame.srcdoc = model.get("document") || "";
    document.body.appendChild(frame);
  });

  const names = ["csv", "document", "report"];
  names.forEach((n) => model.on(`change:${n}`, draw));
  draw();
  return () => {
    names.forEach((n) => model.off(`change:${n}`, draw));
    urls.forEach((u) => URL.revokeObjectURL(u));
  };
}

export default { render };
