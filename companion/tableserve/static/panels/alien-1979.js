// Alien 1979: the countdown and whose turn first, then the six sectors stacked, each with
// who stands there (pursuit pips, weapon, guard), the Alien and the codes face down.
"use strict";
(function () {
  window.Panels["alien-1979"] = {
    draw(centre, board, obs, ctx) {
      const { h, t, label } = ctx;
      const o = obs.observed;
      if (o.countdown !== null) {
        centre.append(h("p", { class: "row" }, h("span", { class: "dim" }, label("countdown")), h("span", { class: "big bad" }, o.countdown)));
      }
      if (o.turn !== null) {
        centre.append(h("p", { class: "row" }, h("span", { class: "dim" }, label("turn")), ctx.who(o.turn, { class: "name big" }),
          o.actions_left !== null ? h("span", {}, `${label("actions_left")}: ${o.actions_left}`) : ""));
      }
      const list = h("div", { class: "sectors" });
      for (const sector of o.sectors) {
        const head = h("div", { class: "row sector-head" }, h("span", { class: "name" }, t(`ui.alien-1979.box.${sector.id}`)),
          sector.alien ? h("span", { class: "alien" }, `✱ ${t("ui.alien-1979.alien")}`) : "",
          sector.face_down ? h("span", { class: "accent" }, `▾ ${sector.face_down}`) : "");
        const crew = sector.crew.map((seat) => {
          const c = o.crew[seat];
          const pips = "●".repeat(c.markers) + "○".repeat(Math.max(0, 5 - c.markers));
          return h("li", { class: `seat${o.turn === seat ? " turn" : ""}` }, ctx.who(seat), " ",
            h("span", { class: c.markers >= 3 ? "bad" : "dim" }, pips), c.protected ? " ⛨" : c.weapon ? " ✚" : "",
            h("span", { class: "dim", title: label("hands") }, ` · ▮${c.hand}`));
        });
        list.append(h("div", { class: `sector${sector.alien ? " has-alien" : ""}` }, head, crew.length ? h("ul", { class: "seats" }, crew) : ""));
      }
      board.append(list);
      const dead = o.crew.map((c, seat) => (c.alive ? null : seat)).filter((x) => x !== null);
      if (dead.length) board.append(h("p", { class: "dim" }, `† ${dead.map(ctx.name).join(", ")}`));
      board.append(h("p", { class: "dim" }, `${label("deck")}: ${o.deck}`));
    },
  };
})();
