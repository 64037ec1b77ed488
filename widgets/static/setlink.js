// PageLink (buraco_widgets/setlink.py): the raw value of one parameter of the page's fragment
// (#set=..., or ?set=... on a hub), sent to the kernel once every cell of the page has run (as the house rules read
// #variant=...), and again when the address changes. Shows nothing.

// The fragment's value as it is; else the query's, decoded once (a hub's user-redirect link carries the
// set in the query, encoded once more, since its login form loses a fragment: buraco_core/teach/learners/links.py).
function readHash(param) {
  const m = new RegExp(`(?:^#|&)${param}=([^&]*)`).exec(window.location.hash || "");
  if (m) return m[1];
  return new URLSearchParams(window.location.search || "").get(param) || "";
}

function render({ model, el }) {
  el.hidden = true;
  const send = () => sendWhileHere(model, { type: "link", value: readHash(model.get("param")) });
  whenPageRan(send);
  window.addEventListener("hashchange", send);
  return () => window.removeEventListener("hashchange", send);
}

export default { render };
