// The board: an SVG drawn from the server's board view, and move entry by
// clicks or drags (mouse, pen and touch alike) matched against the legal
// moves' paths. No rule is known here: a click is accepted only when some
// legal move passes that place next.

const NS = 'http://www.w3.org/2000/svg';
const U = 50; // half a square, in SVG units
const MARGIN = 22;
const SIZE = 16 * U;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const CROWN = 'M-13,6 L-16,-8 L-7,-1 L0,-11 L7,-1 L16,-8 L13,6 Z';

export class Board {
  constructor(host, { onMove, onChoose, onReject }) {
    this.host = host;
    this.onMove = onMove;
    this.onChoose = onChoose;
    this.onReject = onReject || (() => {});
    this.flipped = false;
    this.state = null;
    this.entry = [];
    this.hint = null;
    this.pv = null;
    this.drag = null;
    this.interactive = true;
    this.svg = el('svg', { viewBox: `${-MARGIN} ${-MARGIN} ${SIZE + 2 * MARGIN} ${SIZE + 2 * MARGIN}`, role: 'img' });
    this.defs(el('defs', {}, this.svg));
    this.layers = {};
    for (const name of ['squares', 'coords', 'marks', 'pieces', 'arrows', 'targets', 'ghost']) {
      this.layers[name] = el('g', { class: name }, this.svg);
    }
    host.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.move(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  defs(defs) {
    const gradient = (id, stops) => {
      const g = el('radialGradient', { id, cx: '38%', cy: '32%', r: '75%' }, defs);
      stops.forEach(([offset, color]) => el('stop', { offset, 'stop-color': color }, g));
    };
    gradient('pw', [['0%', '#ffffff'], ['60%', '#efe7d6'], ['100%', '#cbbd9f']]);
    gradient('pb', [['0%', '#6a6460'], ['55%', '#2e2a28'], ['100%', '#141211']]);
    const marker = el('marker', { id: 'ah', viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3.2', markerHeight: '3.2', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 Z', fill: 'context-stroke' }, marker);
    const shadow = el('filter', { id: 'sh', x: '-30%', y: '-30%', width: '160%', height: '160%' }, defs);
    el('feDropShadow', { dx: '0', dy: '3', stdDeviation: '2.5', 'flood-opacity': '.35' }, shadow);
  }

  // Half-unit board coordinates to SVG coordinates (y grows downwards).
  xy(x, y) {
    return this.flipped ? [(16 - x) * U, y * U] : [x * U, (16 - y) * U];
  }

  place(name) {
    return this.state && this.places.get(name);
  }

  setState(state) {
    this.state = state;
    this.places = new Map(state.board.places.map((p) => [p.name, p]));
    this.hasVertices = state.board.places.some((p) => p.vertex);
    this.entry = this.entry.filter(() => false);
    this.render();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.render();
  }

  setArrows(hint, pv) {
    this.hint = hint;
    this.pv = pv;
    if (this.state) this.renderArrows();
  }

  clear(layer) {
    const g = this.layers[layer];
    while (g.firstChild) g.removeChild(g.firstChild);
    return g;
  }

  render() {
    if (!this.state) return;
    this.renderSquares();
    this.renderCoords();
    this.renderMarks();
    this.renderArrows();
    this.renderPieces();
    this.renderTargets();
  }

  renderSquares() {
    const g = this.clear('squares');
    el('rect', { x: -MARGIN, y: -MARGIN, width: SIZE + 2 * MARGIN, height: SIZE + 2 * MARGIN, rx: 10, fill: '#5b3a22' }, g);
    const all = this.state.board.places.filter((p) => !p.vertex);
    const some = all.some((p) => !p.playable);
    for (const p of all) {
      const [cx, cy] = this.xy(p.x, p.y);
      const file = (p.x - 1) / 2, rank = (p.y - 1) / 2;
      const dark = some ? p.playable : (file + rank) % 2 === 0;
      el('rect', { x: cx - U, y: cy - U, width: 2 * U, height: 2 * U, fill: dark ? '#b07d52' : '#ecd9b8', 'data-place': p.name }, g);
      if (p.number) {
        const t = el('text', { x: cx - U + 6, y: cy - U + 17, 'font-size': 15, fill: '#f4e6cc', 'font-family': 'system-ui', 'pointer-events': 'none' }, g);
        t.textContent = p.number;
      }
    }
    if (this.hasVertices) {
      // Cross: the grid lines and the 49 interior vertices pieces stand on.
      for (let i = 1; i < 8; i++) {
        const [x0, y0] = this.xy(2 * i, 0), [x1, y1] = this.xy(2 * i, 16);
        el('line', { x1: x0, y1: y0, x2: x1, y2: y1, stroke: '#7a5638', 'stroke-width': 1.2, opacity: 0.6 }, g);
        const [a0, b0] = this.xy(0, 2 * i), [a1, b1] = this.xy(16, 2 * i);
        el('line', { x1: a0, y1: b0, x2: a1, y2: b1, stroke: '#7a5638', 'stroke-width': 1.2, opacity: 0.6 }, g);
      }
      for (const p of this.state.board.places.filter((q) => q.vertex)) {
        const [cx, cy] = this.xy(p.x, p.y);
        el('circle', { cx, cy, r: 5, fill: '#5b3a22', opacity: 0.75 }, g);
      }
    }
  }

  renderCoords() {
    const g = this.clear('coords');
    for (let i = 0; i < 8; i++) {
      const [fx] = this.xy(2 * i + 1, 0);
      const t = el('text', { x: fx, y: SIZE + 16, 'text-anchor': 'middle', 'font-size': 14, fill: '#e8d5b5', 'font-family': 'system-ui' }, g);
      t.textContent = 'abcdefgh'[i];
      const [, ry] = this.xy(0, 2 * i + 1);
      const r = el('text', { x: -11, y: ry + 5, 'text-anchor': 'middle', 'font-size': 14, fill: '#e8d5b5', 'font-family': 'system-ui' }, g);
      r.textContent = String(i + 1);
    }
  }

  renderMarks() {
    const g = this.clear('marks');
    const last = this.state.last;
    if (last) {
      for (const name of last.path) this.tint(g, name, '#e8c547', 0.45);
      for (const name of last.lands) this.tint(g, name, '#e8c547', 0.25);
    }
    if (this.entry.length) {
      for (const name of this.entry) this.tint(g, name, '#3f8f6f', 0.55);
    }
  }

  tint(g, name, color, opacity) {
    const p = this.place(name);
    if (!p) return;
    const [cx, cy] = this.xy(p.x, p.y);
    if (p.vertex) el('circle', { cx, cy, r: 0.62 * U, fill: color, opacity }, g);
    else el('rect', { x: cx - U, y: cy - U, width: 2 * U, height: 2 * U, fill: color, opacity }, g);
  }

  arrow(g, path, color, opacity) {
    const points = path.map((n) => this.place(n)).filter(Boolean).map((p) => this.xy(p.x, p.y));
    if (points.length < 2) {
      if (points.length === 1) el('circle', { cx: points[0][0], cy: points[0][1], r: 0.8 * U, fill: 'none', stroke: color, 'stroke-width': 9, opacity }, g);
      return;
    }
    el('polyline', {
      points: points.map((p) => p.join(',')).join(' '), fill: 'none', stroke: color, 'stroke-width': 11,
      'stroke-linecap': 'round', 'stroke-linejoin': 'round', opacity, 'marker-end': 'url(#ah)',
    }, g);
  }

  renderArrows() {
    const g = this.clear('arrows');
    const find = (text) => this.state.legal.find((m) => m.text === text);
    if (this.pv && !this.entry.length) {
      const m = find(this.pv);
      if (m) this.arrow(g, m.path, '#2d6cdf', 0.45);
    }
    if (this.hint) {
      const m = find(this.hint);
      if (m) this.arrow(g, m.path, '#1f9d55', 0.75);
    }
  }

  pieceRadius(p) {
    return p.vertex ? 0.56 * U : 0.78 * U;
  }

  drawPiece(g, piece, cx, cy, r, opts = {}) {
    const white = piece.color === 'white';
    const group = el('g', { transform: `translate(${cx},${cy})`, filter: 'url(#sh)', 'pointer-events': 'none' }, g);
    el('circle', { r, fill: white ? 'url(#pw)' : 'url(#pb)', stroke: white ? '#7d6e55' : '#000', 'stroke-width': 2 }, group);
    if (!opts.flat) {
      el('circle', { r: r * 0.72, fill: 'none', stroke: white ? '#c4b493' : '#4d4742', 'stroke-width': 2.2 }, group);
      el('circle', { r: r * 0.45, fill: 'none', stroke: white ? '#d6c8aa' : '#3c3734', 'stroke-width': 1.5 }, group);
    }
    if (piece.king) {
      el('path', { d: CROWN, transform: `scale(${r / 30})`, fill: white ? '#b8860b' : '#e0b040', stroke: white ? '#6b4e08' : '#f4d88a', 'stroke-width': 1.5 }, group);
    }
    return group;
  }

  renderPieces() {
    const g = this.clear('pieces');
    const drag = this.drag && this.drag.moved ? this.drag.from : null;
    for (const p of this.state.board.places) {
      if (!p.pieces.length) continue;
      const [cx, cy] = this.xy(p.x, p.y);
      const r = this.pieceRadius(p);
      const group = el('g', { opacity: p.name === drag ? 0.35 : 1 }, g);
      if (p.pieces.length === 1) {
        this.drawPiece(group, p.pieces[0], cx, cy, r);
      } else {
        this.drawStack(group, p.pieces, cx, cy);
      }
    }
    const captured = this.capturedSoFar();
    for (const name of captured) {
      const p = this.place(name);
      if (!p) continue;
      const [cx, cy] = this.xy(p.x, p.y);
      const s = 0.45 * U;
      el('path', { d: `M${cx - s},${cy - s} L${cx + s},${cy + s} M${cx + s},${cy - s} L${cx - s},${cy + s}`, stroke: '#d0342c', 'stroke-width': 10, 'stroke-linecap': 'round', opacity: 0.85, 'pointer-events': 'none' }, g);
    }
  }

  // A Tumbling Down stack: discs seen from the side, bottom first, its
  // height written on top.
  drawStack(g, pieces, cx, cy) {
    const n = pieces.length;
    const step = Math.min(9, 58 / n);
    const rx = 0.74 * U, ry = 0.36 * U, h = Math.max(3, step - 1);
    const base = cy + ((n - 1) * step) / 2 + 6;
    pieces.forEach((piece, i) => {
      const y = base - i * step;
      const white = piece.color === 'white';
      const fill = white ? '#efe7d6' : '#2e2a28';
      const side = white ? '#b9a98a' : '#0f0d0c';
      el('path', { d: `M${cx - rx},${y} v${h} a${rx},${ry} 0 0 0 ${2 * rx},0 v${-h}`, fill: side, stroke: white ? '#7d6e55' : '#000', 'stroke-width': 1.2 }, g);
      el('ellipse', { cx, cy: y, rx, ry, fill, stroke: white ? '#7d6e55' : '#000', 'stroke-width': 1.2 }, g);
    });
    const top = pieces[n - 1];
    const y = base - (n - 1) * step;
    if (top.king) {
      el('path', { d: CROWN, transform: `translate(${cx},${y}) scale(0.75)`, fill: top.color === 'white' ? '#b8860b' : '#e0b040', stroke: '#3a2a05', 'stroke-width': 1 }, g);
    }
    const label = el('text', {
      x: cx + rx - 2, y: cy - U + 20, 'text-anchor': 'end', 'font-size': 19, 'font-weight': 700, 'font-family': 'system-ui',
      fill: '#fff', stroke: '#000', 'stroke-width': 3, 'paint-order': 'stroke', 'pointer-events': 'none',
    }, g);
    label.textContent = n;
  }

  // The moves that fit the places clicked so far: the first is the start,
  // the others appear in order along the move's path.
  candidates(entry = this.entry) {
    if (!this.state || !entry.length) return [];
    return this.state.legal.filter((m) => {
      if (!m.path.length || m.path[0] !== entry[0]) return false;
      let i = 1;
      for (const name of entry.slice(1)) {
        while (i < m.path.length && m.path[i] !== name) i++;
        if (i >= m.path.length) return false;
        i++;
      }
      return true;
    });
  }

  // Where the entry stands along a candidate's path (the index of its last
  // clicked place).
  reached(m, entry = this.entry) {
    let i = 0;
    for (const name of entry.slice(1)) {
      i++;
      while (i < m.path.length && m.path[i] !== name) i++;
    }
    return i;
  }

  capturedSoFar() {
    if (this.entry.length < 2) return [];
    const c = this.candidates();
    if (!c.length) return [];
    const m = c[0];
    const at = this.reached(m);
    return at >= m.path.length - 1 ? m.captured : m.captured.slice(0, at);
  }

  renderTargets() {
    const g = this.clear('targets');
    if (!this.entry.length) return;
    const next = new Set();
    for (const m of this.candidates()) {
      const at = this.reached(m);
      if (at + 1 < m.path.length) next.add(m.path[at + 1]);
      next.add(m.path[m.path.length - 1]);
    }
    next.delete(this.entry[this.entry.length - 1]);
    for (const name of next) {
      const p = this.place(name);
      if (!p) continue;
      const [cx, cy] = this.xy(p.x, p.y);
      const occupied = p.pieces.length > 0;
      el('circle', occupied
        ? { cx, cy, r: (p.vertex ? 0.62 : 0.9) * U, fill: 'none', stroke: '#2f6f5e', 'stroke-width': 7, opacity: 0.75 }
        : { cx, cy, r: p.vertex ? 0.22 * U : 0.3 * U, fill: '#2f6f5e', opacity: 0.65 }, g);
    }
  }

  // The place under an SVG point: the nearest vertex within reach (Cross),
  // else the square.
  hit(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const { x, y } = pt.matrixTransform(m.inverse());
    let hx = x / U, hy = 16 - y / U;
    if (this.flipped) { hx = 16 - x / U; hy = y / U; }
    if (hx < 0 || hy < 0 || hx > 16 || hy > 16) return null;
    if (this.hasVertices) {
      const vx = Math.round(hx / 2) * 2, vy = Math.round(hy / 2) * 2;
      if (vx > 0 && vx < 16 && vy > 0 && vy < 16 && Math.hypot(hx - vx, hy - vy) < 0.55) {
        const v = this.state.board.places.find((p) => p.vertex && p.x === vx && p.y === vy);
        if (v) return v.name;
      }
    }
    const file = Math.min(7, Math.floor(hx / 2)), rank = Math.min(7, Math.floor(hy / 2));
    return 'abcdefgh'[file] + (rank + 1);
  }

  startsAMove(name) {
    return this.state.legal.some((m) => m.path[0] === name);
  }

  down(e) {
    if (!this.state || !this.interactive || e.button > 0) return;
    const name = this.hit(e);
    if (!name) return;
    e.preventDefault();
    if (this.entry.length === 0 && this.startsAMove(name)) {
      this.entry = [name];
      this.drag = { from: name, moved: false, x: e.clientX, y: e.clientY, pointer: e.pointerId };
      this.svg.setPointerCapture(e.pointerId);
      this.render();
      return;
    }
    if (this.entry.length && this.entry[0] === name && this.entry.length === 1) {
      // A press on the selected piece: drag it again, or (on release
      // without moving) the click that completes a move in place.
      this.drag = { from: name, moved: false, x: e.clientX, y: e.clientY, pointer: e.pointerId, again: true };
      this.svg.setPointerCapture(e.pointerId);
      return;
    }
    this.click(name);
  }

  move(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.moved) {
      d.moved = true;
      this.renderPieces();
    }
    const g = this.clear('ghost');
    const p = this.place(d.from);
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const { x, y } = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const top = p.pieces[p.pieces.length - 1];
    if (top) this.drawPiece(g, top, x, y, this.pieceRadius(p) * 1.08);
  }

  up(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    this.drag = null;
    this.clear('ghost');
    const name = this.hit(e);
    if (d.moved) {
      if (name && name !== d.from) this.click(name);
      else this.render();
    } else if (d.again) {
      this.click(d.from);
    }
  }

  cancelDrag() {
    this.drag = null;
    this.clear('ghost');
    this.render();
  }

  reset() {
    this.entry = [];
    this.render();
  }

  // One place clicked (or dropped on) during entry.
  click(name) {
    if (!this.state || !this.interactive) return;
    if (!this.entry.length) {
      if (this.startsAMove(name)) {
        this.entry = [name];
      } else {
        this.onReject(name);
      }
      this.render();
      return;
    }
    if (name === this.entry[0] && this.entry.length === 1) {
      // The selected piece again: a move that stays in place (a split), or
      // the selection dropped.
      const still = this.state.legal.filter((m) => m.path.length === 1 && m.path[0] === name);
      this.entry = [];
      this.render();
      if (still.length) this.finish(still);
      return;
    }
    const entry = [...this.entry, name];
    const fits = this.candidates(entry);
    if (!fits.length) {
      // Not a continuation: another own piece starts again, anything else
      // is refused and the selection dropped.
      this.entry = this.startsAMove(name) ? [name] : [];
      if (!this.entry.length) this.onReject(name);
      this.render();
      return;
    }
    const done = fits.filter((m) => m.path[m.path.length - 1] === name);
    if (done.length && done.length === fits.length) {
      this.entry = [];
      this.render();
      this.finish(done);
      return;
    }
    if (done.length) {
      // Some moves end here and others go on: let the player say which.
      this.entry = entry;
      this.render();
      this.finish(fits);
      return;
    }
    this.entry = entry;
    this.render();
  }

  finish(moves) {
    if (moves.length === 1) this.onMove(moves[0].text);
    else this.onChoose(moves);
  }
}
