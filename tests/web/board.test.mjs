// The web board end to end in headless Chromium, driven by playwright-core:
// a whole Russian game against level 1 played by clicks (and one drag), a
// level change crossed by an event, a hint, a take-back, a PDN import,
// and a few moves of Cross and of Tumbling Down; screenshots are saved.
//
//   node --test tests/web/board.test.mjs
//
// Environment: DAMERO_SERVE (the command that serves, default
// `target/release/damero serve --port 0`), CHROMIUM (default
// /usr/bin/chromium), ARTIFACTS (where screenshots go, default
// target/web-artifacts), DOCS_SHOTS=1 to also write docs/web-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(join(process.env.PLAYWRIGHT_DIR || process.cwd(), 'package.json'));
const { chromium } = require('playwright-core');

const ROOT = new URL('../..', import.meta.url).pathname;
const ARTIFACTS = process.env.ARTIFACTS || join(ROOT, 'target', 'web-artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

function startServer() {
  const command = (process.env.DAMERO_SERVE || `${join(ROOT, 'target/release/damero')} serve --port 0`).split(' ');
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL from ${command.join(' ')}: ${out}`)), 20000);
    child.stdout.on('data', (data) => {
      out += data;
      const match = out.match(/http:\/\/[^\s]+/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[0] });
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

async function shot(page, name, docs) {
  const file = join(ARTIFACTS, name);
  await page.screenshot({ path: file });
  if (docs && process.env.DOCS_SHOTS === '1') copyFileSync(file, join(ROOT, 'docs', name));
}

const state = (page) => page.evaluate(() => window.damero.state);

// The screen point of a board place (a square's centre or a vertex).
async function point(page, name) {
  return page.evaluate((name) => {
    const s = window.damero.state;
    const p = s.board.places.find((q) => q.name === name);
    const svg = document.querySelector('#board svg');
    const r = svg.getBoundingClientRect();
    const scale = r.width / (800 + 44);
    const flipped = window.damero.flipped;
    const x = (flipped ? 16 - p.x : p.x) * 50, y = (flipped ? p.y : 16 - p.y) * 50;
    return { x: r.left + (x + 22) * scale, y: r.top + (y + 22) * scale };
  }, name);
}

async function clickPlace(page, name) {
  const { x, y } = await point(page, name);
  await page.mouse.click(x, y);
}

// Waits until the human is to move (or the game is over), the engine done.
async function humanTurn(page, timeout = 30000) {
  try {
    await page.waitForFunction(() => {
      const s = window.damero.state;
      return s && (s.outcome || (s.players[s.side] === 'human' && s.thinking !== 'move'));
    }, null, { timeout });
  } catch (error) {
    const s = await state(page);
    const server = await page.evaluate(async () => (await fetch(`/api/session/${window.damero.id}`)).json());
    console.error('server state:', JSON.stringify({ thinking: server.thinking, current: server.current, side: server.side }));
    const { side, players, thinking, paused, current, fen } = s;
    throw new Error(`${error.message}: ${JSON.stringify({ side, players, thinking, paused, current, fen, status: await page.textContent('#status') })}`);
  }
  return state(page);
}

// Plays `move` (one of state.legal) by clicking every place of its path.
async function playByClicks(page, move) {
  const before = (await state(page)).nodes.length;
  const plies = (await state(page)).current;
  if (move.path.length === 1) {
    await clickPlace(page, move.path[0]);
    await clickPlace(page, move.path[0]);
  } else {
    for (const name of move.path) await clickPlace(page, name);
  }
  const chooser = page.locator('#chooser');
  if (await chooser.isVisible()) await chooser.locator(`button[data-move="${move.text}"]`).click();
  await page.waitForFunction(([n, c]) => window.damero.state.nodes.length > n || window.damero.state.current !== c, [before, plies]);
}

test('the web board', async (t) => {
  const { child, url } = await startServer();
  const profile = mkdtempSync(join(tmpdir(), 'damero-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1100, height: 760 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await t.test('a whole Russian game against level 1, by clicks', async () => {
      await page.goto(`${url}#russian`);
      await page.waitForFunction(() => window.damero && window.damero.state && window.damero.state.game === 'russian');
      await page.selectOption('#level', '1');
      let s = await humanTurn(page);
      assert.equal(s.side, 'white');
      assert.equal(s.legal.length, 7);

      // An empty square is refused on the board: nothing is sent.
      await clickPlace(page, 'd4');
      assert.equal((await state(page)).current, 0);

      // The first move by drag.
      const from = await point(page, 'c3'), to = await point(page, 'd4');
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
      await page.waitForFunction(() => window.damero.state.current > 0);
      // The level changes. An event (the engine's reply, say) can cross the
      // level command's answer and carry the level before it; the control
      // keeps the user's choice until the answer. Here the level's request is
      // held while another request (the same players again) makes the
      // server send its state, still at level 1.
      s = await humanTurn(page);
      let held = null;
      await page.route('**/level', async (route) => {
        const version = (await state(page)).version;
        await page.evaluate(() => fetch(`/api/session/${window.damero.id}/players`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(window.damero.state.players),
        }));
        await page.waitForFunction((v) => window.damero.state.version > v, version);
        held = { server: (await state(page)).level, shown: await page.$eval('#level', (e) => e.value) };
        await route.continue();
      });
      await page.selectOption('#level', '2');
      await page.waitForFunction(() => window.damero.state.level === 2);
      await page.unroute('**/level');
      assert.deepEqual(held, { server: 1, shown: '2' });
      assert.equal(await page.$eval('#level', (e) => e.value), '2');
      s = await humanTurn(page);
      assert.equal(s.level, 2);
      assert.equal(s.nodes[s.line[1]].text, 'c3-d4');
      await page.selectOption('#level', '1');

      let moves = 0, hinted = false, tookBack = false, analysed = false, shotTaken = false, captures = 0;
      while (!s.outcome && moves < 400) {
        if (moves === 3 && !hinted) {
          await page.click('#hint');
          await page.waitForFunction(() => window.damero.state.hint, null, { timeout: 20000 });
          s = await state(page);
          hinted = true;
          const m = s.legal.find((x) => x.text === s.hint);
          assert.ok(m, `the hint ${s.hint} is a legal move`);
          assert.ok(await page.locator('#board .arrows polyline, #board .arrows circle').count() > 0, 'the hint is drawn');
          await playByClicks(page, m);
          moves++;
          s = await humanTurn(page);
          continue;
        }
        if (moves === 5 && !tookBack) {
          const line = s.line.indexOf(s.current);
          await page.click('#undo');
          await page.waitForFunction((l) => window.damero.state.line.indexOf(window.damero.state.current) === l - 2, line);
          tookBack = true;
          s = await humanTurn(page);
        }
        // Analysis once, at the seventh move (a game at level 1 may end before
        // the human ever has a capture, so this waits for nothing else).
        if (moves === 6 && !analysed) {
          await page.click('#analyse');
          // Streamed analysis (deep, unless the move is forced).
          await page.waitForFunction(() => {
            const i = window.damero.info;
            return i && i.kind === 'analysis' && (i.depth >= 6 || !window.damero.state.analysis);
          }, null, { timeout: 20000 });
          await shot(page, 'russian-analysis.png', false);
          await page.click('#stop');
          await page.waitForFunction(() => !window.damero.state.analysis);
          analysed = true;
          s = await humanTurn(page);
        }
        // A capture being entered square by square: the piece taken so far
        // is crossed out. The board is shot for the docs then (or at the
        // end, where the game had no capture for the human after move 4).
        const capture = s.legal.find((x) => x.captured.length > 1) || s.legal.find((x) => x.captured.length);
        if (moves >= 4 && !shotTaken && capture) {
          await clickPlace(page, capture.path[0]);
          if (capture.path.length > 2) await clickPlace(page, capture.path[1]);
          await shot(page, 'web-russian.png', true);
          await page.keyboard.press('Escape');
          shotTaken = true;
          s = await humanTurn(page);
        }
        // The longest capture, else a move from the middle of the list.
        const sorted = [...s.legal].sort((a, b) => b.captured.length - a.captured.length);
        const m = sorted[0].captured.length ? sorted[0] : s.legal[Math.floor(s.legal.length / 2)];
        if (m.captured.length) captures++;
        await playByClicks(page, m);
        moves++;
        s = await humanTurn(page);
      }
      assert.ok(s.outcome, `the game ended (${moves} moves)`);
      console.log(`# the Russian game: ${moves} moves by clicks, ${captures} captures, ${await page.textContent('#result')}`);
      assert.ok(hinted, `a hint was asked (${moves} moves)`);
      assert.ok(tookBack, `a move was taken back (${moves} moves)`);
      assert.ok(analysed, `the analysis streamed (${moves} moves)`);
      assert.ok(captures > 0, 'captures were entered on the board');
      if (!shotTaken) await shot(page, 'web-russian.png', true);
      assert.match(await page.textContent('#result'), /wins|draw/);
      await shot(page, 'russian-end.png', false);

      // Navigation by the keyboard: back to the start and forward again.
      await page.keyboard.press('Home');
      await page.waitForFunction(() => window.damero.state.current === 0);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => window.damero.state.current !== 0);
      await page.keyboard.press('End');
    });

    await t.test('a PDN game is imported', async () => {
      await page.click('#position-box summary');
      const pdn = '[Event "test"]\n[GameType "25"]\n\n1. c3-d4 f6-g5 2. b2-c3 g5-h4 3. d4-e5 d6:f4 4. e3:g5 h6:f4 5. g3:e5 *\n';
      await page.fill('#pdn', pdn);
      await page.click('#import');
      await page.waitForFunction(() => window.damero.state.line.length === 10);
      const s = await state(page);
      assert.equal(s.nodes[s.current].text, 'g3:e5');
      await page.click('#export');
      await page.waitForFunction(() => document.querySelector('#pdn').value.includes('[Event "test"]'));
      assert.match(await page.inputValue("#pdn"), /5\. g3[x:]e5/);
      await page.click('#position-box summary');
    });

    await t.test('Cross: a few moves by clicks', async () => {
      await page.selectOption('#side', 'white');
      await page.selectOption('#game', 'cross');
      await page.waitForFunction(() => window.damero.state && window.damero.state.game === 'cross');
      let s = await humanTurn(page);
      assert.equal(s.board.places.length, 64 + 49);
      for (let i = 0; i < 4 && !s.outcome; i++) {
        // A corner move first (onto a vertex), then others.
        const m = s.legal.find((x) => i === 0 ? x.path.length === 2 && /^[a-g][b-h]\d\d$/.test(x.path[1]) : x.path.length === 2) || s.legal[0];
        await playByClicks(page, m);
        s = await humanTurn(page);
      }
      assert.ok(s.board.places.some((p) => p.vertex && p.pieces.length), 'a piece stands on a vertex');
      await shot(page, 'web-cross.png', true);
    });

    await t.test('Tumbling Down: a few moves, a tumble among them', async () => {
      await page.selectOption('#game', 'tumbling-down');
      await page.waitForFunction(() => window.damero.state && window.damero.state.game === 'tumbling-down');
      let s = await humanTurn(page);
      assert.ok(s.board.places.some((p) => p.pieces.length > 1), 'stacks');
      for (let i = 0; i < 4 && !s.outcome; i++) {
        // The engine's hints, and a small tumble (a stack of two) second.
        let m = i === 1 && s.legal.find((x) => x.text.includes('^') && x.lands.length === 2);
        if (!m) {
          await page.click('#hint');
          await page.waitForFunction(() => window.damero.state.hint, null, { timeout: 20000 });
          s = await state(page);
          m = s.legal.find((x) => x.text === s.hint);
        }
        if (i === 2) await shot(page, 'web-tumbling-down.png', true);
        await playByClicks(page, m);
        s = await humanTurn(page);
      }
      assert.ok(s.line.length >= 5, `${s.line.length - 1} plies: ${JSON.stringify(s.outcome)} ${s.fen}`);
      await shot(page, 'tumbling-down-end.png', false);
    });
    assert.deepEqual(errors, [], 'no script errors on the page');
  } finally {
    await context.close();
    child.kill();
    rmSync(profile, { recursive: true, force: true });
  }
});
