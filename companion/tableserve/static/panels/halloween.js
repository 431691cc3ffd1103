// La noche de Halloween: the fight (who attacks which child, each fighter's front and
// whether their hidden bid is in) or the knock at the door first; then the round, the pot,
// the children and the players; the ranking at the end.
"use strict";
(function () {
  const COLOURS = { red: "#ff6b6b", green: "#6fdc8c", yellow: "#ffd84d", orange: "#ffa24d", blue: "#6fb7ff" };
  window.Panels.halloween = {
    draw(centre, board, obs, ctx) {
      const { h, t, label } = ctx;
      const o = obs.observed;
      const child = (id) => t(`halloween.child.${id}`);
      if (o.ranking) {
        centre.append(h("h2", {}, t("ui.halloween.ranking.title")), h("ol", { class: "tally" }, o.ranking.map((r) =>
          h("li", { class: "row" }, h("span", { class: "big accent" }, r.place), ctx.who(r.seat),
            r.child ? h("span", { class: "dim" }, child(r.child)) : "", h("span", { class: "big" }, r.total)))));
      }
      if (o.fight) {
        const f = o.fight;
        centre.append(h("h2", { class: "accent" }, t("ui.halloween.fight.title", { player: ctx.name(f.attacker), child: child(f.target) })));
        centre.append(h("ul", { class: "tally fight" }, f.fighters.map((x) =>
          h("li", { class: "row" }, ctx.who(x.seat), h("span", {}, t("page.front", { count: x.front })),
            x.bid !== null ? h("span", { class: "big accent" }, x.bid)
              : h("span", { class: x.bid_in ? "good" : "dim" }, x.bid_in ? `✓ ${t("page.bid_in")}` : `… ${t("page.bid_waiting")}`)))));
      }
      if (o.knock) {
        const k = o.knock;
        centre.append(h("h2", { class: "accent" }, t("ui.halloween.knock.title", { child: child(k.child), mover: ctx.name(k.mover), owner: ctx.name(k.owner) })));
        if (k.kind === "truco" && k.claim !== null && k.claim !== undefined) {
          centre.append(h("p", { class: "big" }, t("ui.halloween.truco.claim", { player: ctx.name(k.mover), claim: k.claim, candies: k.claim })));
        }
        if (k.die !== null && k.die !== undefined) centre.append(h("p", {}, t("ui.halloween.truco.die_shown", { die: k.die })));
      }
      board.append(h("p", { class: "row" },
        o.round ? h("span", { class: "accent" }, t("ui.halloween.round", { round: o.round, rounds: o.rounds })) : "",
        h("span", {}, t("ui.halloween.pot", { pot: o.pot })),
        o.turn !== null ? h("span", {}, t("ui.halloween.turn", { player: ctx.name(o.turn) })) : ""));
      board.append(h("ul", { class: "seats" }, obs.players.map((name, seat) => {
        const colour = o.colours[seat];
        const out = o.out.includes(seat);
        return h("li", { class: `seat${out ? " dead" : ""}${o.turn === seat ? " turn" : ""}` },
          h("span", { style: `color:${COLOURS[colour] || "inherit"}` }, colour ? "● " : "○ "),
          h("span", { class: "name" }, name), h("span", { class: "dim" }, ` · ${t("ui.halloween.hands")} ${o.hands[seat]}`),
          o.revealed[seat] ? h("span", { class: "accent" }, ` · ${child(o.revealed[seat])}`) : "");
      })));
      board.append(h("h2", {}, t("ui.halloween.children")));
      board.append(h("ul", { class: "seats children" }, o.children.map((c) => {
        let state = t("ui.halloween.child.in_play");
        if (!c.in_play) state = t("ui.halloween.child.home", { player: ctx.name(c.sent_home_by) });
        else if (c.frozen) state = t("ui.halloween.child.frozen", { turns: c.frozen.turns });
        return h("li", { class: `seat${c.in_play ? "" : " dead"}` }, h("span", { class: "name" }, child(c.id)),
          h("span", { class: "dim" }, ` · ${state}`));
      })));
    },
  };
})();
