// 18 fantasmas: the castle as an SVG that fits the width (carpets, mirrors, the three
// portals with the way each opens, every ghost ringed in its owner's colour), then what
// each player has escaped, in the dungeon and still to place.
"use strict";
(function () {
  const INK = { r: "#ff5c5c", y: "#ffd23f", b: "#4da3ff" };
  const CARPET = { R: "#4a2020", Y: "#4a4018", B: "#1d2f4d", M: "#3a3d48", P: "#15161c" };
  const GLYPH = { r: "▲", y: "●", b: "■" };
  const ARROW = ["↑", "→", "↓", "←"];
  const CELL = 100;
  window.Panels["18-fantasmas"] = {
    draw(centre, board, obs, ctx) {
      const { h, s, label } = ctx;
      const o = obs.observed;
      if (o.turn !== null) centre.append(h("p", { class: "row" }, h("span", { class: "dim" }, label("turn")), ctx.who(o.turn, { class: "name big" })));
      centre.append(h("p", { class: "row legend" }, obs.players.map((name, seat) =>
        h("span", {}, h("span", { style: `color:${ctx.colour(seat)}` }, "◯ "), h("span", { class: "name" }, name)))));
      const svg = s("svg", { class: "board castle", viewBox: `-30 -30 ${5 * CELL + 40} ${5 * CELL + 40}`, role: "img" });
      for (let c = 0; c < 5; c++) {
        svg.append(s("text", { x: c * CELL + CELL / 2, y: -8, "text-anchor": "middle", "font-size": 22, class: "dim" }, "abcde"[c]));
        svg.append(s("text", { x: -18, y: c * CELL + CELL / 2 + 8, "text-anchor": "middle", "font-size": 22 }, c + 1));
      }
      for (let cell = 0; cell < 25; cell++) {
        const x = (cell % 5) * CELL, y = Math.floor(cell / 5) * CELL;
        const kind = o.kinds[cell];
        svg.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8, fill: CARPET[kind] || "#222",
                               stroke: kind === "M" ? "#9aa0b4" : "none", "stroke-width": kind === "M" ? 3 : 0 }));
        if (kind === "R" || kind === "Y" || kind === "B") {
          svg.append(s("circle", { cx: x + 14, cy: y + 14, r: 6, fill: INK[kind.toLowerCase()], opacity: 0.6 }));
        }
      }
      for (const [colour, p] of Object.entries(o.portals)) {
        const x = (p.room % 5) * CELL, y = Math.floor(p.room / 5) * CELL;
        svg.append(s("rect", { x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 40, fill: "none", stroke: INK[colour], "stroke-width": 6 }));
        svg.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 16, "text-anchor": "middle", "font-size": 46, fill: INK[colour] }, ARROW[p.facing]));
      }
      for (const g of o.ghosts) {
        const x = (g.room % 5) * CELL + CELL / 2, y = Math.floor(g.room / 5) * CELL + CELL / 2;
        svg.append(s("circle", { cx: x, cy: y, r: 34, fill: "#0d0e12", stroke: ctx.colour(g.seat), "stroke-width": 7 }));
        svg.append(s("text", { x, y: y + 15, "text-anchor": "middle", "font-size": 44, fill: INK[g.colour] }, GLYPH[g.colour]));
      }
      board.append(svg);
      const counts = h("dl", { class: "facts" });
      for (const key of ["escaped", "dungeon", "to_place"]) {
        if (!o[key].some((c) => c.r + c.y + c.b)) continue;
        counts.append(h("dt", {}, label(key)), h("dd", { class: "row" }, o[key].map((c, seat) =>
          h("span", {}, ctx.who(seat), " ", ["r", "y", "b"].map((k) => h("span", { style: `color:${INK[k]}` }, ` ${GLYPH[k]}${c[k]}`))))));
      }
      board.append(counts);
    },
  };
})();
