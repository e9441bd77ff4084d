// The web page in headless Chromium: load, select a unit, move it, play on with the page's own
// buttons to a close combat, check its preview (odds, DRMs, distribution), resolve it, and save
// a screenshot. Any page error or console error fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
const SHOT = path.join(TARGET, 'web', 'screenshot.png');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

// A static file server on 127.0.0.1 and a free port, serving `dir`.
async function serve(dir) {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      let file = path.join(dir, decodeURIComponent(url.pathname));
      if (!file.startsWith(dir)) throw new Error('outside the root');
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

// A page that records every page error, console error and failed request.
async function open(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return { page, problems };
}

const isHidden = (page, sel) => page.$eval(sel, (e) => e.hidden);

test('the page plays pg/training: select, move, preview a combat, resolve it', { timeout: 120000 }, async () => {
  const { server, base } = await serve(ROOT);
  const browser = await launch();
  try {
    const { page, problems } = await open(browser, `${base}/web/index.html?scenario=pg/training&seed=1`);

    // The map: 120 hexes labelled by their own ids, counters, the provisional banner.
    assert.equal(await page.locator('#hexes .hex').count(), 120);
    assert.equal(await page.locator('#hexes .hex[data-hex="0605"] text').first().textContent(), '0605');
    assert.ok((await page.locator('#counters .counter').count()) >= 20);
    assert.equal(await isHidden(page, '#provisional'), false);
    assert.match(await page.textContent('#provisional'), /Provisional data/);
    assert.match(await page.textContent('#actor'), /Prussian to act/);
    assert.match(await page.textContent('#prompt'), /rule \d/);

    // Play the command phase with the page's buttons until counters can move.
    for (let i = 0; i < 20; i += 1) {
      if (/Click a counter/.test(await page.textContent('#actions-note'))) break;
      if (!(await page.isDisabled('#roll'))) await page.click('#roll');
      else await page.click('#actions button >> nth=0');
    }
    assert.match(await page.textContent('#actions-note'), /Click a counter/);

    // Click top counters until one shows legal destinations.
    const tops = await page.$$eval('#counters .counter[data-top="true"]', (gs) =>
      gs.map((g) => g.dataset.unit),
    );
    let unit = null;
    for (const id of tops) {
      await page.click(`#counters .counter[data-unit="${id}"]`);
      if ((await page.locator('#hexes .hex.reach').count()) > 0) {
        unit = id;
        break;
      }
    }
    assert.ok(unit, 'some counter can move');
    assert.match(await page.textContent('#selection'), /within reach/);

    // Move it to an empty highlighted hex.
    const to = await page.evaluate(() => {
      const occupied = new Set([...document.querySelectorAll('#counters .counter')].map((c) => c.dataset.hex));
      const free = [...document.querySelectorAll('#hexes .hex.reach')]
        .map((h) => h.dataset.hex)
        .filter((h) => !occupied.has(h));
      return free.at(-1);
    });
    assert.ok(to, 'an empty reachable hex');
    await page.click(`#hexes .hex.reach[data-hex="${to}"]`);
    assert.equal(
      await page.getAttribute(`#counters .counter[data-unit="${unit}"]`, 'data-hex'),
      to,
    );
    assert.ok((await page.locator('#log li.event').count()) > 0);

    // Undo and redo the move through the page.
    const logBefore = await page.locator('#log li').count();
    await page.click('#undo');
    assert.notEqual(await page.getAttribute(`#counters .counter[data-unit="${unit}"]`, 'data-hex'), to);
    assert.ok((await page.locator('#log li').count()) > logBefore);
    await page.click(`#counters .counter[data-unit="${unit}"]`);
    await page.click(`#hexes .hex.reach[data-hex="${to}"]`);
    assert.equal(await page.getAttribute(`#counters .counter[data-unit="${unit}"]`, 'data-hex'), to);

    // Step the bot until a close combat waits for its die.
    let steps = 0;
    while (await isHidden(page, '#preview')) {
      assert.ok(steps < 500, 'a close combat comes within 500 steps');
      await page.click('#step');
      steps += 1;
    }
    const title = await page.textContent('#preview-title');
    assert.match(title, /close combat/);
    assert.match(title, /rule 10\.6/);
    const facts = await page.$$eval('#preview-facts tr', (rows) =>
      rows.map((r) => [...r.cells].map((c) => c.textContent)),
    );
    const odds = facts.find(([name]) => /^odds/.test(name));
    assert.ok(odds, `odds among ${JSON.stringify(facts)}`);
    assert.match(odds[1], /^\d+-\d+$/);
    assert.ok(facts.some(([name]) => /^DRM/.test(name)), 'DRMs listed');
    const outcomes = await page.$$eval('#preview-outcomes tr.outcome', (rows) =>
      rows.map((r) => [...r.cells].map((c) => c.textContent)),
    );
    assert.ok(outcomes.length >= 1);
    const total = outcomes.reduce((sum, [, chance]) => {
      const [n, d] = chance.split('/').map(Number);
      return sum + n / d;
    }, 0);
    assert.ok(Math.abs(total - 1) < 1e-9, `the distribution sums to 1 (${total})`);
    assert.ok(outcomes.every(([, , result]) => /\(10\.6\)/.test(result)));
    await mkdir(path.dirname(SHOT), { recursive: true });
    await page.screenshot({ path: SHOT, fullPage: true });

    // Resolve it: events with rule numbers, starting with the 10.6 combat result.
    const before = await page.locator('#log li.event').count();
    await page.click('#roll');
    assert.equal(await isHidden(page, '#preview'), true);
    const rules = await page.$$eval('#log li.event .rule', (spans) => spans.map((s) => s.textContent));
    assert.ok(rules.length > before);
    const fresh = rules.slice(0, rules.length - before);
    assert.ok(fresh.includes('10.6'), `a 10.6 event among ${fresh}`);
    assert.ok(rules.every((r) => /^(\d+(\.\d+)*|engine)$/.test(r)), `rule numbers: ${rules}`);

    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the page also works when web/ is the server root', { timeout: 60000 }, async () => {
  const { server, base } = await serve(path.join(ROOT, 'web'));
  const browser = await launch();
  try {
    const { page, problems } = await open(browser, `${base}/`);
    assert.equal(await page.locator('#hexes .hex').count(), 120);
    // Another Prussia's Glory scenario from the list draws its own map with its counters.
    const ids = await page.$$eval('#scenario option', (os) => os.map((o) => o.value));
    const other = ids.find((id) => id.startsWith('pg/') && id !== 'pg/training');
    await page.selectOption('#scenario', other);
    await page.fill('#seed', '3');
    await page.click('#new-game');
    await page.waitForFunction(() => document.querySelectorAll('#hexes .hex').length > 120);
    assert.ok((await page.locator('#counters .counter').count()) > 0);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the page plays a Fontenoy turn with the bot: set-up, formations drawn with their facing, a preview, the next turn', { timeout: 180000 }, async () => {
  const { server, base } = await serve(ROOT);
  const browser = await launch();
  try {
    const { page, problems } = await open(browser, `${base}/web/index.html?scenario=fontenoy/ingoldsby&seed=1`);
    assert.ok((await page.locator('#hexes .hex').count()) > 120, 'the Fontenoy map');
    assert.match(await page.textContent('#actor'), /French to act/);
    assert.match(await page.textContent('#prompt'), /F-10\.0|rule/);
    const turn0 = await page.textContent('#turn');
    // The bot sets both armies up and plays until the turn changes.
    // A roll of fire, close combat or a check shows its preview with the odds of each result.
    let steps = 0;
    let preview = null;
    while ((await page.textContent('#turn')) === turn0 || (await page.locator('#counters .counter').count()) === 0 || !preview) {
      assert.ok(steps < 1500, `the next turn and a preview within 1,500 steps (still ${await page.textContent('#turn')}, preview ${preview})`);
      if (!preview && !(await isHidden(page, '#preview'))) {
        preview = await page.textContent('#preview-title');
        const outcomes = await page.$$eval('#preview-outcomes tr.outcome', (rows) =>
          rows.map((r) => [...r.cells].map((c) => c.textContent)),
        );
        assert.ok(outcomes.length >= 1, `outcomes of ${preview}`);
        const total = outcomes.reduce((sum, [, chance]) => {
          const [n, d] = chance.split('/').map(Number);
          return sum + n / d;
        }, 0);
        assert.ok(Math.abs(total - 1) < 1e-9, `the distribution sums to 1 (${total})`);
      }
      await page.click('#step');
      steps += 1;
    }
    assert.match(preview, /fire|close combat|Check/);
    assert.ok((await page.locator('#counters .counter').count()) > 10, 'the armies are on the map');
    // Every formation is drawn with a facing arrow; Lines of two or more hexes as a band.
    const formations = await page.locator('#counters .formation, svg .formation').count();
    assert.ok(formations > 10, `formations drawn: ${formations}`);
    const facings = await page.$$eval('svg .formation', (gs) => gs.map((g) => Number(g.dataset.facing)));
    assert.ok(facings.every((f) => f >= 0 && f <= 11), `facings 0-11: ${facings}`);
    // A formation of several hexes (8.1) is a band through them; one of one hex has none.
    const shapes = await page.$$eval('svg .formation', (gs) =>
      gs.map((g) => [g.dataset.hexes.split(' ').length, g.querySelectorAll('polyline.band').length]),
    );
    assert.ok(shapes.every(([n, bands]) => (n > 1) === (bands === 1)), `bands: ${JSON.stringify(shapes)}`);
    // The log names units and rules.
    const rules = await page.$$eval('#log li.event .rule', (spans) => spans.map((s) => s.textContent));
    assert.ok(rules.length > 0);
    assert.ok(rules.every((r) => /^((F-)?\d+(\.\d+)*[a-zA-Z]*( [A-Z])?|engine)$/.test(r)), `rule numbers: ${rules.slice(0, 40)}`);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

// The Habit of Victory from one side's view: the Coalition's hidden forces are "?" counters and
// none of their face-down leaders is named on the page; the French player's choices are
// buttons (the secret battle chit among them) and the Coalition's are made by the bot unseen.
test('the page plays a Habit of Victory turn from the French view with the bot: hidden enemy stacks, a secret chit', { timeout: 600000 }, async () => {
  const { createRequire } = await import('node:module');
  const wasmDir = process.env.GROGNARD_WASM_NODE ?? path.join(TARGET, 'wasm', 'node');
  const grognard = createRequire(import.meta.url)(path.join(wasmDir, 'grognard_wasm.js'));
  const scenario = 'hov/pultusk-golymin';
  // The Coalition leaders face down on the map at the start, from the whole state's board.
  const probe = new grognard.Game(scenario, 1n);
  const hiddenNames = probe.board().pieces
    .filter((p) => p.side === 1 && p.kind === 'leader' && p.hex && !p.marks.includes('revealed'))
    .map((p) => p.name);
  probe.free();
  assert.ok(hiddenNames.length > 0, 'Coalition leaders on the map');

  const { server, base } = await serve(ROOT);
  const browser = await launch();
  try {
    const { page, problems } = await open(browser, `${base}/web/index.html?scenario=${scenario}&seed=1&view=0`);
    assert.equal(await page.inputValue('#viewer'), '0');
    assert.match(await page.textContent('#viewing'), /French/);
    assert.ok((await page.locator('#hexes .hex').count()) > 300, 'the scenario area of the Poland map');
    assert.ok((await page.locator('#hexes text.place').count()) > 5, 'towns named');
    assert.ok((await page.locator('#hexsides .hexside.primary_river').count()) > 0, 'rivers drawn');
    assert.ok((await page.locator('#hexsides .hexside.secondary_road').count()) > 0, 'roads drawn');
    // The enemy: "?" counters only, no name, no strength.
    const unknown = page.locator('#counters .counter.unknown.side1');
    assert.ok((await unknown.count()) > 0, 'hidden Coalition stacks drawn');
    assert.deepEqual(
      [...new Set(await page.$$eval('#counters .counter.unknown', (gs) => gs.map((g) => g.querySelector('text').textContent)))],
      ['?'],
    );
    assert.equal(await page.locator('#counters .counter.side1.leader:not(.revealed)').count(), 0);
    const mapText = await page.textContent('#map');
    for (const name of hiddenNames) assert.ok(!mapText.includes(name), `${name} is face down`);
    // Our own forces: named, with their strength.
    const own = await page.$$eval('#counters .counter.side0.leader text', (ts) => ts.map((t) => t.textContent));
    assert.ok(own.some((t) => /^\d+ SP$/.test(t)), `French forces with their SP: ${own}`);

    // Play with the page's buttons: our secret chit when a battle asks for it, the dice, the bot
    // for everything else; the other side's choices never appear as buttons.
    const turn0 = await page.textContent('#turn');
    let turned = false;
    let chit = null;
    let seed = 1;
    for (let steps = 0; !(turned && chit); steps += 1) {
      assert.ok(steps < 4000, `a turn and a battle chit within 4,000 steps (turned ${turned}, chit ${chit})`);
      if ((await page.textContent('#turn')) !== turn0) turned = true;
      const actor = await page.textContent('#actor');
      if (/^Game over/.test(actor)) {
        // No battle in this game: the next seed.
        seed += 1;
        await page.fill('#seed', String(seed));
        await page.click('#new-game');
        await page.waitForFunction((s) => new URL(window.location.href).searchParams.get('seed') === s, String(seed));
        continue;
      }
      if (/^Coalition to act/.test(actor)) {
        assert.equal(await page.locator('#actions button').count(), 0, 'no Coalition choice is listed');
      }
      const chits = page.locator('#actions button.chit');
      if (!chit && (await chits.count()) > 0) {
        assert.match(await page.textContent('#actions-note'), /chit/);
        chit = await chits.first().textContent();
        assert.match(chit, /battle chit: (Pitched|Pursuit) \(secret\)/);
        await chits.first().click();
        continue;
      }
      if (!(await page.isDisabled('#roll'))) await page.click('#roll');
      else await page.click('#step');
    }
    // The log: rule numbers of the Standard (¶) and Exclusive (§) rules; our chit is logged.
    const rules = await page.$$eval('#log li.event .rule', (spans) => spans.map((s) => s.textContent));
    assert.ok(rules.length > 20);
    assert.ok(rules.every((r) => /^([¶§]\d+|engine)/.test(r)), `rule numbers: ${rules.slice(0, 40)}`);
    const log = await page.textContent('#log');
    assert.match(log, /battle chit: (Pitched|Pursuit)/);
    await mkdir(path.dirname(SHOT), { recursive: true });
    await page.screenshot({ path: SHOT.replace('screenshot.png', 'hov-screenshot.png') });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
