// The page of an okey table (docs/web.md). Every word it shows comes from the server,
// worded by okey's catalogue: the page's own labels from /words/LANG.json, the table's
// lines as the table says them. The page only draws, forwards keys and plays cues.
// At a salon (its words say so) /salon.js runs the log-in and the lobby, and seats the
// page at a table with sitAt; the table is this page's.
const $ = (id) => document.getElementById(id);
const RETRY = [500, 1000, 2000, 4000, 8000];
const NAMED = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down",
  Home: "home", End: "end", Enter: "enter", Escape: "escape", " ": "space",
  PageUp: "pageup", PageDown: "pagedown", Backspace: "backspace", Delete: "delete" };
const KEEP = new Set(["c-c", "c-v", "c-x", "c-a", "c-r", "c-l", "c-w", "c-t", "c-n"]); // the browser's own
let words = {};
let socket = null;
let seated = null; // { code, name, brief, lang }
let tries = 0;
let leaving = false;
let state = null;
let focusText = null;
let audio = null;
let volume = 0.6;
const hooks = { // what the salon's page does instead
  seated() { $("join").hidden = true; },
  refused(text) { $("join-status").textContent = text; },
  bye() {},
};

export const storage = (kind) => { try { return window[kind]; } catch { return null; } };
const remember = (key, value) => { const s = storage("localStorage"); if (s) s.setItem(key, value); };
const recall = (key) => { const s = storage("localStorage"); return s ? s.getItem(key) : null; };

export function language() {
  const kept = recall("okey-lang");
  if (kept) return kept;
  return (navigator.language || "en").toLowerCase().startsWith("tr") ? "tr" : "en";
}

export const TEXTS = { "title": "web.title", "join-heading": "web.join.heading", "name-label": "web.join.name",
  "code-label": "web.join.code", "lang-label": "web.join.language", "sit": "web.join.sit",
  "brief-label": "web.join.brief_messages", "board-heading": "web.board", "rack-heading": "web.rack",
  "messages-heading": "web.messages", "moves-heading": "web.moves", "actions-label": "web.actions",
  "chat-label": "web.chat.label", "chat-send": "web.chat.send", "chat-cancel": "web.chat.cancel",
  "menu-heading": "web.menu", "skip": "web.skip", "keys-help": "web.keys_help",
  "yes": "web.yes", "no": "web.no" };

export function pageWords() { return words; }

export async function loadWords(lang, texts = TEXTS) {
  const answer = await fetch(`/words/${lang}.json`);
  words = await answer.json();
  document.documentElement.lang = words.lang;
  for (const [id, key] of Object.entries(texts)) $(id).textContent = words[key];
  document.title = words[texts.title];
  const select = $("lang");
  select.replaceChildren(...words.languages.map((l) => {
    const option = new Option(l.name, l.code, false, l.code === words.lang);
    option.lang = l.code;
    return option;
  }));
}

// -- the regions ------------------------------------------------------------------

export function addLog(text) {
  const line = document.createElement("p");
  line.textContent = text;
  const log = $("log");
  log.append(line);
  log.scrollTop = log.scrollHeight;
}

export function alertLine(text) {
  // A new node in one change, so that the same words said twice are read twice, once each.
  const line = document.createElement("p");
  line.textContent = text;
  $("alert").replaceChildren(line);
}

export function heard(message) {
  switch (message.region) {
    case "alert": alertLine(message.text); break;
    case "read": alertLine(message.text); break;
    case "focus": focusText = message.text; break;
    default: addLog(message.text);
  }
}

// -- the table's picture -------------------------------------------------------------

function styled(into, parts) {
  into.replaceChildren(...parts.map(([classes, text]) => {
    if (!classes) return document.createTextNode(text);
    const span = document.createElement("span");
    span.className = classes;
    span.textContent = text;
    return span;
  }));
}

function drawRack(items, focus) {
  const rack = $("rack");
  while (rack.children.length > items.length) rack.lastElementChild.remove();
  while (rack.children.length < items.length) {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = `tile-${rack.children.length}`;
    li.tabIndex = -1;
    li.addEventListener("click", () => choose(Number(li.id.slice(5))));
    rack.append(li);
  }
  if (!items.length) {
    rack.tabIndex = 0;
    rack.setAttribute("aria-label", `${words["web.rack"]}: ${words["web.rack.empty"]}`);
    return;
  }
  rack.removeAttribute("aria-label");
  rack.tabIndex = -1;
  items.forEach((item, index) => {
    const li = rack.children[index];
    const face = item.face;
    const shape = face.slice(0, 1);
    if (li.dataset.face !== face || li.dataset.style !== item.style) {
      li.dataset.face = face;
      li.dataset.style = item.style;
      li.className = item.style;
      const drawn = document.createElement("span"); // the terminal's face: seen, not read
      drawn.setAttribute("aria-hidden", "true");
      const mark = document.createElement("span");
      mark.className = "shape";
      mark.textContent = shape;
      drawn.append(mark, face.slice(1));
      const said = document.createElement("span"); // the terminal's words: read
      said.className = "said";
      li.replaceChildren(drawn, said);
    }
    li.classList.toggle("marked", item.marked);
    const name = index === focus && focusText ? focusText : item.name;
    const said = li.lastElementChild;
    if (said.textContent !== name) said.textContent = name;
    li.setAttribute("aria-selected", String(index === focus));
    li.tabIndex = index === focus ? 0 : -1;
  });
}

function button(action, into) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.cmd = action.cmd;
  b.append(action.label);
  if (action.key) {
    const kbd = document.createElement("kbd");
    kbd.textContent = action.key;
    kbd.setAttribute("aria-hidden", "true");
    b.append(kbd);
    b.setAttribute("aria-keyshortcuts", action.key);
  }
  b.classList.toggle("later", !action.now);
  b.addEventListener("click", () => send({ t: "cmd", cmd: action.cmd }));
  into.append(b);
  return b;
}

function drawActions(into, actions, wrap) {
  const key = JSON.stringify(actions);
  if (into.dataset.key === key) return;
  const focused = document.activeElement && into.contains(document.activeElement)
    ? document.activeElement.dataset.cmd || document.activeElement.firstElementChild?.dataset.cmd : null;
  into.dataset.key = key;
  into.replaceChildren();
  for (const action of actions) {
    if (wrap) {
      const li = document.createElement("li");
      button(action, li);
      into.append(li);
    } else button(action, into);
  }
  if (focused) into.querySelector(`[data-cmd="${focused}"]`)?.focus();
}

function draw(changed) {
  const next = { ...state, ...changed }; // the server sends the parts that changed
  if (state && state.step === "player" && next.step !== "player") $("alert").replaceChildren();
  document.body.dataset.step = next.step;
  state = next;
  const rack = $("rack");
  const hadFocus = rack.contains(document.activeElement) || document.activeElement === rack;
  drawRack(next.rack, next.focus);
  styled($("board"), next.board);
  styled($("panel"), next.panel);
  $("panel").hidden = !next.panel.length;
  styled($("footer"), next.footer);
  const menu = $("menu");
  menu.hidden = next.menu === null;
  if (next.menu !== null) {
    $("menu-items").replaceChildren(...next.menu.map((text, i) => {
      const li = document.createElement("li");
      li.textContent = text;
      if (i === next.menu_focus) li.setAttribute("aria-current", "true");
      return li;
    }));
  }
  drawActions($("moves"), next.moves.filter((a) => a.now || a.cmd === "chat" || a.cmd === "hint"), false);
  drawActions($("actions"), next.actions, true);
  $("question").hidden = !next.asking;
  const chat = $("chat");
  if (next.writing && chat.hidden) {
    chat.hidden = false;
    $("chat-line").focus();
  } else if (!next.writing && !chat.hidden) {
    chat.hidden = true;
    $("chat-line").value = "";
    if (chat.contains(document.activeElement) || document.activeElement === document.body) focusRack();
  }
  // The focus moves with the player's keys only (a focus line came): where the table
  // moves it (a tile drawn), the line that says so says where it is, once.
  if (focusText !== null && next.rack.length) {
    const target = rack.children[next.focus];
    if (hadFocus && document.activeElement !== target) target.focus();
    else alertLine(focusText); // the same tile again, or the rack is not focused
  }
  focusText = null;
}

function focusRack() {
  const rack = $("rack");
  const target = state && state.rack.length ? rack.children[state.focus] : rack;
  (target || rack).focus();
}

function choose(index) {
  if (!state) return;
  const step = index - state.focus;
  const key = step < 0 ? "left" : "right";
  for (let i = 0; i < Math.abs(step); i++) send({ t: "key", key });
}

// -- keys ---------------------------------------------------------------------------

function keyName(event) {
  if (event.altKey || event.metaKey || event.isComposing) return null;
  if (/^F\d{1,2}$/.test(event.key)) return event.key.toLowerCase();
  const named = NAMED[event.key];
  if (named) return event.ctrlKey ? `c-${named}` : named;
  if (event.key.length !== 1) return null;
  if (event.ctrlKey) return `c-${event.key.toLowerCase()}`;
  return event.key;
}

function onRackKey(event) {
  const key = keyName(event);
  if (key === null || KEEP.has(key)) return;
  event.preventDefault();
  wake();
  send({ t: "key", key });
}

// -- cues: a short tone each, from where the seat sits ---------------------------------

const TONES = { "your-turn": [660, 880], draw: [330], take: [392], discard: [262], "okey-drawn": [784, 988],
  "win-possible": [523, 659, 784], "win-yours": [523, 659, 784, 1047], "win-other": [392, 330],
  "indicator-shown": [587], "round-over": [440, 349], "match-over": [523, 440, 349],
  "timer-warning": [988, 988], chat: [740] };
const PANS = { own: [0, 1], left: [-0.8, 1], right: [0.8, 1], across: [0, 0.708] };

function wake() {
  if (!audio && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}

function cue(message) {
  if (!audio) return;
  const [pan, gain] = PANS[message.where] || PANS.own;
  const start = audio.currentTime + (message.delay || 0);
  (TONES[message.cue] || [440]).forEach((frequency, i) => {
    const osc = audio.createOscillator();
    const level = audio.createGain();
    const panner = audio.createStereoPanner();
    osc.frequency.value = frequency;
    panner.pan.value = pan;
    const at = start + i * 0.09;
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(0.25 * gain * volume + 0.0001, at + 0.01);
    level.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
    osc.connect(level).connect(panner).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.13);
  });
}

// -- the connection -----------------------------------------------------------------

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function tokenKey(code) { return `okey-token:${code.trim().toUpperCase()}`; }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/play`);
  const old = socket;
  socket = ws;
  ws.addEventListener("open", () => {
    const token = storage("sessionStorage")?.getItem(tokenKey(seated.code)) || null;
    ws.send(JSON.stringify({ t: "hello", code: seated.code, name: seated.name, lang: seated.lang,
      brief: seated.brief, token }));
  });
  ws.addEventListener("message", (event) => {
    if (ws !== socket) return;
    for (const message of JSON.parse(event.data)) hear(ws, old, message); // one moment's messages
  });
  ws.addEventListener("close", () => {
    if (ws !== socket || leaving || $("play").hidden) return;
    if (tries >= RETRY.length) { alertLine(words["web.lost"]); return; }
    if (tries === 0) alertLine(words["web.retrying"]);
    setTimeout(connect, RETRY[tries++]);
  });
}

function hear(ws, old, message) {
  switch (message.t) {
    case "seated":
      tries = 0;
      $("join-status").textContent = "";
      storage("sessionStorage")?.setItem(tokenKey(seated.code), message.token);
      if (old && old !== ws) old.close();
      showPlay();
      break;
    case "refused":
      hooks.refused(message.text);
      if (!$("play").hidden) alertLine(message.text);
      break;
    case "line": heard(message); break;
    case "state": draw(message); break;
    case "cue": cue(message); break;
    case "volume": volume = message.level; break;
    case "bye":
      leaving = true;
      addLog(message.text);
      ws.close();
      hooks.bye();
      break;
  }
}

function showPlay() {
  if (!$("play").hidden) return;
  hooks.seated();
  $("play").hidden = false;
  $("skip").hidden = false;
  focusRack();
}

function sitDown(event) {
  event.preventDefault();
  wake();
  const name = $("name").value.trim();
  const code = $("code").value.trim();
  if (!name || !code) return;
  remember("okey-name", name);
  storage("sessionStorage")?.setItem("okey-brief", String($("brief").checked));
  seated = { code, name, brief: $("brief").checked, lang: words.lang };
  $("join-status").textContent = words["web.connecting"];
  leaving = false;
  connect();
}

/** Sit at a salon's table with the seat its ticket keeps (``given``: the salon page's
 * hooks, called when seated, refused and gone). */
export function sitAt(seat, token, given) {
  Object.assign(hooks, given);
  storage("sessionStorage")?.setItem(tokenKey(seat.code), token);
  seated = seat;
  leaving = false;
  tries = 0;
  state = null;
  connect();
}

export function wakeAudio() { wake(); }

export async function changeLanguage(texts = TEXTS) {
  const lang = $("lang").value;
  remember("okey-lang", lang);
  await loadWords(lang, texts);
  if (seated && !leaving && !$("play").hidden) {
    seated.lang = lang;
    connect(); // the same seat (its token), its lines now in this language
  }
}

function tableKeys() {
  $("rack").addEventListener("keydown", onRackKey);
  $("chat").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ t: "chat", text: $("chat-line").value });
  });
  for (const id of ["yes", "no"]) {
    $(id).addEventListener("click", () => send({ t: "key", key: $(id).dataset.key }));
  }
  $("chat-cancel").addEventListener("click", () => send({ t: "chat_cancel" }));
  $("chat-line").addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); send({ t: "chat_cancel" }); }
  });
  document.addEventListener("click", wake, { once: true });
}

async function start() {
  await loadWords(language());
  tableKeys();
  if (words.salon && !location.hash.slice(1)) { // (a link with a code: a private table's)
    (await import("/salon.js")).enter(language());
    return;
  }
  $("join").hidden = false;
  $("code").value ||= decodeURIComponent(location.hash.slice(1));
  $("name").value ||= recall("okey-name") || "";
  $("join-form").addEventListener("submit", sitDown);
  $("lang").addEventListener("change", () => changeLanguage());
  (($("code").value && $("name").value) ? $("sit") : ($("name").value ? $("code") : $("name"))).focus();
  // A reloaded tab that holds this table's seat sits down again at once (its token).
  const session = storage("sessionStorage");
  if ($("code").value && $("name").value && session?.getItem(tokenKey($("code").value))) {
    $("brief").checked = session.getItem("okey-brief") === "true";
    $("join-form").requestSubmit();
  }
}

start();
