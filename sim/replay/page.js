// The replay page: steps through the recorded game (buttons, slider, arrow keys, #step=N in the address).
// The data is the JSON in #replay-data (written by sim/replay/page.py); nothing is fetched.
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  let current = 0;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pairs(rows, className) {
    const table = element("table", className);
    for (const [label, value] of rows) {
      const row = table.insertRow();
      row.appendChild(element("th", "", label));
      row.appendChild(element("td", "", value));
    }
    return table;
  }

  // Controls -----------------------------------------------------------------------------------
  const label = document.getElementById("step-label");
  const counter = document.getElementById("step-counter");
  const slider = document.getElementById("step-slider");
  slider.max = String(last);
  const buttons = {first: 0, previous: -1, next: 1, end: last};
  for (const [name, move] of Object.entries(buttons)) {
    document.getElementById("step-" + name).addEventListener("click", () => {
      show(name === "previous" || name === "next" ? current + move : move);
    });
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last};
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    }
  });

  // The whole log, one block per step; the current step's block is highlighted --------------------
  const log = document.getElementById("log");
  const blocks = steps.map((step, index) => {
    const block = element("div", "log-step");
    block.dataset.step = String(index);
    // the game's log heads its own turns; a step without lines shows its label, so it can be clicked
    block.appendChild(step.log.length ? element("pre", "", step.log.join("\n")) : element("div", "log-label", step.label));
    block.addEventListener("click", () => show(index));
    log.appendChild(block);
    return block;
  });

  // Seat panels --------------------------------------------------------------------------------
  const seatsArea = document.getElementById("seats");
  const publicArea = document.getElementById("public");

  function seatPanel(step, seat) {
    const panel = element("section", "seat");
    panel.dataset.seat = String(seat);
    if (step.seat === seat) panel.classList.add("on-turn");
    const heading = element("h2", "", data.seats[seat]);
    if (step.seat === seat) heading.appendChild(element("span", "badge", "on turn"));
    panel.appendChild(heading);
    const result = (step.results || []).find((item) => item.seat === seat);
    if (result) {
      const line = element("p", "result");
      line.appendChild(element("span", "rank", "#" + result.rank));
      line.appendChild(document.createTextNode(" "));
      line.appendChild(element("span", "score", String(result.score)));
      line.appendChild(document.createTextNode(" points"));
      panel.appendChild(line);
      // a game's panel shows its own numbers; without one, the result's details stand in for it
      if (!step.views.length && result.details.length) panel.appendChild(pairs(result.details, "details"));
    }
    const view = step.views[seat];
    if (view) {
      panel.appendChild(pairs(view.tracks, "tracks"));
      for (const [group, cards] of view.private) {
        const holder = element("div", "private");
        holder.dataset.group = group;
        holder.appendChild(element("span", "group", group + " (" + cards.length + ")"));
        const list = element("ul", "cards");
        for (const card of cards) list.appendChild(element("li", "card", card));
        holder.appendChild(list);
        panel.appendChild(holder);
      }
      if (view.drawing >= 0) {
        const drawing = element("div", "drawing");
        drawing.innerHTML = data.drawings[view.drawing];
        panel.appendChild(drawing);
      }
    }
    return panel;
  }

  // Every drawing at least as wide as makes its smallest text 10 px (its box scrolls where the window is narrower)
  const READABLE_PX = 10;
  function readable(holder) {
    for (const svg of holder.querySelectorAll("svg[viewBox]")) {
      const sizes = Array.from(svg.querySelectorAll("text"), (text) => parseFloat(getComputedStyle(text).fontSize));
      const smallest = Math.min(...sizes.filter((size) => size > 0));
      if (Number.isFinite(smallest)) svg.style.minWidth = Math.ceil(svg.viewBox.baseVal.width * READABLE_PX / smallest) + "px";
    }
  }

  const tableDrawing = document.getElementById("table-drawing");

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const step = steps[current];
    label.textContent = step.label;
    counter.textContent = "step " + (current + 1) + " of " + steps.length;
    slider.value = String(current);
    seatsArea.replaceChildren(...data.seats.map((_, seat) => seatPanel(step, seat)));
    const board = step.views.length ? step.views[0].table_drawing : -1;  // what every seat sees alike, drawn once
    tableDrawing.innerHTML = board >= 0 ? data.drawings[board] : "";
    readable(tableDrawing);
    readable(seatsArea);
    const shared = step.views.length ? step.views[0].public : [];
    publicArea.replaceChildren(...(shared.length ? [pairs(shared, "tracks")] : []));
    for (const block of blocks) block.classList.toggle("current", block.dataset.step === String(current));
    log.scrollTop = blocks[current].offsetTop - log.offsetTop - 8;
    document.body.dataset.step = String(current);
    document.body.dataset.kind = step.kind;
    try {
      history.replaceState(null, "", "#step=" + (current + 1));
    } catch (error) {
      // a page opened where the address cannot change (some file viewers) still steps
    }
  }

  function requested() {
    const match = /^#step=(\d+|end)$/.exec(location.hash);
    if (!match) return 0;
    return match[1] === "end" ? last : Number(match[1]) - 1;
  }

  window.addEventListener("hashchange", () => show(requested()));
  show(requested());
  const ready = element("div");
  ready.id = "replay-ready";
  ready.hidden = true;
  ready.dataset.steps = String(steps.length);
  document.body.appendChild(ready);
})();
