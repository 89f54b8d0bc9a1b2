// The teacher's page: make tables, watch every table live, pause, replace, reveal, replay, export.
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const headers = { "Authorization": "Bearer " + token, "Content-Type": "application/json" };
  let games = [], tables = [], frames = [], frame = 0, pending = null;
  const WORDS = window.GK_WORDS || {};  // the server's words in this page's language
  // A word of the server's, its {placeholders} filled in.
  const say = (key, values) => (WORDS[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
  // An agent's key as the teacher reads it ("heuristic" -> "heurístico"); the key is what is sent.
  const agentName = (kind) => { const game = games.find((g) => g.agent_names && kind in g.agent_names); return game ? game.agent_names[kind] : kind; };

  async function api(path, options) {
    const answer = await fetch("/api/teacher" + path, Object.assign({ headers: headers }, options || {}));
    const data = await answer.json();
    if (!answer.ok) { const error = new Error(data.error); error.data = data; throw error; }
    return data;
  }
  const post = (path, body) => api(path, { method: "POST", body: JSON.stringify(body || {}) });
  const make = (tag, text, className) => { const node = document.createElement(tag); if (text !== undefined) { node.textContent = text; } if (className) { node.className = className; } return node; };

  // --- the form -----------------------------------------------------------------------------
  function kindSelect(game, value) {
    const select = make("select");
    for (const kind of ["student"].concat(game.agents)) {
      const option = make("option", kind === "student" ? say("student") : say("computer_agent", { agent: agentName(kind) }));
      option.value = kind; select.appendChild(option);
    }
    select.value = value || "student";
    return select;
  }
  function drawSeats() {
    const game = games.find((g) => g.name === $("game").value), count = Number($("players-count").value);
    const box = $("seat-kinds");
    box.textContent = "";
    for (let seat = 0; seat < count; seat++) {
      const label = make("label", say("seat_n", { n: seat + 1 }) + " ");
      label.appendChild(kindSelect(game)); box.appendChild(label);
    }
  }
  function drawCounts() {
    const game = games.find((g) => g.name === $("game").value), counts = $("players-count");
    $("options").title = Object.entries(game.options).map(([name, what]) => name + ": " + what).join("\n");
    counts.textContent = "";
    for (const n of game.seats) { const option = make("option", String(n)); option.value = n; counts.appendChild(option); }
    counts.value = game.default_seats;
    drawSeats();
  }
  async function setUp() {
    games = (await (await fetch("/api/games")).json()).games;
    for (const game of games) { const option = make("option", game.title); option.value = game.name; $("game").appendChild(option); }
    $("game").addEventListener("change", drawCounts);
    $("players-count").addEventListener("change", drawSeats);
    drawCounts();
    $("create-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const seats = Array.from($("seat-kinds").querySelectorAll("select")).map((s) => s.value);
      const seed = $("seed").value.trim(), optionsText = $("options").value.trim();
      let options = null;
      try { options = optionsText ? JSON.parse(optionsText) : null; } catch (error) { $("create-message").textContent = say("options_json"); return; }
      try {
        const made = await post("/tables", { game: $("game").value, seats: seats, title: $("title").value, seed: seed ? Number(seed) : null, options: options });
        $("create-message").textContent = say("table_ready", { code: made.code });
      } catch (error) { $("create-message").textContent = error.message; }
    });
  }

  // --- the tables ----------------------------------------------------------------------------
  function drawTables() {
    const active = document.activeElement;
    if (active && active.tagName === "SELECT" && $("tables").contains(active)) { pending = true; return; }  // not under the teacher's hand
    pending = null;
    const box = $("tables");
    box.textContent = "";
    if (!tables.length) { box.appendChild(make("p", say("no_table"))); }
    for (const t of tables) { box.appendChild(tableCard(t)); }
  }
  function tableCard(t) {
    const card = make("div", undefined, "gk-table-card");
    card.dataset.table = t.id;
    const title = make("h3");
    title.append(make("span", t.code, "gk-code"), "  " + t.title + " ");
    const state = t.over ? say("over", { reason: t.reason }) : t.paused ? say("paused") : t.problem ? t.problem : say("step", { n: t.steps });
    title.appendChild(make("span", "(" + state + ")", t.paused ? "gk-paused" : ""));
    card.appendChild(title);
    const grid = make("table"), head = make("tr");
    for (const h of ["", say("seat"), say("played_by"), say("score"), ""]) { head.appendChild(make("th", h)); }
    grid.appendChild(head);
    t.names.forEach((name, seat) => {
      const row = make("tr"), dotCell = make("td"), dot = make("span", undefined, "gk-dot");
      if (t.connected.includes(seat) || t.kinds[seat] !== "student") { dot.classList.add("gk-on"); }
      dotCell.appendChild(dot);
      row.append(dotCell, make("td", name), make("td", t.kinds[seat] === "student" ? (t.taken.includes(seat) ? say("student") : say("free_seat")) : say("computer_agent", { agent: agentName(t.kinds[seat]) })),
        make("td", String(t.scores[seat])), make("td", t.chosen.includes(seat) ? say("submitted_mark") : t.waiting_for.includes(seat) ? say("turn") : "", "gk-turn"));
      grid.appendChild(row);
    });
    card.appendChild(grid);
    const controls = make("div");
    const pause = make("button", t.paused ? say("resume") : say("pause"));
    pause.addEventListener("click", () => act(post("/tables/" + t.id + (t.paused ? "/resume" : "/pause"))));
    const seatChoice = make("select"), game = games.find((g) => g.name === t.game);
    t.names.forEach((name, seat) => {
      for (const kind of ["student"].concat(game ? game.agents : [])) {
        if (kind === t.kinds[seat]) { continue; }
        const option = make("option", name + " → " + (kind === "student" ? say("a_student") : say("computer_agent", { agent: agentName(kind) })));
        option.value = seat + ":" + kind; seatChoice.appendChild(option);
      }
    });
    seatChoice.addEventListener("blur", () => { if (pending) { drawTables(); } });
    const replace = make("button", say("give_seat"));
    replace.addEventListener("click", () => { const [seat, kind] = seatChoice.value.split(":"); act(post("/tables/" + t.id + "/replace", { seat: Number(seat), kind: kind })); });
    const reveal = make("button", say("reveal"));
    reveal.addEventListener("click", () => showSecrets(t, "reveal"));
    const replay = make("button", say("replay"));
    replay.addEventListener("click", () => showSecrets(t, "replay"));
    const record = make("a", say("export"));
    record.href = "/api/teacher/tables/" + t.id + "/record?token=" + encodeURIComponent(token);
    const links = make("button", say("seat_links"));
    links.addEventListener("click", () => showLinks(t, card));
    controls.append(pause, " ", seatChoice, replace, " ", reveal, replay, " ", links, " ", record);
    card.appendChild(controls);
    return card;
  }
  async function act(promise) {
    try { await promise; } catch (error) { alert(error.message); }
  }
  async function showLinks(t, card) {
    const detail = await api("/tables/" + t.id), box = make("div", undefined, "gk-links");
    const qr = make("div", undefined, "gk-qr");
    qr.innerHTML = detail.qr;  // SVG made by the server from the join address
    box.append(make("p", say("join", { address: detail.join })), qr);
    for (const seat of detail.seats) {
      if (!seat.link) { continue; }
      const line = make("p", seat.name + ": "), link = make("a", location.origin + seat.link);
      link.href = seat.link; line.appendChild(link); box.appendChild(line);
    }
    const old = card.querySelector(".gk-links");
    if (old) { old.remove(); } else { card.appendChild(box); }
  }
  async function showSecrets(t, what) {
    let confirmText = "";
    if (!t.over) {
      if (!confirm(say("confirm_secrets"))) { return; }
      confirmText = "?confirm=1";
    }
    try {
      const data = await api("/tables/" + t.id + "/" + what + confirmText);
      frames = what === "reveal" ? [{ step: t.steps, action: null, text: data.text }] : data.frames;
      frame = frames.length - 1;
      $("secrets-title").textContent = say(what === "reveal" ? "everything" : "replaying", { table: t.code + " " + t.title });
      drawFrame();
      $("secrets").showModal();
    } catch (error) { alert(error.message); }
  }
  function drawFrame() {
    const f = frames[frame];
    $("step-label").textContent = " " + say(f.action ? "step_of_action" : "step_of", { step: f.step, last: frames[frames.length - 1].step, action: JSON.stringify(f.action) }) + " ";
    $("secrets-text").textContent = f.text;
    $("prev").disabled = frame === 0; $("next").disabled = frame === frames.length - 1;
  }
  $("secrets").addEventListener("close", () => {});
  $("prev").addEventListener("click", (event) => { event.preventDefault(); if (frame > 0) { frame--; drawFrame(); } });
  $("next").addEventListener("click", (event) => { event.preventDefault(); if (frame < frames.length - 1) { frame++; drawFrame(); } });

  // --- live ----------------------------------------------------------------------------------
  let retry = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + "/ws/teacher/" + encodeURIComponent(token));
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (event) => { const data = JSON.parse(event.data); if (data.type === "tables") { tables = data.tables; drawTables(); } };
    socket.onclose = (event) => { if (event.code !== 4403) { setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); } };
  }
  setUp().then(connect);
})();
