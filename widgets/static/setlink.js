// PageLink (buraco_widgets/setlink.py): the raw value of one parameter of the page's fragment
// (#set=...), sent to the kernel once every cell of the page has run (as the house rules read
// #variant=...), and again when the address changes. Shows nothing.

function readHash(param) {
  const m = new RegExp(`(?:^#|&)${param}=([^&]*)`).exec(window.location.hash || "");
  return m ? m[1] : "";
}

function render({ model, el }) {
  el.hidden = true;
  const send = () => sendWhileHere(model, { type: "link", value: readHash(model.get("param")) });
  whenPageRan(send);
  window.addEventListener("hashchange", send);
  return () => window.removeEventListener("hashchange", send);
}

export default { render };
