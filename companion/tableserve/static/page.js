// The table page: follows the server's stream and draws what the table may see.
// Every word comes from the server (the voice packs, in the table's language); player
// names only ever go in as text nodes, never as markup. Each game's panel is its own
// file, panels/<game>.js, registering itself in window.Panels (panels/generic.js: any game).
"use strict";
(function () {
  const Panels = (window.Panels = window.Panels || {});
  let words = {};
  let data = null;
  let offset = 0; // the server's clock minus ours, in seconds
  let panelLoaded = {};
  let source = null;
  let full = ""; // the server turned this viewer away: what it said

  function fill(text, values) {
    return text.replace(/\{([A-Za-z_]\w*)(?:\|([^{}|]*)\|([^{}|]*))?(?::[a-z]+)?\}/g, (_, key, one, many) => {
      const value = values[key];
      if (one !== undefined) return Number(value) === 1 ? one : many;
      return value === undefined || value === null ? "" : String(value);
    });
  }
  // A pack line by id, filled with values; "" when the pack has no such line.
  function t(id, values) {
    const text = words[id];
    return text === undefined ? "" : fill(text, values || {});
  }
  // A Line from an observation ({"line", "values"}) in words, where the page has its template.
  function say(line) {
    if (line === null || line === undefined) return "";
    if (typeof line !== "object") return String(line);
    if (Array.isArray(line)) return line.map(say).join(", ");
    const values = {};
    for (const [k, v] of Object.entries(line.values || {})) values[k] = say(v);
    return t(line.line, values);
  }
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    setAttrs(el, attrs);
    append(el, kids);
    return el;
  }
  function s(tag, attrs, ...kids) {
    const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
    setAttrs(el, attrs);
    append(el, kids);
    return el;
  }
  function setAttrs(el, attrs) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.setAttribute("class", v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  function append(el, kids) {
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false || kid === "") continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
  }
  const LOG_SHOWN = 20; // the newest entries: a phone scrolls down to them, a TV shows what fits
  const SEAT_COLOURS = ["#ffcf5c", "#79b8ff", "#ff8fa3", "#7ee0a1", "#c9a0ff", "#ffa65c", "#5ce1e6", "#e0e0e0"];
  const $ = (id) => document.getElementById(id);
  const now = () => Date.now() / 1000 + offset;

  function show(id, text) {
    const el = $(id);
    el.textContent = text || "";
    el.hidden = !text;
  }

  const ctx = {
    t, say, h, s, now,
    name: (seat) => (data && data.obs && seat !== null && seat !== undefined ? data.obs.players[seat] : ""),
    label: (key) => t(`state.${data.game}.${key}`),
    colour: (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length],
    // A name as a chip in its seat's colour (the seat's number is never shown).
    who: (seat, attrs) => h("span", Object.assign({ class: "name", style: `color:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` },
                                                  attrs || {}), ctx.name(seat)),
  };

  function loadPanel(name, then) {
    if (Panels[name] || panelLoaded[name] === "failed") return then();
    if (panelLoaded[name]) return;
    panelLoaded[name] = "loading";
    const script = h("script", { src: `static/panels/${name}.js` });
    script.onload = () => { panelLoaded[name] = "done"; draw(); };
    script.onerror = () => { panelLoaded[name] = "failed"; draw(); };
    document.head.append(script);
    if (data && data.panel_css) document.head.append(h("link", { rel: "stylesheet", href: `static/panels/${name}.css` }));
  }

  function draw() {
    if (!data) return;
    document.documentElement.lang = data.lang;
    $("title").textContent = data.title || "";
    document.title = data.title || "";
    show("banner", data.banner);
    show("closed", data.closed);
    $("now").textContent = data.outcome || data.now || "";
    show("subtitle", data.live && data.live.subtitle);
    $("log-title").textContent = t("page.log");
    const told = $("told");
    told.replaceChildren(...(data.told || []).filter((entry) => entry.lines.length).slice(-LOG_SHOWN).reverse().map((entry) =>
      h("li", { class: entry.secret ? "secret" : null }, entry.lines.map((line) => h("p", {}, line)))));
    $("log").hidden = !(data.told && data.told.length);
    const centre = $("centre"), board = $("board");
    if (!data.obs) { centre.replaceChildren(); board.replaceChildren(); board.hidden = true; return; }
    const name = data.panel || "generic";
    const panel = Panels[name] || (panelLoaded[name] === "failed" ? Panels.generic : null);
    if (!panel) { loadPanel(name, draw); if (!Panels.generic) loadPanel("generic", draw); return; }
    centre.replaceChildren();
    board.replaceChildren();
    panel.draw(centre, board, data.obs, ctx);
    board.hidden = !board.childNodes.length;
    tick();
  }

  function tick() {
    const timers = (data && data.live && data.live.timers) || [];
    const box = $("timers");
    box.replaceChildren(...timers.map((timer) => {
      let left = timer.left;
      if (timer.running && !timer.paused && timer.deadline) {
        left = Math.max(0, Math.min(timer.total, Math.ceil(timer.deadline - now())));
      }
      const text = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      return h("span", { class: `timer${left <= 10 ? " low" : ""}${timer.paused ? " paused" : ""}`,
                         "data-kind": timer.kind }, text);
    }));
  }

  function connect() {
    if (source) source.close();
    source = new EventSource("events");
    source.addEventListener("words", (event) => {
      const got = JSON.parse(event.data);
      words = got.words || {};
      draw();
    });
    source.addEventListener("state", (event) => {
      data = JSON.parse(event.data);
      offset = data.clock - Date.now() / 1000;
      full = "";
      show("conn", "");
      draw();
    });
    source.addEventListener("full", (event) => {
      full = JSON.parse(event.data).text;
      show("conn", full);
    });
    source.onerror = () => {
      show("conn", full || t("page.reconnecting") || "…");
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  window.TablePage = { ctx, get data() { return data; } };
  setInterval(tick, 250);
  connect();
})();
