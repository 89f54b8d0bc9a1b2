// A seat's plain page: the view the server sends this seat, as text, and its moves as buttons.
// It reconnects by itself (the seat's token is in the address) and always draws the newest view.
"use strict";
(function () {
  const token = location.pathname.split("/").pop();
  const $ = (id) => document.getElementById(id);
  let view = null, socket = null, retry = 500;
  const WORDS = window.GK_WORDS || {};  // the server's words in this page's language
  const say = (key, english) => WORDS[key] || english;

  function render(data) {
    view = data;
    document.title = data.title + ": " + (data.name || "");
    $("title").textContent = data.title + " — " + (data.name || "");
    const status = $("status");
    status.className = data.paused ? "gk-paused" : "";
    if (data.status) { status.textContent = data.status; }
    else if (data.paused) { status.textContent = "The teacher has paused this table."; }
    else if (data.outcome) { status.textContent = "Game over. " + data.outcome.reason; }
    else if (data.legal.length) { status.textContent = "Your turn."; }
    else if (data.my_choice) { status.textContent = "You chose " + data.my_choice + ". Waiting for the others."; }
    else { status.textContent = "Waiting for " + data.waiting_for.map((s) => data.names[s]).join(" and ") + "."; }
    const players = $("players");
    players.textContent = "";
    data.names.forEach((name, seat) => {
      const item = document.createElement("li"), dot = document.createElement("span");
      const live = data.connected.includes(seat) || data.kinds[seat] !== "student";
      dot.className = "gk-dot" + (live ? " gk-on" : "");
      item.append(dot, name + (seat === data.seat ? say("you", " (you)") : "")
        + (data.kinds[seat] !== "student" ? say("computer", " — computer") : ""));
      if (data.waiting_for.includes(seat) || data.chosen.includes(seat)) {
        const turn = document.createElement("span");
        turn.className = "gk-turn";
        turn.textContent = data.chosen.includes(seat) ? say("submitted", "  submitted ✓")
          : say("to_play", "  to play");  // never what was chosen
        item.append(turn);
      }
      players.appendChild(item);
    });
    const actions = $("actions");
    actions.textContent = "";
    for (const text of data.legal) {
      const button = document.createElement("button");
      button.className = "gk-action"; button.textContent = text;
      button.addEventListener("click", () => move(text));
      actions.appendChild(button);
    }
    $("table-text").textContent = data.table_text;
    $("my-text").textContent = data.text;
    const log = $("log");
    log.textContent = "";
    for (const line of data.log) { const item = document.createElement("li"); item.textContent = line; log.appendChild(item); }
    log.scrollTop = log.scrollHeight;
  }

  function move(text) {
    if (!socket || socket.readyState !== WebSocket.OPEN) { $("refusal").textContent = say("reconnecting", "Reconnecting… try again in a moment."); return; }
    for (const button of document.querySelectorAll(".gk-action")) { button.disabled = true; }
    $("refusal").textContent = "";
    socket.send(JSON.stringify({ type: "move", action: text, version: view ? view.version : null }));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/seat/" + token);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "view") { render(data); }
      else if (data.type === "refused") { render(data.view); $("refusal").textContent = data.reason; }
      else if (data.type === "error") { $("refusal").textContent = data.reason; }
    };
    socket.onclose = (event) => {
      if (event.code === 4404) { $("status").textContent = say("invalid_seat", "This seat link is not valid here."); return; }
      $("status").textContent = say("connection_lost", "Connection lost: reconnecting…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }
  connect();
})();
