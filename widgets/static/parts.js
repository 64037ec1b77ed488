// Parts: one model draws several parts (buraco_widgets/parts.py, issue 38). The host model keeps each
// part's state in a slot (a trait of its own: {kind, classes, ...the part's traits}) and lists the
// slots shown in "order" ({slot, box}). Each part is drawn by the front end of its kind (VIEWS: the
// modules of the hand, the table, a choice, the buttons and the feedback box, put before this one
// by front_end.py, and the two small ones below), through a model-like view of its slot: get, set,
// save_changes, send, on, off, as those modules use a model. What the learner changes goes to the
// kernel as a message naming the slot ({part, set}), in the order made; the kernel does not echo it.

// A model-like view of the host's slot ``slot``: a change of the slot fires "change:<key>" for each
// key whose value changed.
function partModel(model, slot) {
  let state = model.get(slot) || {};
  let pending = {};
  const listeners = new Map();
  const fire = (key) => { for (const cb of listeners.get(`change:${key}`) || []) cb(); };
  const onHost = () => {
    const next = model.get(slot) || {};
    const keys = new Set([...Object.keys(state), ...Object.keys(next)]);
    const changed = [...keys].filter((k) => JSON.stringify(state[k]) !== JSON.stringify(next[k]));
    state = next;
    changed.forEach(fire);
  };
  model.on(`change:${slot}`, onHost);
  return {
    get: (key) => state[key],
    set(key, value) {
      state = { ...state, [key]: value };
      pending[key] = value;
      fire(key);
    },
    save_changes() {
      if (Object.keys(pending).length) model.send({ part: slot, set: pending });
      pending = {};
    },
    send(content) {
      if (content && content.set) {
        for (const key of Object.keys(content.set)) delete pending[key];
        model.send({ part: slot, set: content.set });
      } else {
        model.send({ part: slot, content });
      }
    },
    on(event, cb) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(cb);
    },
    off(event, cb) { listeners.get(event)?.delete(cb); },
    dispose() { model.off(`change:${slot}`, onHost); listeners.clear(); },
  };
}

// HTML the kernel made (and escaped), drawn as an ipywidgets HTML is.
VIEWS.html = {
  render({ model, el }) {
    el.classList.add("widget-html");
    const content = make("div", { className: "widget-html-content" });
    el.append(content);
    const draw = () => { content.innerHTML = model.get("value") || ""; };
    draw();
    return onChanges(model, { "change:value": draw });
  },
};

// A whole number in a box under its label, drawn as an ipywidgets IntText is; each change the
// learner types goes to the kernel at once (before a Check clicked after it).
VIEWS.number = {
  render({ model, el }) {
    el.classList.add("widget-inline-hbox", "widget-text");
    const id = uid("bw-number");
    const label = make("label", { className: "widget-label", htmlFor: id });
    const input = make("input", { type: "number", id, step: "1" });
    el.append(label, input);
    const draw = () => {
      label.textContent = model.get("description") || "";
      label.title = label.textContent;
      if (document.activeElement !== input || Number(input.value) !== model.get("value")) {
        input.value = String(model.get("value") ?? 0);
      }
    };
    input.addEventListener("input", () => {
      const value = Number.parseInt(input.value, 10);
      if (Number.isInteger(value) && value !== model.get("value")) {
        model.set("value", value);
        model.send({ set: { value } });
      }
    });
    draw();
    return onChanges(model, { "change:value": draw, "change:description": draw });
  },
};

// Draws the host's slots in its "order", each in a <div> with its part's classes (hidden while the
// part is); slots next to each other with the same "box" share one <div class=box>. A new order
// draws them all again.
function drawParts(model, el) {
  let made = [];
  const clear = () => {
    for (const { part, cleanup } of made) {
      Promise.resolve(cleanup).then((f) => (typeof f === "function" ? f() : undefined));
      part.dispose();
    }
    made = [];
  };
  function draw() {
    clear();
    el.replaceChildren();
    let box = null;
    let boxName = "";
    for (const { slot, box: name } of model.get("order") || []) {
      const state = model.get(slot) || {};
      const view = VIEWS[state.kind];
      if (!view) continue;
      if (!name) {
        box = null;
        boxName = "";
      } else if (name !== boxName) {
        box = make("div", { className: name });
        el.append(box);
        boxName = name;
      }
      const holder = make("div", { className: ["bw-part", ...(state.classes || [])].join(" ") });
      holder.dataset.slot = slot;
      const hide = (hidden) => { holder.style.display = hidden ? "none" : ""; };
      hide(state.hidden);
      (box || el).append(holder);
      const part = partModel(model, slot);
      part.on("change:classes", () => {
        holder.className = ["bw-part", ...(part.get("classes") || [])].join(" ");
      });
      part.on("change:hidden", () => hide(part.get("hidden")));
      made.push({ part, cleanup: view.render({ model: part, el: holder }) });
    }
  }
  model.on("change:order", draw);
  draw();
  return () => {
    model.off("change:order", draw);
    clear();
  };
}

export default { render: ({ model, el }) => drawParts(model, el) };
