// Kaijupoly (and Rey de los Monstruos): the battle under way with its odds first; then the
// ring of 40 squares as an SVG that fits the width (group colour, owner's colour, troops,
// rubble, the Kaiju and the players' tokens), the generals' money, and the cities that
// stand with their troops and odds, listed by name.
"use strict";
(function () {
  const GROUP = { brown: "#8b5a2b", "light-blue": "#8fd3ff", pink: "#ff7ac8", orange: "#ff9f40", red: "#ff4d4d",
                  yellow: "#ffe14d", green: "#3fbf6f", "dark-blue": "#3d6bff" };
  const CELL = 100;
  function place(pos) {
    if (pos <= 10) return [10 - pos, 10];
    if (pos <= 20) return [0, 20 - pos];
    if (pos <= 30) return [pos - 20, 0];
    return [10, pos - 30];
  }
  const pct = (odds) => Math.round(odds * 100);
  function draw(centre, board, obs, ctx) {
    const { h, s, t, label } = ctx;
    const o = obs.observed;
    const ring = o.ring;
    const troops = (level) => level >= 5 ? t("kaijupoly.troops.cuartel") : level ? t("kaijupoly.troops.platoons", { count: level }) : t("kaijupoly.troops.none");
    if (o.battle && !o.battle.end) {
      const b = o.battle;
      centre.append(h("h2", { class: "accent" }, t("page.battle", { city: ring[b.square].name })));
      centre.append(h("p", { class: "row" }, h("span", { class: "big" }, troops(b.level)),
        h("span", { class: "big accent" }, t("page.odds", { percent: pct(b.odds) }))));
      centre.append(h("div", { class: "bar odds" }, h("span", { style: `width:${pct(b.odds)}%` })));
      centre.append(h("ol", { class: "rounds dim" }, b.rounds.map((r) =>
        h("li", {}, `${r.kaiju[0]}+${r.kaiju[1]} ✱ ${r.die}+${r.bonus}`))));
    }
    const head = [];
    if (o.round) head.push(h("span", { class: "accent" }, `${label("round")} ${o.round}`));
    if (o.turn !== null) head.push(h("span", {}, `${label("turn")}: `, ctx.who(o.turn)));
    if (head.length) centre.append(h("p", { class: "row" }, head));
    const svg = s("svg", { class: "board ring", viewBox: `0 0 ${11 * CELL} ${11 * CELL}`, role: "img" });
    const kaijus = new Set(o.kaijus || []);
    for (const sq of ring) {
      const [cx, cy] = place(sq.pos);
      const x = cx * CELL, y = cy * CELL;
      svg.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6,
                             fill: sq.rubble ? "#2a1c1c" : "#22252f", stroke: kaijus.has(sq.pos) ? "#ff4d4d" : "#3a3f50",
                             "stroke-width": kaijus.has(sq.pos) ? 8 : 2 }));
      if (sq.group) svg.append(s("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: 18, fill: GROUP[sq.group] || "#888" }));
      if (sq.owner !== null) svg.append(s("circle", { cx: x + CELL - 18, cy: y + 40, r: 12, fill: ctx.colour(sq.owner) }));
      if (sq.rubble) svg.append(s("text", { x: x + CELL / 2, y: y + 80, "text-anchor": "middle", "font-size": 50, fill: "#ff6b6b" }, "✕"));
      else if (sq.level) svg.append(s("text", { x: x + 10, y: y + 60, "font-size": 34, "font-weight": 700 }, sq.level >= 5 ? "★" : "▮".repeat(sq.level)));
      if (kaijus.has(sq.pos) && !o.battle?.end) svg.append(s("text", { x: x + CELL / 2, y: y + 92, "text-anchor": "middle", "font-size": 40, fill: "#ff4d4d", "font-weight": 800 }, "✱"));
      (o.at || []).forEach((at, seat) => {
        if (at === sq.pos) svg.append(s("circle", { cx: x + 16 + (seat % 4) * 22, cy: y + 82 - Math.floor(seat / 4) * 20, r: 9, fill: ctx.colour(seat), stroke: "#000" }));
      });
    }
    const kaiju = o.kaiju !== null && o.kaiju !== undefined ? ring[o.kaiju].name : "";
    svg.append(s("text", { x: 550, y: 500, "text-anchor": "middle", "font-size": 60 }, kaiju ? `✱ ${kaiju}` : ""));
    board.append(svg);
    const players = h("ul", { class: "seats" }, obs.players.map((name, seat) =>
      h("li", { class: `seat${(o.out || []).includes(seat) ? " dead" : ""}${o.turn === seat ? " turn" : ""}` },
        h("span", { style: `color:${ctx.colour(seat)}` }, "● "), h("span", { class: "name" }, name),
        o.money ? h("span", { class: "dim" }, ` · ${o.money[seat]} ${o.currency || ""}`) : "",
        o.at && o.at[seat] !== null ? h("span", { class: "dim" }, ` · ${ring[o.at[seat]].name}`) : "")));
    board.append(players);
    const cities = ring.filter((sq) => sq.kind === "city" && !sq.rubble && (sq.owner !== null || sq.level));
    board.append(h("ul", { class: "seats cities" }, cities.map((sq) =>
      h("li", {}, h("span", { style: `color:${GROUP[sq.group] || "inherit"}` }, "■ "), h("span", { class: "name" }, sq.name), " ",
        ctx.who(sq.owner), h("span", { class: "dim" }, ` · ${troops(sq.level)} · ${t("page.odds", { percent: pct(sq.odds) })}`)))));
  }
  window.Panels.kaijupoly = { draw };
  window.Panels["rey-de-los-monstruos"] = { draw };
})();
