// The join page: a table's code, a name, a free seat; the seat's token is kept in this browser.
"use strict";
(function () {
  const SAVED = "gamekit-seats";
  const codeBox = document.getElementById("code"), nameBox = document.getElementById("name");
  const seatsBox = document.getElementById("seats"), message = document.getElementById("join-message");
  if (!codeBox) { return; }
  const saved = () => { try { return JSON.parse(localStorage.getItem(SAVED) || "[]"); } catch (e) { return []; } };

  function showSaved() {
    const list = saved(), box = document.getElementById("my-seats");
    box.textContent = "";
    if (!list.length) { return; }
    const title = document.createElement("h2");
    const words = window.GK_WORDS || {};
    title.textContent = words.your_seats || "Your seats in this browser";
    box.appendChild(title);
    for (const seat of list.slice(-6).reverse()) {
      const line = document.createElement("p"), link = document.createElement("a"), plain = document.createElement("a");
      link.href = "/seat/" + seat.token; link.textContent = seat.title + ": " + seat.name;
      plain.href = "/plain/" + seat.token; plain.textContent = (window.GK_WORDS || {}).plain_page || " (plain page)";
      line.append(link, plain); box.appendChild(line);
    }
  }

  async function showSeats() {
    const code = codeBox.value.replace(/\s+/g, "").toUpperCase();
    seatsBox.textContent = "";
    if (code.length < 5) { return; }
    const answer = await fetch("/api/tables/" + encodeURIComponent(code));
    const data = await answer.json();
    if (!answer.ok) { message.textContent = data.error; return; }
    message.textContent = data.title;
    data.names.forEach((name, seat) => {
      if (!data.free.includes(seat)) { return; }
      const label = document.createElement("label"), radio = document.createElement("input");
      radio.type = "radio"; radio.name = "seat"; radio.value = seat;
      label.append(radio, " " + name); seatsBox.appendChild(label);
    });
  }

  document.getElementById("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const picked = seatsBox.querySelector("input:checked");
    const body = { code: codeBox.value, name: nameBox.value, seat: picked ? Number(picked.value) : null };
    const answer = await fetch("/api/join", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await answer.json();
    if (!answer.ok) { message.textContent = data.error; return; }
    const list = saved();
    list.push({ token: data.token, title: message.textContent || codeBox.value, name: nameBox.value || "seat " + (data.seat + 1) });
    localStorage.setItem(SAVED, JSON.stringify(list.slice(-20)));
    location.href = data.board;
  });
  codeBox.addEventListener("input", showSeats);
  const given = new URLSearchParams(location.search).get("code");
  if (given) { codeBox.value = given; showSeats(); }
  showSaved();
})();
