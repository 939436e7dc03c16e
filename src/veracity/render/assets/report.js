/* veracity HTML report: sample table (sort, filter, paginate) and claim explorer.
   All user text is inserted with textContent / createTextNode, never as markup. */
(function () {
  "use strict";
  window.addEventListener("error", function (ev) {
    document.body.setAttribute("data-js-error", String(ev.message || "error"));
  });
  var D = JSON.parse(document.getElementById("veracity-data").textContent);
  var M = D.metrics, G = D.gates, R = D.rows, DET = D.details;
  var state = { q: "", gate: "", metric: "", min: "", max: "", col: -1, dir: 1, page: 0,
    size: 50, open: {} };
  var hay = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function $(id) { return document.getElementById(id); }
  function onEnter(node) {
    node.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); node.click(); }
    });
  }
  function fmt(v) { return v === null || v === undefined ? "-" : v.toFixed(4); }
  function pct(v) { return (v * 100).toFixed(2) + "%"; }

  function haystack(i) {
    if (!hay) hay = new Array(R.length);
    if (hay[i] === undefined) {
      var r = R[i], s = r[0] + "\n" + r[2];
      if (r[4] >= 0) { var d = DET[r[4]]; s += "\n" + (d.q || "") + "\n" + (d.a || ""); }
      hay[i] = s.toLowerCase();
    }
    return hay[i];
  }

  function filtered() {
    var q = state.q.trim().toLowerCase();
    var gate = state.gate, mi = M.indexOf(state.metric);
    var lo = state.min === "" ? null : Number(state.min);
    var hi = state.max === "" ? null : Number(state.max);
    var mask = gate === "" ? 0 : gate === "any" ? -1 : (1 << Number(gate));
    var out = [];
    for (var i = 0; i < R.length; i++) {
      var r = R[i];
      if (mask && !(r[3] & mask)) continue;
      if (mi >= 0 && (lo !== null || hi !== null)) {
        var v = r[1][mi];
        if (v === null || (lo !== null && v < lo) || (hi !== null && v > hi)) continue;
      }
      if (q && haystack(i).indexOf(q) < 0) continue;
      out.push(i);
    }
    if (state.col >= 0) {
      var c = state.col, dir = state.dir;
      out.sort(function (a, b) {
        var x, y;
        if (c === 0) { x = R[a][0]; y = R[b][0]; return (x < y ? -1 : x > y ? 1 : a - b) * dir; }
        x = R[a][1][c - 1]; y = R[b][1][c - 1];
        if (x === null && y === null) return a - b;
        if (x === null) return 1;
        if (y === null) return -1;
        return x === y ? a - b : (x - y) * dir;
      });
    }
    return out;
  }

  function failsMetric(r, m) {
    for (var g = 0; g < G.length; g++) if (G[g].metric === m && (r[3] & (1 << g))) return true;
    return false;
  }

  function buildHead() {
    var tr = el("tr");
    var cols = ["id"].concat(M);
    cols.forEach(function (name, c) {
      var th = el("th");
      var b = el("button", null, name);
      b.type = "button";
      b.addEventListener("click", function () {
        if (state.col === c) state.dir = -state.dir; else { state.col = c; state.dir = 1; }
        state.page = 0; draw();
      });
      th.appendChild(b);
      th.setAttribute("aria-sort", "none");
      tr.appendChild(th);
    });
    tr.appendChild(el("th", "preview", "answer"));
    $("samples-head").appendChild(tr);
  }

  function claimInfo(box, claims) {
    box.textContent = "";
    claims.forEach(function (c) {
      var p = el("div");
      p.appendChild(el("span", "st " + c.st, c.st));
      p.appendChild(document.createTextNode(" (" + (c.m === "n" ? "numeric" : "faithfulness") +
        ") \u201c" + c.t + "\u201d"));
      box.appendChild(p);
      if (c.r) box.appendChild(el("div", null, "Reason: " + c.r));
      if (c.sc !== undefined) box.appendChild(el("div", null, "Score: " + fmt(c.sc)));
      if (c.cs !== undefined) {
        box.appendChild(el("div", null, "Best context sentence" +
          (c.ci !== undefined ? " (context " + c.ci + ")" : "") + ":"));
        box.appendChild(el("blockquote", "ctx", c.cs));
      } else if (c.m === "f") {
        box.appendChild(el("div", "note", "No context sentence shares a content word."));
      }
      if (c.v !== undefined) box.appendChild(el("div", null, "Claimed value: " + c.v + (c.u ? " " + c.u : "")));
      if (c.ev !== undefined) box.appendChild(el("div", null, "Matched evidence: " + c.ev));
      if (c.re !== undefined) box.appendChild(el("div", null, "Relative error: " + pct(c.re)));
    });
  }

  function highlight(answer, claims, box) {
    var wrap = el("div", "answer");
    var n = answer.length, cuts = [0, n], spans = [];
    claims.forEach(function (c, i) {
      if (typeof c.s === "number" && typeof c.e === "number" && c.s >= 0 && c.e <= n && c.s < c.e) {
        spans.push({ s: c.s, e: c.e, i: i }); cuts.push(c.s, c.e);
      }
    });
    cuts.sort(function (a, b) { return a - b; });
    for (var k = 0; k + 1 < cuts.length; k++) {
      var a = cuts[k], b = cuts[k + 1];
      if (a === b) continue;
      var cover = spans.filter(function (sp) { return sp.s <= a && sp.e >= b; });
      var text = answer.slice(a, b);
      if (!cover.length) { wrap.appendChild(document.createTextNode(text)); continue; }
      cover.sort(function (x, y) { return (x.e - x.s) - (y.e - y.s); });
      var inner = claims[cover[0].i];
      var m = el("mark", "claim st-" + inner.st + (inner.m === "n" ? " num" : ""), text);
      m.title = claims[cover[0].i].st + (claims[cover[0].i].r ? ": " + claims[cover[0].i].r : "");
      (function (mark, idx) {
        mark.addEventListener("click", function (ev) {
          ev.stopPropagation();
          var sel = wrap.querySelectorAll("mark.sel");
          for (var j = 0; j < sel.length; j++) sel[j].classList.remove("sel");
          mark.classList.add("sel");
          claimInfo(box, idx.map(function (x) { return claims[x]; }));
        });
      })(m, cover.map(function (sp) { return sp.i; }));
      m.tabIndex = 0;
      onEnter(m);
      wrap.appendChild(m);
    }
    return wrap;
  }

  function detailCell(r) {
    var td = el("td");
    td.colSpan = M.length + 2;
    if (r[4] < 0) {
      td.appendChild(el("p", "note", "Details of this sample are not embedded: the report " +
        "embeds them for the " + D.detail_cap + " lowest-scoring samples only. Answer preview: "));
      td.appendChild(el("div", "answer", r[2]));
      return td;
    }
    var d = DET[r[4]];
    if (d.q) { td.appendChild(el("div", "label", "Question")); td.appendChild(el("div", "question", d.q)); }
    td.appendChild(el("div", "label", "Answer (click a highlighted claim)"));
    var box = el("div", "claim-info");
    var claims = d.c || [];
    td.appendChild(highlight(d.a || "", claims, box));
    if (d.at) td.appendChild(el("p", "note", "Answer truncated in this report."));
    td.appendChild(box);
    if (claims.length) {
      var ul = el("ul", "claims");
      claims.forEach(function (c) {
        var li = el("li");
        li.appendChild(el("span", "st " + c.st, c.st));
        li.appendChild(document.createTextNode(" [" + (c.m === "n" ? "numeric" : "faithfulness") +
          "] " + c.t + (c.r ? " \u2014 " + c.r : "")));
        li.addEventListener("click", function (ev) { ev.stopPropagation(); claimInfo(box, [c]); });
        ul.appendChild(li);
      });
      td.appendChild(ul);
    }
    if (d.ct) td.appendChild(el("p", "note", d.ct + " more claims not embedded."));
    (d.rs || []).forEach(function (x) { td.appendChild(el("p", "note", x)); });
    return td;
  }

  function draw() {
    var idx = filtered();
    var pages = Math.max(1, Math.ceil(idx.length / state.size));
    if (state.page >= pages) state.page = pages - 1;
    var start = state.page * state.size, stop = Math.min(idx.length, start + state.size);
    var body = $("samples-body");
    body.textContent = "";
    for (var p = start; p < stop; p++) {
      var i = idx[p], r = R[i];
      var tr = el("tr", "row");
      tr.setAttribute("data-id", r[0]);
      var idCell = el("td", "id", r[0]);
      idCell.title = r[0];  // a long id is cut on screen (CSS); its whole text on hover
      tr.appendChild(idCell);
      for (var c = 0; c < M.length; c++) {
        var v = r[1][c];
        tr.appendChild(el("td", v === null ? "none" : failsMetric(r, M[c]) ? "fails" : "", fmt(v)));
      }
      tr.appendChild(el("td", "preview", r[2]));
      body.appendChild(tr);
      tr.tabIndex = 0;
      tr.setAttribute("aria-expanded", state.open[i] ? "true" : "false");
      (function (row, rowIndex) {
        row.addEventListener("click", function () {
          if (state.open[rowIndex]) delete state.open[rowIndex]; else state.open[rowIndex] = 1;
          draw();
        });
        onEnter(row);
      })(tr, i);
      if (state.open[i]) {
        var dtr = el("tr", "detail");
        dtr.appendChild(detailCell(r));
        body.appendChild(dtr);
      }
    }
    var heads = $("samples-head").querySelectorAll("th");
    for (var h = 0; h < heads.length - 1; h++) {
      heads[h].setAttribute("aria-sort", h === state.col ? (state.dir > 0 ? "ascending" : "descending") : "none");
    }
    $("count").textContent = idx.length ? "Showing " + (start + 1) + "\u2013" + stop + " of " +
      idx.length + (idx.length !== R.length ? " (filtered from " + R.length + ")" : "") :
      "No sample matches the filters (" + R.length + " in total).";
    $("page-info").textContent = "page " + (state.page + 1) + " / " + pages;
    $("prev").disabled = state.page === 0;
    $("next").disabled = state.page >= pages - 1;
  }

  function bind(id, key, evt) {
    $(id).addEventListener(evt, function () { state[key] = $(id).value; state.page = 0; draw(); });
  }

  function init() {
    var gs = $("f-gate");
    G.forEach(function (g, i) { var o = el("option", null, "failing " + g.label); o.value = String(i); gs.appendChild(o); });
    if (!G.length) { gs.disabled = true; gs.title = "no gates in this report (--fail-under)"; }
    var ms = $("f-metric");
    M.forEach(function (m) { var o = el("option", null, m); o.value = m; ms.appendChild(o); });
    buildHead();
    bind("f-text", "q", "input"); bind("f-gate", "gate", "change"); bind("f-metric", "metric", "change");
    bind("f-min", "min", "input"); bind("f-max", "max", "input");
    $("f-size").addEventListener("change", function () { state.size = Number($("f-size").value) || 50; state.page = 0; draw(); });
    $("prev").addEventListener("click", function () { state.page--; draw(); });
    $("next").addEventListener("click", function () { state.page++; draw(); });
    draw();
    document.body.setAttribute("data-ready", "1");
  }
  init();
})();
