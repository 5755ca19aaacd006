// The salon's page (docs/web.md): log in, the lobby, and a table by the table page's own
// code (okey.js). Every word comes from the server: the lobby's lines as `okey salon`
// says them, the page's labels from /words/LANG.json. The page sends what is typed and
// which button was pressed; the salon's own code does the rest.
import { TEXTS, addLog, alertLine, changeLanguage, heard, loadWords, pageWords, sitAt, storage,
  wakeAudio } from "/okey.js";

const $ = (id) => document.getElementById(id);
const SALON = { ...TEXTS, "title": "web.salon.title", "login-heading": "web.salon.login",
  "account-label": "web.join.name", "password-label": "web.salon.password", "enter": "web.salon.enter",
  "ask-yes": "web.yes", "ask-no": "web.no", "lobby-heading": "web.salon.lobby",
  "command-label": "web.salon.command", "run": "web.salon.run", "say": "web.salon.say",
  "commands-heading": "web.salon.commands", "who": "web.salon.who", "top": "web.salon.top",
  "stop": "web.salon.stop", "help": "web.salon.help", "quit": "web.salon.quit",
  "rules-label": "web.salon.rules", "open": "web.salon.open", "quick": "web.salon.quick",
  "tables-heading": "web.salon.tables" };
for (const id of ["join-heading", "name-label", "code-label", "sit", "brief-label"]) delete SALON[id];
const SESSION = "okey-salon-session";
const RETRY = [500, 2000, 5000];
let tries = 0;
let socket = null;
let me = null; // the account's name, once in
let lang = "en";
let gone = false; // left the salon (or put out): no more tries

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ ...message, lang }));
}

function fillRules() {
  const select = $("rules");
  const kept = select.value;
  select.replaceChildren(...pageWords().rules.map((r) => new Option(r.text, r.name, false, r.name === kept)));
}

function drawTables(cards) {
  // Each table one line, as the lobby reads it, with its two buttons (the one focused
  // keeps the focus while the list changes).
  const list = $("tables");
  const focused = list.contains(document.activeElement) ? document.activeElement.dataset.at : null;
  list.replaceChildren(...cards.map((card) => {
    const li = document.createElement("li");
    const line = document.createElement("span");
    line.textContent = card.line;
    li.append(line);
    for (const [cmd, label, shown] of [["sit", card.sit, card.free], ["watch", card.watch, true]]) {
      if (!shown) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.at = `${cmd} ${card.number}`;
      b.addEventListener("click", () => send({ t: "cmd", cmd, arg: String(card.number) }));
      li.append(" ", b);
    }
    return li;
  }));
  if (focused) (list.querySelector(`[data-at="${focused}"]`) || $("command")).focus();
}

function show(part) {
  for (const id of ["login", "lobby"]) $(id).hidden = id !== part;
}

function ask(what) {
  $("ask").hidden = false;
  $("ask").dataset.what = what;
  $("ask-yes").focus();
}

function answer(yes) {
  $("ask").hidden = true;
  if ($("ask").dataset.what === "claim") {
    if (!yes) { $("account").focus(); return; }
    send({ t: "login", name: $("account").value, password: $("password").value, claim: true });
  } else send({ t: "answer", yes });
}

function hear(message) {
  switch (message.t) {
    case "line": heard(message); break;
    case "welcome":
      me = message.name;
      tries = 0;
      storage("sessionStorage")?.setItem(SESSION, message.session);
      $("password").value = "";
      break;
    case "ask": ask(message.what); break;
    case "lobby":
      show("lobby");
      $("command").focus();
      break;
    case "tables": drawTables(message.cards); break;
    case "ticket":
      sitAt({ code: message.code, name: me, brief: false, lang }, message.token, {
        seated() { show(null); },
        refused(text) { addLog(text); },
        bye() { backToLobby(); },
      });
      break;
    case "left":
      gone = true;
      storage("sessionStorage")?.removeItem(SESSION);
      show("login");
      break;
  }
}

function backToLobby() {
  $("play").hidden = true;
  $("skip").hidden = true;
  show("lobby");
  send({ t: "back" });
  $("command").focus();
}

function connect(first) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/lobby`);
  socket = ws;
  gone = false;
  ws.addEventListener("open", () => ws.send(JSON.stringify({ ...first, lang })));
  ws.addEventListener("message", (event) => { if (ws === socket) hear(JSON.parse(event.data)); });
  ws.addEventListener("close", () => {
    if (ws !== socket) return;
    socket = null;
    const session = storage("sessionStorage")?.getItem(SESSION);
    if (!gone && me !== null && session && tries < RETRY.length) { // come back in, as before
      me = null;
      setTimeout(() => connect({ t: "resume", session }), RETRY[tries++]);
      return;
    }
    if (!gone && me !== null) alertLine(pageWords()["salon.lost"]);
    me = null;
    if ($("play").hidden) show("login");
  });
}

function logIn(event) {
  event.preventDefault();
  wakeAudio();
  const message = { t: "login", name: $("account").value.trim(), password: $("password").value };
  if (socket && socket.readyState === WebSocket.OPEN) send(message);
  else connect(message);
}

function command(cmd) {
  // A button runs its command; the field's text goes with it (a table's number, a line
  // said, a rule set to open).
  const field = $("command");
  const arg = ["open", "quick", "top"].includes(cmd) ? $("rules").value : field.value;
  if (cmd === "say" && !arg.trim()) { field.focus(); return; }
  send({ t: "cmd", cmd, arg });
  if (cmd === "say") field.value = "";
}

export async function enter(language) {
  lang = language;
  await loadWords(lang, SALON);
  fillRules();
  $("join").hidden = true;
  show("login");
  $("login-form").addEventListener("submit", logIn);
  $("ask-yes").addEventListener("click", () => answer(true));
  $("ask-no").addEventListener("click", () => answer(false));
  $("command-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ t: "line", text: $("command").value });
    $("command").value = "";
  });
  $("command").addEventListener("keydown", (event) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      send({ t: "key", key: event.key === "ArrowUp" ? "up" : "down" });
    }
  });
  for (const b of document.querySelectorAll("#lobby button[type=button][data-cmd]")) {
    b.addEventListener("click", () => command(b.dataset.cmd));
  }
  $("open-form").addEventListener("submit", (event) => { event.preventDefault(); command("open"); });
  $("lang").addEventListener("change", async () => {
    lang = $("lang").value;
    await changeLanguage(SALON);
    fillRules();
    send({ t: "lang" });
  });
  const session = storage("sessionStorage")?.getItem(SESSION);
  if (session) connect({ t: "resume", session }); // a reloaded tab comes back in
  else $("account").focus();
}
