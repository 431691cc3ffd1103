// Gauekos: the vote's tally first (bars, most votes on top), then the village: each seat
// alive (the mayor marked) or dead with the card it showed.
"use strict";
(function () {
  window.Panels.gauekos = {
    draw(centre, board, obs, ctx) {
      const { h, t, label } = ctx;
      const o = obs.observed;
      const vote = o.vote;
      if (vote && vote.tally) {
        const rows = vote.tally.map((count, seat) => [seat, count]).filter(([, c]) => c > 0)
          .sort((a, b) => b[1] - a[1]);
        const most = Math.max(1, ...rows.map((r) => r[1]));
        centre.append(h("h2", {}, label("vote")), h("ul", { class: "tally" }, rows.map(([seat, count]) =>
          h("li", {}, h("div", { class: "row" }, ctx.who(seat), h("span", { class: "big accent" }, count)),
            h("div", { class: "bar" }, h("span", { style: `width:${(100 * count) / most}%` }))))));
      } else if (vote && (vote.candidates || vote.tied)) {
        centre.append(h("h2", {}, label("vote")),
          h("p", { class: "row" }, (vote.tied || vote.candidates).map((seat) => ctx.who(seat))));
      }
      if (o.pending) {
        centre.append(h("p", { class: "row" }, h("span", { class: "dim" }, label("pending")), ctx.who(o.pending.seat)));
      }
      const head = [];
      if (o.night) head.push(h("span", { class: "accent" }, `${label("night")} ${o.night}`));
      if (o.day) head.push(h("span", { class: "accent" }, `${label("day")} ${o.day}`));
      if (o.mayor !== null) head.push(h("span", {}, t("ui.gauekos.mayor", { player: ctx.name(o.mayor) })));
      if (head.length) board.append(h("p", { class: "row" }, head));
      board.append(h("ul", { class: "seats" }, obs.players.map((name, seat) => {
        const dead = !o.alive[seat];
        const card = o.revealed[seat];
        return h("li", { class: `seat${dead ? " dead" : ""}${obs.who === seat ? " turn" : ""}` },
          dead ? "† " : "● ", h("span", { class: "name" }, name), o.mayor === seat ? " ★" : "",
          card ? h("span", { class: "dim role" }, ` ${t(`gauekos.role.${card}`)}`) : "");
      })));
    },
  };
})();
