// Orrery's page: talks to the JSON interface of `orrery serve` (docs/serve.md).
// Plain JavaScript, no build step, no libraries.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

const page = {
  games: [],        // GET /api/games
  chosen: null,     // the file chosen in the list
  game: null,       // the session's state (GET /api/sessions/ID)
  moves: [],        // its legal moves
  selected: null,   // the site clicked first
  pending: null,    // moves waiting for a click on their follow-up's site
  hint: null,       // a hinted move
  analysis: null,   // the id of the analysis under way
  players: {},      // name -> {kind: "human"|"random"|"mcts", time: ms}
  paused: false,    // computer players wait (after undo or stepping back)
  busy: false,      // a request that changes the game is under way
  centres: {},      // site name -> [x, y] in the SVG's units
  spacing: 40,      // the smallest distance between two sites
};

// ---- talking to the server ----

// A server reachable beyond this machine prints its address with a token
// (`?token=...`); every API call carries it. Bodies are always JSON: the
// server refuses any other type.
const TOKEN = new URLSearchParams(location.search).get("token");

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (TOKEN) options.headers["X-Orrery-Token"] = TOKEN;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const reply = await fetch(path, options);
  const text = await reply.text();
  let data = text;
  try { data = JSON.parse(text); } catch (_) { /* a transcript */ }
  if (!reply.ok) {
    const error = new Error((data && data.error) || `${reply.status} ${reply.statusText}`);
    error.data = data;
    error.status = reply.status;
    throw error;
  }
  return data;
}

function say(text, info) {
  const m = $("message");
  m.textContent = text || "";
  m.className = info ? "info" : "";
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function diagnosticsHtml(diagnostics) {
  return (diagnostics || []).map((d) =>
    `<div class="diag ${escapeHtml(d.severity)}"><span class="where">${escapeHtml(d.file)}:${d.line}:${d.column}</span> ` +
    `${escapeHtml(d.severity)}[${escapeHtml(d.code)}]: ${escapeHtml(d.message)}` +
    (d.help ? `<br><small>help: ${escapeHtml(d.help)}</small>` : "") + `</div>`).join("");
}

// ---- the list of rule files and the options ----

async function loadGames() {
  try {
    page.games = (await api("GET", "/api/games")).games;
  } catch (e) {
    say(e.message);
    return;
  }
  const list = $("games");
  list.innerHTML = "";
  for (const g of page.games) {
    const li = document.createElement("li");
    li.dataset.file = g.file;
    li.innerHTML = `<span><span class="name">${escapeHtml(g.name)}</span><span class="badge ${g.status}">${g.status}</span></span>` +
      `<span class="file">${escapeHtml(g.file)}${g.players.length ? " · " + escapeHtml(g.players.join(", ")) : ""}</span>`;
    li.addEventListener("click", () => choose(g.file));
    list.appendChild(li);
  }
  if (page.chosen) showSetup();
}

function choose(file) {
  page.chosen = file;
  showSetup();
}

function showSetup() {
  const g = page.games.find((x) => x.file === page.chosen);
  for (const li of $("games").children) li.classList.toggle("chosen", li.dataset.file === page.chosen);
  if (!g) return;
  $("setup").hidden = false;
  $("setup-title").textContent = g.name;
  $("setup-players").textContent = g.players.length ? "players: " + g.players.join(", ") : "";
  $("setup-diagnostics").innerHTML = diagnosticsHtml(g.diagnostics);
  $("start").disabled = g.status === "errors";
  const form = $("options");
  const kept = {};
  for (const input of form.querySelectorAll("input")) kept[input.name] = input.type === "checkbox" ? input.checked : input.value;
  form.innerHTML = "";
  for (const o of g.options) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.name = o.name;
    if (o.kind === "bool") {
      input.type = "checkbox";
      input.checked = o.name in kept && form.dataset.file === g.file ? kept[o.name] : o.default;
      label.append(input, " " + o.name);
    } else {
      input.type = "number";
      input.value = o.name in kept && form.dataset.file === g.file ? kept[o.name] : o.default;
      label.append(o.name + " ", input);
    }
    if (o.doc) {
      const doc = document.createElement("span");
      doc.className = "doc";
      doc.textContent = o.doc;
      label.appendChild(doc);
    }
    form.appendChild(label);
  }
  form.dataset.file = g.file;
  const vs = $("analyze-vs");
  const keptVs = vs.value;
  vs.innerHTML = `<option value="">(no other file)</option>` + page.games.filter((x) => x.file !== g.file && x.status !== "errors")
    .map((x) => `<option value="${escapeHtml(x.file)}">${escapeHtml(x.name)} (${escapeHtml(x.file)})</option>`).join("");
  vs.value = [...vs.options].some((o) => o.value === keptVs) ? keptVs : "";
  $("analyze").disabled = g.status === "errors";
}

// ---- analysis by self-play (POST /api/analyses, then polled) ----

async function analyze() {
  if (!page.chosen) return;
  const request = {
    file: page.chosen,
    options: chosenOptions(),
    games: Number($("analyze-games").value),
    players: $("analyze-players").value,
  };
  if ($("analyze-vs").value) request.vs = $("analyze-vs").value;
  const bar = $("analysis-progress");
  $("analyze").disabled = true;
  try {
    let job = await api("POST", "/api/analyses", request);
    page.analysis = job.id;
    bar.hidden = false;
    $("analyze-stop").hidden = false;
    while (!job.done) {
      bar.max = job.total;
      bar.value = job.played;
      $("analysis-status").textContent = `${job.played} of ${job.total} games`;
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = await api("GET", `/api/analyses/${job.id}`);
    }
    if (job.error) throw new Error(job.error);
    $("analysis-status").textContent = `${job.total} games played`;
    $("analysis-report").innerHTML = job.html;
    $("analysis").hidden = false;
    $("analysis").scrollIntoView({ behavior: "smooth" });
  } catch (e) {
    $("analysis-status").textContent = "";
    say(e.message);
  } finally {
    page.analysis = null;
    bar.hidden = true;
    $("analyze-stop").hidden = true;
    $("analyze").disabled = false;
  }
}

// Stops the analysis under way; its poll then hears that it stopped.
async function stopAnalysis() {
  if (page.analysis) await api("DELETE", `/api/analyses/${page.analysis}`).catch((e) => say(e.message));
}

function chosenOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("input")) {
    options[input.name] = input.type === "checkbox" ? input.checked : Number(input.value);
  }
  return options;
}

async function start() {
  if (!page.chosen) return;
  try {
    const game = await api("POST", "/api/sessions", { file: page.chosen, options: chosenOptions() });
    page.players = {};
    page.paused = false;
    await show(game);
    say("");
  } catch (e) {
    say(e.message);
    if (e.data && e.data.diagnostics) $("setup-diagnostics").innerHTML = diagnosticsHtml(e.data.diagnostics);
  }
}

// ---- the game ----

async function refresh() {
  if (!page.game) return;
  try {
    await show(await api("GET", `/api/sessions/${page.game.id}`));
  } catch (e) {
    say(e.message);
  }
}

// Shows a game state and fetches its legal moves; then lets a computer player move.
async function show(game) {
  page.game = game;
  page.selected = null;
  page.pending = null;
  page.hint = null;
  try {
    const moves = await api("GET", `/api/sessions/${game.id}/moves`);
    page.moves = moves.moves;
  } catch (e) {
    page.moves = [];
    say(e.message);
  }
  $("title").textContent = game.game + " · " + game.file;
  drawBoard();
  drawStatus();
  drawPlayers();
  drawLog();
  drawOtherMoves();
  drawBroken();
  scheduleComputer();
}

function drawStatus() {
  const g = page.game;
  let text;
  if (g.over) {
    const o = g.outcome || {};
    const result = o.draw ? "a draw" : (o.winner ? `${o.winner} wins` : "over");
    text = `<span class="over">Game over: ${escapeHtml(result)}</span>${o.reason ? " (" + escapeHtml(o.reason) + ")" : ""}`;
  } else if (g.chance) {
    text = `the dice are thrown · ${escapeHtml(g.phase)}`;
  } else {
    text = `<strong>${escapeHtml(g.to_move)}</strong> to move · ${escapeHtml(g.phase)}`;
  }
  text += ` · ply ${g.ply}${g.ply < g.length ? " of " + g.length : ""}`;
  if (page.hint) text += ` · hint: <strong>${escapeHtml(page.hint.text)}</strong>`;
  $("status").innerHTML = text;
  $("undo").disabled = !g.can_undo;
  $("first").disabled = !g.can_undo;
  $("redo").disabled = !g.can_redo;
  $("last").disabled = !g.can_redo;
  $("hint").disabled = g.over || g.chance;
  $("computer").disabled = g.over;
  $("resume").hidden = !(page.paused && computerToMove());
}

function drawBroken() {
  const g = page.game;
  const i = page.games.findIndex((x) => x.file === g.file);
  const badge = i >= 0 && $("games").children[i] && $("games").children[i].querySelector(".badge");
  if (badge && (g.broken || badge.textContent === "errors")) {
    const status = g.broken ? "errors" : "ok";
    badge.className = `badge ${status}`;
    badge.textContent = status;
  }
  const broken = $("broken");
  if (g.broken) {
    broken.hidden = false;
    broken.innerHTML = `<strong>${escapeHtml(g.file)} has errors</strong> (the game goes on with the rules it had):` + diagnosticsHtml(g.broken);
  } else {
    broken.hidden = true;
  }
  const note = $("note");
  note.hidden = !g.note || !!g.broken;
  note.textContent = g.note || "";
}

function drawBoard() {
  const holder = $("board");
  holder.innerHTML = page.game.svg;
  const svg = holder.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  // Where each site is: the centre of its element (a piece, a stack, an empty site's dot).
  page.centres = {};
  for (const el of svg.querySelectorAll("[data-site]")) {
    const box = el.getBBox();
    page.centres[el.dataset.site] = [box.x + box.width / 2, box.y + box.height / 2];
  }
  const points = Object.values(page.centres);
  let spacing = Infinity;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const d = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1]);
      if (d > 0.5 && d < spacing) spacing = d;
    }
  }
  page.spacing = isFinite(spacing) ? spacing : 40;
  const overlay = document.createElementNS(SVG_NS, "g");
  overlay.setAttribute("id", "overlay");
  overlay.setAttribute("pointer-events", "none");
  svg.appendChild(overlay);
  svg.addEventListener("click", onBoardClick);
  holder.classList.toggle("clickable", !page.game.over);
  drawMarks();
}

function mark(site, kind) {
  const at = page.centres[site];
  const overlay = document.getElementById("overlay");
  if (!at || !overlay) return;
  const r = page.spacing;
  const c = document.createElementNS(SVG_NS, "circle");
  c.setAttribute("cx", at[0]);
  c.setAttribute("cy", at[1]);
  c.setAttribute("class", "mark " + kind);
  c.dataset.mark = site;
  const styles = {
    target: { r: r * 0.2, fill: "#2e7d32", "fill-opacity": 0.6 },
    capture: { r: r * 0.44, fill: "none", stroke: "#b03a2e", "stroke-width": r * 0.07, "stroke-opacity": 0.8 },
    selected: { r: r * 0.46, fill: "none", stroke: "#e0a800", "stroke-width": r * 0.09 },
    movable: { r: r * 0.44, fill: "none", stroke: "#2e7d32", "stroke-width": r * 0.04, "stroke-opacity": 0.6 },
    place: { r: r * 0.15, fill: "#2e7d32", "fill-opacity": 0.45 },
    then: { r: r * 0.2, fill: "#1f6fb2", "fill-opacity": 0.6 },
    hint: { r: r * 0.47, fill: "none", stroke: "#1f6fb2", "stroke-width": r * 0.09, "stroke-dasharray": `${r * 0.15},${r * 0.08}` },
  }[kind];
  for (const [k, v] of Object.entries(styles)) c.setAttribute(k, v);
  overlay.appendChild(c);
}

function drawMarks() {
  const overlay = document.getElementById("overlay");
  if (!overlay) return;
  overlay.innerHTML = "";
  if (page.game.over) return;
  const human = !computerToMove() || page.paused;
  if (human && page.pending) {
    const first = page.pending[0];
    if (first.from) mark(first.from, "selected");
    if (first.to) mark(first.to, "selected");
    for (const m of page.pending) mark(m.then, "then");
  } else if (human && page.selected) {
    mark(page.selected, "selected");
    for (const m of page.moves.filter((m) => m.from === page.selected && m.to)) {
      mark(m.to, m.captured.length && m.captured.includes(m.to) ? "capture" : "target");
    }
  } else if (human) {
    const from = new Set(page.moves.filter((m) => m.from).map((m) => m.from));
    for (const site of from) mark(site, "movable");
    const places = new Set(page.moves.filter((m) => !m.from && m.to).map((m) => m.to));
    for (const site of places) mark(site, "place");
  }
  if (page.hint) {
    if (page.hint.from) mark(page.hint.from, "hint");
    if (page.hint.to) mark(page.hint.to, "hint");
  }
}

// The site under a click: the nearest site's centre, if near enough.
function siteAt(event) {
  const svg = $("board").querySelector("svg");
  const ctm = svg && svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  let best = null;
  let distance = Infinity;
  for (const [site, [x, y]] of Object.entries(page.centres)) {
    const d = Math.hypot(p.x - x, p.y - y);
    if (d < distance) { distance = d; best = site; }
  }
  return distance <= page.spacing * 0.72 ? best : null;
}

function onBoardClick(event) {
  hideMenu();
  if (!page.game || page.game.over || page.busy) return;
  const site = siteAt(event);
  if (!site) { page.selected = null; drawMarks(); return; }
  if (computerToMove() && !page.paused) { say("the computer is to move"); return; }
  clickSite(site, event);
}

function clickSite(site, event) {
  if (page.pending) {
    const chosen = page.pending.find((m) => m.then === site);
    page.pending = null;
    page.selected = null;
    say("");
    if (chosen) play({ index: chosen.index });
    else drawMarks();
    return;
  }
  const moves = page.moves;
  const starting = moves.filter((m) => m.from === site);
  const placing = moves.filter((m) => !m.from && m.to === site);
  if (page.selected) {
    const from = page.selected;
    if (site === from) {
      page.selected = null;
      drawMarks();
      if (placing.length) choose_(placing, event);
      return;
    }
    const candidates = moves.filter((m) => m.from === from && m.to === site);
    if (candidates.length) { choose_(candidates, event); return; }
    if (starting.length) { page.selected = site; drawMarks(); return; }
    page.selected = null;
    drawMarks();
    explain(`${from}-${site}`);
    return;
  }
  if (starting.length) { page.selected = site; drawMarks(); hideExplain(); return; }
  if (placing.length) { choose_(placing, event); return; }
  const occupied = $("board").querySelector(`[data-site="${CSS.escape(site)}"]:not(.site)`);
  if (occupied) explain(site, `no legal move starts from ${site}`);
  else explain(site);
}

// One move plays at once; several that differ only by a follow-up's site
// wait for a click on that site; others (captures, promotions, stacks) get a menu.
function choose_(candidates, event) {
  if (candidates.length === 1) { play({ index: candidates[0].index }); return; }
  const thens = new Set(candidates.map((m) => m.then));
  if (!thens.has(null) && thens.size === candidates.length) {
    page.pending = candidates;
    say("now click the follow-up's site (Escape cancels)", true);
    drawMarks();
    return;
  }
  const menu = $("menu");
  menu.innerHTML = "";
  for (const m of candidates) {
    const b = document.createElement("button");
    const details = [];
    if (m.captured.length) details.push("captures " + m.captured.join(", "));
    if (m.changed.length) details.push("changes " + m.changed.join(", "));
    b.innerHTML = `${escapeHtml(m.text)}${details.length ? ` <span class="detail">${escapeHtml(details.join("; "))}</span>` : ""}`;
    b.dataset.move = m.text;
    b.addEventListener("click", () => { hideMenu(); play({ index: m.index }); });
    menu.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "cancel";
  cancel.addEventListener("click", hideMenu);
  menu.appendChild(cancel);
  const table = $("table").getBoundingClientRect();
  menu.style.left = `${(event ? event.clientX : table.left + 40) - table.left + 8}px`;
  menu.style.top = `${(event ? event.clientY : table.top + 40) - table.top + 8}px`;
  menu.hidden = false;
}

function hideMenu() { $("menu").hidden = true; }
function hideExplain() { $("explain").hidden = true; }

function drawOtherMoves() {
  const holder = $("other-moves");
  holder.innerHTML = "";
  if (page.game.over) return;
  for (const m of page.moves.filter((m) => !m.to)) {
    const b = document.createElement("button");
    b.textContent = m.kind === "dice" ? `throw ${m.text}` : m.text;
    b.dataset.move = m.text;
    b.addEventListener("click", () => play({ index: m.index }));
    holder.appendChild(b);
  }
}

async function act(path, body) {
  if (!page.game || page.busy) return null;
  page.busy = true;
  try {
    const game = await api("POST", `/api/sessions/${page.game.id}/${path}`, body || {});
    say("");
    return game;
  } catch (e) {
    say(e.message);
    return null;
  } finally {
    page.busy = false;
  }
}

async function play(request) {
  hideMenu();
  const game = await act("play", { ...request, ply: page.game.ply });
  if (game) {
    page.paused = false;
    hideExplain();
    await show(game);
  }
}

async function explain(text, headline) {
  if (!page.game) return;
  try {
    const answer = await api("POST", `/api/sessions/${page.game.id}/explain`, { move: text });
    $("explain").hidden = false;
    $("explain").classList.toggle("legal", answer.legal);
    $("explain-title").textContent = headline ? `${headline}: ${answer.message}` : answer.message;
    $("explain-text").innerHTML = explanationHtml(answer);
  } catch (e) {
    $("explain").hidden = false;
    $("explain").classList.remove("legal");
    $("explain-title").textContent = headline || `\`${text}\``;
    $("explain-text").textContent = e.message;
  }
}

// The answer as structured text: each rule it names (its line, as written,
// and what it says of the move), then the help.
function explanationHtml(answer) {
  const reasons = answer.reasons.map((r) =>
    `<li class="reason"><span class="where">line ${r.line}</span>` +
    (r.rule ? ` rule <strong>${escapeHtml(r.rule)}</strong>` : "") +
    `<code>${escapeHtml(r.written)}</code><span class="why">${escapeHtml(r.reason)}</span></li>`).join("");
  const help = answer.help ? `<p class="help">${escapeHtml(answer.help)}</p>` : "";
  return (reasons ? `<ul class="reasons">${reasons}</ul>` : "") + help;
}

// ---- the players ----

function playerConfig(name) {
  if (!page.players[name]) page.players[name] = { kind: "human", time: 1000 };
  return page.players[name];
}

function drawPlayers() {
  const holder = $("players");
  const g = page.game;
  if (holder.dataset.game !== g.id) {
    holder.innerHTML = "";
    for (const name of g.players) {
      const config = playerConfig(name);
      const row = document.createElement("div");
      row.className = "player";
      row.dataset.player = name;
      row.innerHTML = `<span class="name">${escapeHtml(name)}</span>` +
        `<select aria-label="who plays ${escapeHtml(name)}"><option value="human">person</option><option value="random">random</option><option value="mcts">MCTS</option></select>` +
        `<input type="number" min="50" max="60000" step="50" title="MCTS thinking time, ms" aria-label="thinking time of ${escapeHtml(name)} in ms">`;
      const select = row.querySelector("select");
      const time = row.querySelector("input");
      select.value = config.kind;
      time.value = config.time;
      time.disabled = config.kind !== "mcts";
      select.addEventListener("change", () => {
        config.kind = select.value;
        time.disabled = config.kind !== "mcts";
        page.paused = false;
        drawStatus();
        scheduleComputer();
      });
      time.addEventListener("change", () => { config.time = Math.max(50, Math.min(60000, Number(time.value) || 1000)); });
      holder.appendChild(row);
    }
    holder.dataset.game = g.id;
  }
  for (const row of holder.children) row.classList.toggle("to-move", !g.over && row.dataset.player === g.to_move);
}

function computerToMove() {
  const g = page.game;
  if (!g || g.over) return false;
  if (g.chance) return $("auto-dice").checked;
  return playerConfig(g.to_move).kind !== "human";
}

let computerTimer = null;
function scheduleComputer() {
  clearTimeout(computerTimer);
  const g = page.game;
  if (!g || g.over || page.paused || g.ply < g.length || !computerToMove()) return;
  computerTimer = setTimeout(computerMove, g.chance ? 350 : 250);
}

async function computerMove() {
  const g = page.game;
  if (!g || g.over) return;
  const config = g.chance ? { kind: "random" } : playerConfig(g.to_move);
  const agent = config.kind === "human" ? "mcts" : config.kind;
  say(agent === "mcts" ? `${g.to_move} thinks…` : "", true);
  const game = await act("ai", { agent, time_ms: config.time || 1000, ply: g.ply });
  if (game) {
    say(`${g.chance ? "thrown" : g.to_move + " played"} ${game.played}`, true);
    await show(game);
  }
}

async function hint() {
  const g = page.game;
  if (!g || g.over || page.busy) return;
  page.busy = true;
  say("thinking of a hint…", true);
  try {
    const answer = await api("POST", `/api/sessions/${g.id}/hint`, { agent: "mcts", time_ms: 1000, ply: g.ply });
    page.hint = page.moves[answer.index] || { text: answer.move };
    say(`hint: ${answer.move}`, true);
    drawMarks();
    drawStatus();
  } catch (e) {
    say(e.message);
  } finally {
    page.busy = false;
  }
}

// ---- history and transcripts ----

async function step(path, body) {
  const game = await act(path, body);
  if (game) {
    page.paused = true;
    await show(game);
  }
}

function drawLog() {
  const log = $("log");
  log.innerHTML = "";
  const g = page.game;
  g.log.forEach((entry, i) => {
    const li = document.createElement("li");
    li.dataset.ply = i + 1;
    li.innerHTML = `<span class="who">${escapeHtml(entry.player)}</span>${escapeHtml(entry.move)}`;
    if (i + 1 === g.ply) li.classList.add("current");
    if (i + 1 > g.ply) li.classList.add("undone");
    li.addEventListener("click", () => step("goto", { ply: i + 1 }));
    log.appendChild(li);
  });
  const current = log.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

async function save() {
  if (!page.game) return;
  try {
    const text = await api("GET", `/api/sessions/${page.game.id}/transcript`);
    const blob = new Blob([typeof text === "string" ? text : JSON.stringify(text) + "\n"], { type: "application/x-ndjson" });
    const a = document.createElement("a");
    const stem = page.game.file.split("/").pop().replace(/\.rules$/, "");
    a.href = URL.createObjectURL(blob);
    a.download = `${stem}-ply${page.game.ply}.jsonl`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    say(`saved ${page.game.ply} plies`, true);
  } catch (e) {
    say(e.message);
  }
}

async function load(file) {
  if (!page.game || !file) return;
  const text = await file.text();
  const game = await act("transcript", { transcript: text });
  if (game) {
    page.paused = true;
    say(`loaded ${file.name}: ${game.length} plies`, true);
    await show(game);
  }
}

// ---- watching the rule file ----

async function watch() {
  if (page.busy) return;
  try {
    if (page.game) {
      const w = await api("GET", `/api/sessions/${page.game.id}/watch`);
      if (!w.busy && w.version !== page.game.version && !page.busy) await refresh();
    } else if (page.chosen) {
      const d = await api("GET", `/api/diagnostics?file=${encodeURIComponent(page.chosen)}`);
      const i = page.games.findIndex((g) => g.file === d.file);
      if (i >= 0 && JSON.stringify(page.games[i]) !== JSON.stringify(d)) {
        page.games[i] = d;
        const badge = $("games").children[i] && $("games").children[i].querySelector(".badge");
        if (badge) { badge.className = `badge ${d.status}`; badge.textContent = d.status; }
        showSetup();
      }
    }
  } catch (_) { /* the server may be restarting */ }
}

// ---- wiring ----

$("start").addEventListener("click", start);
$("analyze").addEventListener("click", analyze);
$("analyze-stop").addEventListener("click", stopAnalysis);
$("analysis-close").addEventListener("click", () => { $("analysis").hidden = true; });
$("new-game").addEventListener("click", () => { if (page.game) { page.chosen = page.game.file; showSetup(); start(); } });
$("undo").addEventListener("click", () => step("undo"));
$("redo").addEventListener("click", () => step("redo"));
$("first").addEventListener("click", () => step("goto", { ply: 0 }));
$("last").addEventListener("click", () => page.game && step("goto", { ply: page.game.length }));
$("hint").addEventListener("click", hint);
$("computer").addEventListener("click", () => { if (!page.busy) computerMove(); });
$("resume").addEventListener("click", () => { page.paused = false; drawStatus(); scheduleComputer(); });
$("auto-dice").addEventListener("change", scheduleComputer);
$("save").addEventListener("click", save);
$("load").addEventListener("change", (e) => { load(e.target.files[0]); e.target.value = ""; });
$("explain-close").addEventListener("click", hideExplain);
$("notation").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("move-input").value.trim();
  if (!text || !page.game) return;
  const game = await act("play", { move: text, ply: page.game.ply });
  if (game) {
    $("move-input").value = "";
    page.paused = false;
    hideExplain();
    await show(game);
  } else {
    explain(text);
  }
});
$("explain-button").addEventListener("click", () => { const t = $("move-input").value.trim(); if (t) explain(t); });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT") return;
  if (e.key === "Escape") { hideMenu(); page.selected = null; page.pending = null; say(""); if (page.game) drawMarks(); }
  if (e.key === "ArrowLeft" && page.game && page.game.can_undo) step("undo");
  if (e.key === "ArrowRight" && page.game && page.game.can_redo) step("redo");
});

loadGames().then(() => {
  const wanted = new URLSearchParams(location.search).get("file");
  if (wanted) choose(wanted);
});
setInterval(watch, 500);
