// CheatSheet: the engine's sheet (an HTML fragment it made and escaped), a Print button that prints
// the sheet alone (its own page with the print stylesheet, in a hidden frame), a download link.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bw-cheat-widget";
  root.dataset.testid = "cheat-sheet";
  const tools = document.createElement("div");
  tools.className = "bw-cheat-tools";
  const print = document.createElement("button");
  print.type = "button";
  print.dataset.testid = "cheat-print";
  const download = document.createElement("a");
  download.dataset.testid = "cheat-download";
  tools.append(print, download);
  const sheet = document.createElement("div");
  sheet.className = "bw-cheat-body";
  root.append(tools, sheet);
  el.appendChild(root);
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
    const frame = document.createElement("iframe");
    frame.dataset.testid = "cheat-print-frame";
    frame.title = model.get("title") || "";
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
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

  model.on("change:html", draw);
  model.on("change:document", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:document", draw);
    if (url) URL.revokeObjectURL(url);
  };
}

export default { render };
