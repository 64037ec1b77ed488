// GameKeeper: keeps a game in the browser (localStorage) so that a reload resumes it.
// On render it hands the kernel what it kept under its key ("restored"); afterwards it keeps
// every new "saved" text the kernel sends. Nothing visible: the table shows the game.

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null; // private mode or blocked storage: the game simply is not kept
  }
}

function render({ model, el }) {
  el.classList.add("bw-keeper");
  el.hidden = true;
  const store = storage();
  const key = () => "buraco-trainer/" + model.get("key");
  if (store) {
    const kept = store.getItem(key());
    if (kept && kept !== model.get("saved")) {
      model.set("restored", kept);
      model.save_changes();
    }
  }
  const keep = () => {
    const text = model.get("saved");
    if (!store) return;
    try {
      if (text) store.setItem(key(), text);
      else store.removeItem(key());
    } catch (e) {
      // storage full or blocked: the game goes on, it is just not kept
    }
  };
  model.on("change:saved", keep);
  return () => model.off("change:saved", keep);
}

export default { render };
