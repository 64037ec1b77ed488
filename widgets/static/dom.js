// Helpers shared by the widgets' front ends: each widget's module is this file followed by its own
// (widgets/_common.py, esm()), so there is one copy of them.

// An element with properties (or attributes, where the element has no such property), a dataset and
// children.
function make(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k in node && k !== "list") node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

let uidCounter = 0;
// A page-unique id, to tie a label to its control.
function uid(name) {
  return `bw-${name}-${++uidCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

// A catalog sentence with its {parameters} filled in.
function fill(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (m, key) => (key in values ? String(values[key]) : m));
}

// Whether the page is being left (a link followed, a reload, the landing page's redirect): the
// page's kernel connection is let go then, and a message sent after it throws "Cannot send".
let leaving = false;
window.addEventListener("beforeunload", () => { leaving = true; });
window.addEventListener("pagehide", () => { leaving = true; });
window.addEventListener("pageshow", () => { leaving = false; });

// Sends ``content`` to the widget's Python side; while the page is being left there is nowhere to
// send it, and the message is dropped (a page that stays raises as before). For what a widget sends
// by itself, after a promise or an event of another tab, which may come after the learner left.
function sendWhileHere(model, content) {
  try {
    model.send(content);
  } catch (e) {
    if (!leaving) throw e;
  }
}

// Calls back once every cell of the Voila page has run (Voila shows a page while its cells still run).
function whenPageRan(then) {
  let tries = 0;
  const check = () => {
    const cells = document.querySelector("#rendered_cells");
    const running = cells && (getComputedStyle(cells).display === "none"
      || document.querySelector('script[type="application/vnd.voila.cell-output+json"]'));
    if (!running || ++tries > 600) then();
    else window.setTimeout(check, 100);
  };
  check();
}

// A page's text kept in this browser under ``key`` (localStorage; an empty text forgets it): true
// when kept (or forgotten), false when the browser refused (storage full, blocked, or no storage).
function keepInBrowser(key, text) {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
    return true;
  } catch (e) {
    return !text;
  }
}

// The text kept in this browser under ``key``, or null (none kept, or no storage).
function keptInBrowser(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

// Draws on the model's changes: ``handlers`` maps an event ("change:view") to its function. Returns
// what a render returns to be cleaned up: every handler taken off again.
function onChanges(model, handlers) {
  const pairs = Object.entries(handlers);
  for (const [event, handler] of pairs) model.on(event, handler);
  return () => { for (const [event, handler] of pairs) model.off(event, handler); };
}

// A button drawn as an ipywidgets Button is (the same classes, so the same style and focus ring)
// from its state as the kernel keeps it: label, tip, css, style, disabled, shown.
function drawButton(b, s) {
  b.className = "jupyter-widgets jupyter-button widget-button";
  if (s.css) b.classList.add(s.css);
  if (s.style) b.classList.add("mod-" + s.style);
  b.textContent = s.label || "";
  b.title = s.tip || "";
  b.disabled = !!s.disabled;
  b.hidden = s.shown === false;
}

// The page's words: ``t(name, values)`` fills the kernel's template ``name`` of the model's "texts".
function textsOf(model) {
  return (name, values) => fill((model.get("texts") || {})[name] || "", values || {});
}

// A plain button with these properties, calling ``onClick`` on a click.
function clickButton(label, props, onClick) {
  const b = make("button", { type: "button", ...(props || {}) }, label);
  if (onClick) b.addEventListener("click", onClick);
  return b;
}
