// Marcador: whose turn, the round ("Ronda 3 de 8") and who leads first (the turn timer is
// the page's own, from the live file); then the score sheet (players as rows, the latest
// rounds as columns, total and rank: a phone keeps only the last three rounds, so the page
// never scrolls sideways) and the running totals as an SVG chart that fits the width.
"use strict";
(function () {
  const WIDE = 6; // rounds shown on a wide screen; a phone shows the last PHONE of them
  const PHONE = 3;
  const W = 600, H = 300, PAD = 12;

  function chart(ctx, o) {
    const { s } = ctx;
    const runs = o.scores.map((row) => row.reduce((out, pts) => out.concat([out[out.length - 1] + pts]), [0]));
    const all = runs.flat();
    const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
    const steps = Math.max(1, o.round);
    const x = (i) => PAD + ((W - 2 * PAD) * i) / steps;
    const y = (v) => H - PAD - ((H - 2 * PAD) * (v - lo)) / (hi - lo || 1);
    const svg = s("svg", { class: "board chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": ctx.label("totals") });
    svg.append(s("line", { x1: PAD, x2: W - PAD, y1: y(0), y2: y(0), stroke: "#3a3f50", "stroke-width": 2 }));
    for (let i = 1; i <= steps; i++) {
      svg.append(s("line", { x1: x(i), x2: x(i), y1: PAD, y2: H - PAD, stroke: "#262a36", "stroke-width": 1 }));
    }
    runs.forEach((run, seat) => {
      const lead = o.leaders.includes(seat);
      svg.append(s("polyline", { points: run.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none",
                                 stroke: ctx.colour(seat), "stroke-width": lead ? 5 : 3, "stroke-linejoin": "round" }));
      svg.append(s("circle", { cx: x(run.length - 1), cy: y(run[run.length - 1]), r: lead ? 7 : 5, fill: ctx.colour(seat) }));
    });
    return svg;
  }

  function sheet(ctx, obs, o) {
    const { h, t } = ctx;
    const first = Math.max(0, o.round - WIDE);
    const cols = [];
    for (let r = first; r < o.round; r++) cols.push(r);
    const older = (r) => (o.round - r > PHONE ? "older" : null);
    const head = h("tr", {}, h("th", { class: "rank" }, t("ui.marcador.rank")), h("th", { class: "who" }, ""),
      cols.map((r) => h("th", { class: older(r) }, t("ui.marcador.round_short", { n: r + 1 }))),
      h("th", { class: "total" }, t("ui.marcador.total")));
    const order = obs.players.map((_, seat) => seat).sort((a, b) => o.ranks[a] - o.ranks[b] || a - b);
    const rows = order.map((seat) => h("tr", { class: `${o.turn === seat ? "now" : ""}${o.leaders.includes(seat) ? " lead" : ""}` || null },
      h("td", { class: "rank" }, o.ranks[seat]),
      h("td", { class: "who" }, ctx.who(seat)),
      cols.map((r) => h("td", { class: older(r) }, o.scores[seat][r])),
      h("td", { class: "total" }, o.totals[seat])));
    return h("div", { class: "sheet" }, h("table", { class: "scores" }, h("thead", {}, head), h("tbody", {}, rows)));
  }

  window.Panels.marcador = {
    draw(centre, board, obs, ctx) {
      const { h, t, label } = ctx;
      const o = obs.observed;
      const round = o.rounds ? t("marcador.round_of", { round: o.round, rounds: o.rounds }) : t("marcador.round_open", { round: o.round });
      centre.append(h("p", { class: "row" }, h("span", { class: "big accent" }, round),
        o.turn !== null ? h("span", { class: "big" }, ctx.who(o.turn)) : ""));
      const leaders = o.leaders.length
        ? h("p", { class: "row" }, h("span", { class: "dim" }, label("leaders")), o.leaders.map((seat) => ctx.who(seat)),
            h("span", { class: "big" }, o.totals[o.leaders[0]]))
        : h("p", { class: "dim" }, t("marcador.no_points"));
      centre.append(leaders);
      const facts = [];
      if (o.target) facts.push(`${label("target")}: ${o.target}`);
      if (o.lowest_wins) facts.push(label("lowest_wins"));
      if (facts.length) centre.append(h("p", { class: "dim" }, facts.join(" · ")));
      board.append(sheet(ctx, obs, o));
      board.append(h("h2", {}, label("totals")));
      board.append(chart(ctx, o));
    },
  };
})();
