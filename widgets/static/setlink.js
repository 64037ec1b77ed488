// PageLink (buraco_widgets/setlink.py): the raw value of one parameter of the page's fragment
// (#set=...), sent to the kernel once every cell of the page has run (as the house rules read
// #variant=...), and again when the address changes. Shows nothing.

function readHash(param) {
  const m = new RegExp(`(?:^#|&)${param}=([^&]*)`).exec(window.location.hash || "");
  return m ? m[1] : "";
}

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

function render({ model, el }) {
  el.hidden = true;
  const send = () => model.send({ type: "link", value: readHash(model.get("param")) });
  whenPageRan(send);
  window.addEventListener("hashchange", send);
  return () => window.removeEventListener("hashchange", send);
}

export default { render };
