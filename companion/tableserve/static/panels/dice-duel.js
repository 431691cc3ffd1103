// The dice duel: whose turn and the points at stake, then each player's bank toward the target.
"use strict";
(function () {
  window.Panels["dice-duel"] = {
    draw(centre, board, obs, ctx) {
      const { h, label } = ctx;
      const o = obs.observed;
      centre.append(h("p", { class: "row" }, ctx.who(o.turn), h("span", { class: "dim" }, label("turn_points")),
        h("span", { class: "big accent" }, o.turn_points)));
      board.append(h("p", { class: "dim" }, `${label("target")}: ${o.target}`));
      board.append(h("ul", { class: "tally" }, o.banked.map((points, seat) =>
        h("li", { class: `seat${o.turn === seat ? " turn" : ""}` },
          h("div", { class: "row" }, ctx.who(seat), h("span", { class: "big" }, points)),
          h("div", { class: "bar" }, h("span", { style: `width:${Math.min(100, (100 * points) / o.target)}%` }))))));
    },
  };
})();
