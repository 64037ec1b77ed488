// PageConsole: what the kernel logged (a bug a page met, a failing bot), written to the browser
// console for a developer, never on the page. The kernel sends the log lines in "lines", each with
// a number that counts up; each line is written once, an error with console.error, a warning with
// console.warn. The widget is never displayed: anywidget makes its model, and this runs, without a view.

function initialize({ model }) {
  let seen = 0;
  const write = () => {
    for (const entry of model.get("lines") || []) {
      if (entry.n <= seen) continue;
      seen = entry.n;
      if (entry.level === "error") console.error(entry.text);
      else console.warn(entry.text);
    }
  };
  write();
  model.on("change:lines", write);
}

export default { initialize };
