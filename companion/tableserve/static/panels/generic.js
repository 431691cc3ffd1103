// The panel of any game without its own: the players, then every entry of the
// observation labelled with its state.<game>.<key> line (seats shown as names).
"use strict";
(function () {
  function value(v, ctx) {
    if (v === null || v === undefined) return "—";
    if (typeof v === "boolean") return v ? "✓" : "—";
    if (Array.isArray(v)) return v.map((x) => value(x, ctx)).join(", ");
    if (typeof v === "object") {
      if ("line" in v) return ctx.say(v);
      return Object.entries(v).map(([k, x]) => `${k} ${value(x, ctx)}`).join(", ");
    }
    return String(v);
  }
  window.Panels.generic = {
    draw(centre, board, obs, ctx) {
      const { h } = ctx;
      const state = obs.observed.state || obs.observed;
      board.append(h("ul", { class: "seats" }, obs.players.map((name, seat) =>
        h("li", { class: `seat${obs.observed.turn === seat ? " turn" : ""}` }, h("span", { class: "name" }, name)))));
      const facts = h("dl", { class: "facts" });
      for (const [key, v] of Object.entries(state)) {
        if (key === "players" || key === "private") continue;
        facts.append(h("dt", {}, ctx.label(key) || key), h("dd", {}, value(v, ctx)));
      }
      board.append(facts);
    },
  };
})();
