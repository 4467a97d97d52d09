// The page: one session per tab, its state and the engine's progress
// streamed by server-sent events, every control a small JSON request.

import { Board } from './board.js';

const $ = (id) => document.getElementById(id);

const app = {
  games: [],
  levels: [],
  id: null,
  state: null,
  source: null,
  flipped: false,
  info: null,
  clockTimer: null,
  clockAt: 0,
  // The value of a control (`side`, `level`) the user set, while its request is
  // on the way: an event that crosses the answer still carries the value before.
  pending: {},
};

function status(text, bad = false) {
  const s = $('status');
  s.textContent = text || '';
  s.style.color = bad ? '#ff9a8a' : '#e7c07a';
}

async function api(path, body, method = 'POST') {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['content-type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// `command`, sent by the control `control`: until the answer, `show` keeps the
// user's choice on that control rather than the older state's value.
async function commandFrom(control, name, args) {
  const mark = {};
  app.pending[control] = mark;
  try {
    return await command(name, args);
  } finally {
    if (app.pending[control] === mark) {
      delete app.pending[control];
      if (app.state) showControls(app.state);
    }
  }
}

async function command(name, args = {}) {
  if (!app.id) return null;
  try {
    const state = await api(`/api/session/${app.id}/${name}`, args);
    if (state && state.board) show(state);
    status('');
    return state;
  } catch (error) {
    if (/no session/.test(error.message)) {
      status('the session expired; a new game starts');
      await newSession();
    } else {
      status(error.message, true);
    }
    return null;
  }
}

const board = new Board($('board'), {
  onMove: (text) => command('move', { move: text }),
  onChoose: (moves) => choose(moves),
  onReject: () => flash(),
});

function flash() {
  const b = $('board');
  b.animate([{ filter: 'none' }, { filter: 'sepia(1) hue-rotate(-40deg) saturate(3)' }, { filter: 'none' }], { duration: 250 });
}

function choose(moves) {
  const box = $('chooser');
  box.replaceChildren();
  const p = document.createElement('p');
  p.textContent = 'Which move?';
  box.appendChild(p);
  for (const m of moves) {
    const b = document.createElement('button');
    let label = m.text;
    if (m.text.includes('^')) label += '  (the whole stack tumbles)';
    else if (app.state.game === 'tumbling-down') label += '  (the top piece moves)';
    if (m.captured.length) label += `  ×${m.captured.length}`;
    b.textContent = label;
    b.dataset.move = m.text;
    b.onclick = () => { box.hidden = true; board.reset(); command('move', { move: m.text }); };
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.textContent = 'Cancel';
  cancel.onclick = () => { box.hidden = true; board.reset(); };
  box.appendChild(cancel);
  box.hidden = false;
}

// The colour the player sits behind: the one they play (White when both
// or neither).
function humanColor(state) {
  const p = state.players;
  return p.black === 'human' && p.white !== 'human' ? 'black' : 'white';
}

// Whether the board must be turned for `color` to sit at the bottom: its
// pieces start nearer the top (Cross puts White on ranks 7 and 8).
function orientation(state, color) {
  let mine = 0, theirs = 0, n = 0, m = 0;
  for (const p of state.board.places) {
    for (const piece of p.pieces) {
      if (piece.color === color) { mine += p.y; n++; } else { theirs += p.y; m++; }
    }
  }
  if (!n || !m) return color === 'black';
  return mine / n > theirs / m;
}

function humanSide() {
  const p = app.state.players;
  if (p.white === 'human' && p.black === 'human') return 'both';
  if (p.white === 'engine' && p.black === 'engine') return 'none';
  return p.white === 'human' ? 'white' : 'black';
}

function show(state) {
  // Answers and events can cross: never go back to an older state.
  if (app.state && app.state.game === state.game && state.version < app.state.version) return;
  const firstOfGame = !app.state || app.state.game !== state.game;
  app.state = state;
  $('chooser').hidden = true;
  const human = state.players[state.side] === 'human';
  board.interactive = human && !state.outcome;
  board.setState(state);
  board.setArrows(state.hint, app.info && app.info.pv && app.info.pv[0]);
  if (firstOfGame) {
    app.flipped = orientation(state, humanColor(state));
    board.setFlipped(app.flipped);
  }
  showControls(state);
  $('fen').value = state.fen;
  $('pass').hidden = !(human && state.legal.some((m) => m.path.length === 0));
  $('analyse').classList.toggle('on', state.analysis);
  $('thinking').textContent = state.thinking === 'move' ? 'engine thinking…' : state.thinking === 'hint' ? 'looking for a hint…' : state.thinking === 'analysis' ? 'analysing…' : '';
  $('hint').disabled = !!state.outcome;
  $('go').disabled = !!state.outcome || state.thinking === 'move';
  const game = app.games.find((g) => g.id === state.game);
  $('record-kind').textContent = game && game.record === 'pdn' ? 'PDN' : 'tagged record';
  const notes = state.board.notes.map(([k, v]) => `${k}: ${v}`).join(' · ');
  let result = '';
  if (state.outcome) {
    const who = state.outcome.winner ? `${state.outcome.winner} wins` : 'draw';
    result = `${state.outcome.result} — ${who} (${state.outcome.reason})`;
  } else {
    result = `${state.side} to move${state.hint ? ` · hint: ${state.hint}` : ''}`;
  }
  $('result').textContent = result;
  $('notes').textContent = notes;
  renderMoves(state);
  if (state.info) showInfo(state.info);
  else if (!state.thinking) clearInfo();
  renderClocks();
}

function showControls(state) {
  if (!app.pending.side) $('side').value = humanSide();
  if (!app.pending.level) $('level').value = String(state.level);
}

function clearInfo() {
  app.info = null;
  $('score').textContent = '–';
  $('depth').textContent = '';
  $('nodes').textContent = '';
  $('pv').textContent = '';
  setEval(0, null);
  board.setArrows(app.state && app.state.hint, null);
}

function setEval(cp, mate) {
  let share = 0.5;
  if (mate !== null && mate !== undefined) share = mate > 0 ? 1 : 0;
  else share = 1 / (1 + Math.exp(-cp / 250));
  $('evalfill').style.height = `${(share * 100).toFixed(1)}%`;
  $('evalbar').classList.toggle('flipped', app.flipped);
  $('evaltext').textContent = mate !== null && mate !== undefined ? `M${Math.abs(mate)}` : (cp / 100).toFixed(1);
}

function showInfo(info) {
  app.info = info;
  const score = info.mate !== null && info.mate !== undefined
    ? (info.mate > 0 ? `White wins in ${info.mate}` : `Black wins in ${-info.mate}`)
    : `${info.cp > 0 ? '+' : ''}${(info.cp / 100).toFixed(2)}`;
  $('score').textContent = score;
  $('depth').textContent = `depth ${info.depth}/${info.seldepth}`;
  $('nodes').textContent = `${fmt(info.nodes)} nodes${info.nps ? `, ${fmt(info.nps)}/s` : ''}`;
  $('pv').textContent = info.pv.join(' ');
  setEval(info.cp || 0, info.mate);
  board.setArrows(app.state && app.state.hint, info.kind !== 'move' ? info.pv[0] : null);
}

function fmt(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

function renderMoves(state) {
  const list = $('moves');
  list.replaceChildren();
  const line = state.line;
  const nodes = state.nodes;
  // Numbered in pairs from the side that moved first.
  const rootSide = line.length > 1 ? null : state.side;
  let firstBlack = false;
  if (line.length > 1) {
    // The side to move at the root: the current side, flipped once per ply
    // from the root to the current node (games where a side moves twice
    // running are numbered as if it did not).
    const ply = line.indexOf(state.current);
    const sideAtRoot = ply % 2 === 0 ? state.side : (state.side === 'white' ? 'black' : 'white');
    firstBlack = sideAtRoot === 'black';
  }
  void rootSide;
  let row = null;
  let number = 1;
  const cell = (index) => {
    const span = document.createElement('span');
    span.className = 'mv';
    span.textContent = nodes[index].text;
    span.dataset.node = index;
    if (index === state.current) span.classList.add('current');
    span.onclick = () => command('goto', { node: index });
    return span;
  };
  const numberCell = (n) => {
    const s = document.createElement('span');
    s.className = 'num';
    s.textContent = `${n}.`;
    return s;
  };
  for (let i = 1; i < line.length; i++) {
    const ply = i - 1 + (firstBlack ? 1 : 0);
    const left = ply % 2 === 0;
    if (left || !row) {
      row = document.createElement('li');
      row.appendChild(numberCell(number));
      number++;
      if (!left) {
        const blank = document.createElement('span');
        blank.textContent = '…';
        blank.className = 'num';
        row.appendChild(blank);
      }
      list.appendChild(row);
    }
    row.appendChild(cell(line[i]));
    const siblings = nodes[nodes[line[i]].parent].children.filter((c) => c !== line[i]);
    if (siblings.length) {
      if (left) row.appendChild(document.createElement('span'));
      const alts = document.createElement('li');
      const box = document.createElement('span');
      box.className = 'alts';
      box.textContent = 'other lines: ';
      for (const s of siblings) {
        const a = document.createElement('span');
        a.textContent = nodes[s].text;
        a.onclick = () => command('goto', { node: s });
        box.appendChild(a);
      }
      alts.appendChild(box);
      list.appendChild(alts);
      row = null;
    }
  }
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function renderClocks() {
  const clock = app.state && app.state.clock;
  const top = $('clock-top'), bottom = $('clock-bottom');
  top.hidden = bottom.hidden = !clock;
  clearInterval(app.clockTimer);
  if (!clock) return;
  app.clockAt = performance.now();
  const draw = () => {
    const spent = performance.now() - app.clockAt;
    const left = (side) => Math.max(0, clock[side] - (clock.running === side ? spent : 0));
    const text = (ms) => {
      const s = Math.ceil(ms / 1000);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    };
    const [up, down] = app.flipped ? ['white', 'black'] : ['black', 'white'];
    for (const [node, side] of [[top, up], [bottom, down]]) {
      const ms = left(side);
      node.textContent = `${side} ${text(ms)}`;
      node.classList.toggle('running', clock.running === side);
      node.classList.toggle('low', ms < 10000);
      if (ms === 0 && clock.running === side) command('state');
    }
  };
  draw();
  if (clock.running) app.clockTimer = setInterval(draw, 200);
}

function listen() {
  if (app.source) app.source.close();
  const source = new EventSource(`/api/session/${app.id}/events`);
  app.source = source;
  source.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'state') show(message.state);
    else if (message.type === 'info') showInfo(message.info);
  };
}

function ruleSettings() {
  return [...document.querySelectorAll('#rules input')]
    .filter((i) => i.value.trim() !== '')
    .map((i) => `${i.name}=${i.value.trim()}`);
}

function renderRules(gameId) {
  const game = app.games.find((g) => g.id === gameId);
  const box = $('rules');
  box.replaceChildren();
  if (!game || !game.options.length) {
    box.textContent = 'This game has no options.';
    return;
  }
  for (const o of game.options) {
    const label = document.createElement('label');
    label.textContent = o.key;
    const input = document.createElement('input');
    input.name = o.key;
    input.placeholder = `${o.default}  (${o.values})`;
    input.title = o.doc;
    label.appendChild(input);
    const doc = document.createElement('span');
    doc.className = 'doc';
    doc.textContent = o.doc;
    label.appendChild(doc);
    box.appendChild(label);
  }
}

async function newSession(args = {}) {
  const game = args.game || $('game').value;
  const side = $('side').value;
  const engine = { white: 'black', black: 'white', both: 'none', none: 'both' }[side] || 'black';
  if (app.id) closeSession();
  try {
    const data = await api('/api/session', {
      game, rules: ruleSettings(), level: Number($('level').value || 1), engine, fen: args.fen,
    });
    app.id = data.id;
    app.state = null;
    app.info = null;
    location.hash = game;
    show(data.state);
    listen();
    status('');
  } catch (error) {
    status(error.message, true);
  }
}

function closeSession() {
  if (app.source) app.source.close();
  app.source = null;
  if (app.id) navigator.sendBeacon(`/api/session/${app.id}/close`);
  app.id = null;
}

function nav(where) {
  const s = app.state;
  if (!s) return;
  const node = s.nodes[s.current];
  let target = null;
  if (where === 'first') target = 0;
  if (where === 'prev') target = node.parent;
  if (where === 'next') target = node.children[0];
  if (where === 'last') target = s.line[s.line.length - 1];
  if (target !== null && target !== undefined && target !== s.current) command('goto', { node: target });
}

function setup() {
  $('new-session').onclick = () => newSession();
  $('game').onchange = () => { renderRules($('game').value); newSession(); };
  $('side').onchange = () => {
    const side = $('side').value;
    const players = {
      white: side === 'white' || side === 'both' ? 'human' : 'engine',
      black: side === 'black' || side === 'both' ? 'human' : 'engine',
    };
    if (side === 'white' || side === 'black') {
      app.flipped = orientation(app.state, side);
      board.setFlipped(app.flipped);
    }
    commandFrom('side', 'players', players);
  };
  $('level').onchange = () => commandFrom('level', 'level', { level: Number($('level').value) });
  $('hint').onclick = () => command('hint');
  $('undo').onclick = () => command('undo');
  $('restart').onclick = () => command('new');
  $('flip').onclick = () => { app.flipped = !app.flipped; board.setFlipped(app.flipped); renderClocks(); if (app.info) setEval(app.info.cp || 0, app.info.mate); };
  $('go').onclick = () => {
    const s = app.state;
    if (s.players[s.side] === 'human') {
      // The engine takes over the side to move.
      const players = { ...s.players, [s.side]: 'engine' };
      $('side').value = players.white === 'human' ? 'white' : players.black === 'human' ? 'black' : 'none';
      command('players', players);
    } else {
      command('go');
    }
  };
  $('pass').onclick = () => {
    const m = app.state.legal.find((x) => x.path.length === 0);
    if (m) command('move', { move: m.text });
  };
  $('analyse').onclick = () => command('analyse', { on: !app.state.analysis });
  $('stop').onclick = () => command('stop');
  $('clock').onchange = async () => {
    const v = $('clock').value;
    if (!v) { await command('clock', {}); return; }
    const [base, increment] = v.split('+').map(Number);
    await command('clock', { base, increment });
    await command('go');
  };
  $('first').onclick = () => nav('first');
  $('prev').onclick = () => nav('prev');
  $('next').onclick = () => nav('next');
  $('last').onclick = () => nav('last');
  $('set-fen').onclick = () => command('fen', { fen: $('fen').value });
  $('copy-fen').onclick = async () => {
    try { await navigator.clipboard.writeText(app.state.fen); status('FEN copied'); } catch { $('fen').select(); status('select and copy the FEN'); }
  };
  $('import').onclick = () => command('pdn', { pdn: $('pdn').value });
  $('export').onclick = async () => {
    const data = await command('export');
    if (!data) return;
    $('pdn').value = data.pdn;
    const game = app.games.find((g) => g.id === app.state.game);
    const a = $('download');
    a.href = URL.createObjectURL(new Blob([data.pdn], { type: 'text/plain' }));
    a.download = `${app.state.game}.${game && game.record === 'pdn' ? 'pdn' : 'txt'}`;
    a.hidden = false;
  };
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select')) return;
    const keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'first', ArrowDown: 'last' };
    if (keys[e.key]) { e.preventDefault(); nav(keys[e.key]); }
    else if (e.key === 'Escape') { board.reset(); $('chooser').hidden = true; command('stop'); }
    else if (e.key === 'f') $('flip').click();
    else if (e.key === 'h') $('hint').click();
    else if (e.key === 'a') $('analyse').click();
    else if (e.key === 'Backspace') { e.preventDefault(); $('undo').click(); }
  });
  window.addEventListener('pagehide', closeSession);
}

async function main() {
  setup();
  const data = await api('/api/games', undefined, 'GET');
  app.games = data.games;
  app.levels = data.levels;
  for (const g of app.games) {
    const o = document.createElement('option');
    o.value = g.id;
    o.textContent = g.id;
    $('game').appendChild(o);
  }
  for (const l of app.levels) {
    const o = document.createElement('option');
    o.value = String(l.level);
    const t = l.level === -1 ? 'random' : l.ms === 0 ? 'instant' : l.ms < 1000 ? `${l.ms} ms` : `${(l.ms / 1000).toFixed(1)} s`;
    o.textContent = `${l.level} (${t})`;
    $('level').appendChild(o);
  }
  $('level').value = '1';
  const wanted = location.hash.slice(1);
  if (app.games.some((g) => g.id === wanted)) $('game').value = wanted;
  renderRules($('game').value);
  await newSession();
}

window.damero = app;
main().catch((error) => status(error.message, true));
