// page_test.js CHECK --page DIR --single FILE --desktop EXE --gui-check EXE --chromium EXE --out DIR
// One check of the web page (tests/web/CMakeLists.txt): the page served on 127.0.0.1 only, opened
// in Debian's chromium headless (WebGL2 on SwiftShader), driven as a course page or a user would.
// Numbers are compared with the desktop program's (--headless), pictures with gui_check (the
// desktop window tests' checker, which rebuilds the layout from the same commands).
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { chromium } = require('playwright-core');
const { serve, compareJson, compareText } = require('./support');

const args = process.argv.slice(2);
const check = args[0];
const option = (name) => args[args.indexOf(name) + 1];
const out = option('--out');
fs.mkdirSync(out, { recursive: true });

function fail(message) {
  throw new Error(message);
}

// The desktop program, headless: the file it writes for `commands` (--run), as text.
function desktop(commands, file, extra = []) {
  const target = path.join(out, file);
  // The portable kernels, as the page's (sums in the same order): what may differ is libm's last bit.
  const env = { ...process.env, TB_KERNELS: 'sse2' };
  execFileSync(option('--desktop'), ['--headless', '--run', commands, ...extra], { cwd: out, stdio: 'pipe', env });
  return fs.readFileSync(target, 'utf8');
}

async function readPageFile(page, name) {
  // The bytes cross as one string, a character (U+0000 to U+00FF) a byte: an array of numbers
  // took playwright 2 to 3 s for a 180 kB trace.
  const latin1 = await page.evaluate((n) => window.transformerBloc.readFile(n).then((b) => {
    let text = '';
    for (let i = 0; i < b.length; i += 8192) text += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
    return text;
  }), name);
  const bytes = Buffer.from(latin1, 'latin1');
  fs.writeFileSync(path.join(out, 'page-' + name), bytes);  // kept beside the desktop's, to compare by hand
  return bytes.toString('utf8');
}

async function run(page, line) {
  const r = await page.evaluate((l) => window.transformerBloc.run(l), line);
  if (!r.ok) fail(`« ${line} » refusé dans la page : ${r.reply}`);
  return r.reply;
}

async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (process.env.TB_WEB_VERBOSE) console.log('console:', m.text()); if (m.type() === 'error' && !/favicon|404/.test(m.text())) errors.push(m.text()); });
  const start = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.transformerBloc, null, { timeout: 20000 });
  await page.evaluate(() => window.transformerBloc.ready);
  page.firstPictureMs = Date.now() - start;
  page.errors = errors;
  return page;
}

// The canvas's pixels: the page's screenshot clipped to the canvas's box, the same bytes as the
// element's own screenshot, which first waits for the box to stay still over two animation frames
// (3 to 6 s under SwiftShader, the page drawing every frame; this takes 1 to 2).
async function canvasShot(page, options = {}) {
  const clip = await page.evaluate(() => {
    const r = document.getElementById('canvas').getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
  return page.screenshot({ ...options, clip });
}

// The picture at rest after `commands`, checked by gui_check (exit 0 = every region right).
async function checkPicture(page, commands, name) {
  await page.waitForTimeout(500);
  const png = path.join(out, name + '.png');
  await canvasShot(page, { path: png });
  try {
    execFileSync(option('--gui-check'), [png, commands], { stdio: 'pipe' });
  } catch (e) {
    fail(`gui_check ${png} « ${commands} » :\n${e.stdout}${e.stderr}`);
  }
}

// The state's settings, from the trace the page exports.
async function settings(page, name) {
  await run(page, '/exporter trace ' + name);
  return JSON.parse(await readPageFile(page, name)).settings;
}

const checks = {
  // The rest picture after a change: the same regions as the desktop's window test six_layers.
  async picture({ context, url }) {
    const page = await open(context, url);
    await run(page, '/couches 6;/lecture 13');
    await checkPicture(page, '/couches 6;/lecture 13', 'six_layers');
  },

  // ?lang=en: the page speaks English from the start.
  async lang_en({ context, url }) {
    const page = await open(context, url.replace('index.html', 'index.html?lang=en'));
    const reply = await run(page, '/couches 3');
    if (!/sublayers/.test(reply)) fail('réponse en français avec ?lang=en : ' + reply);
  },

  // The channel's walk-through typed into the console, key by key, as a teacher would.
  async walkthrough({ context, url }) {
    const page = await open(context, url);
    const lines = ['/couches 6', '/residuel off', '/norme aucune', '/position aucun', '/lecture 13'];
    for (const line of lines) {
      await page.keyboard.type(line, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(150);
    }
    await checkPicture(page, lines.join(';'), 'walkthrough');
  },

  // The trace equals the desktop's (1e-12 relative).
  async trace({ context, url }) {
    const page = await open(context, url);
    const commands = '/couches 3;/graine 11;/phrase le chat regarde le chien;/dimension 16';
    await run(page, commands + ';/exporter trace t.json');
    compareJson(JSON.parse(await readPageFile(page, 't.json')), JSON.parse(desktop(commands, 't.json', ['--trace', 't.json'])), 1e-12);
  },

  // The other exports: the profile's CSV and the SVG of the picture at 1600x900, the same text as
  // the desktop's, each number to 1e-9 relative (the text rounds them).
  async exports({ context, url }) {
    const page = await open(context, url);
    const commands = '/couches 4;/graine 3;/norme post';
    await run(page, commands + ';/exporter profil p.csv;/exporter svg s.svg');
    for (const name of ['p.csv', 's.svg'])
      compareText(await readPageFile(page, name), desktop(commands + ';/exporter profil p.csv;/exporter svg s.svg', name, ['--size', '1600x900']), 1e-9, name);
  },

  // /generer in the page: its log equals the desktop's (1e-12 relative), and its SVG holds the same
  // caches, one kv-row a position held in each of the two layers (2 + 3 positions).
  async generation({ context, url }) {
    const page = await open(context, url);
    const commands = '/masque causal;/tetes 4 2;/phrase le chat;/generer 3';
    await run(page, commands + ';/exporter generation g.json;/exporter svg s.svg');
    compareJson(JSON.parse(await readPageFile(page, 'g.json')), JSON.parse(desktop(commands + ';/exporter generation g.json', 'g.json')), 1e-12);
    const svg = await readPageFile(page, 's.svg');
    const rows = (svg.match(/data-part="kv-row"/g) || []).length;
    if (rows !== 10) fail(`SVG de la page : ${rows} rangées de cache K/V au lieu de 10`);
    compareText(svg, desktop(commands + ';/exporter svg s.svg', 's.svg', ['--size', '1600x900']), 1e-9, 's.svg');
  },

  // A 30-step training log equals the desktop's, the page having trained in time slices.
  async training({ context, url }) {
    const page = await open(context, url);
    const commands = '/graine 5;/residuel off;/entrainer 30;/exporter entrainement log.json';
    await run(page, commands);
    compareJson(JSON.parse(await readPageFile(page, 'log.json')), JSON.parse(desktop(commands, 'log.json')), 1e-12);
  },

  // The last session is kept in the browser: a reload finds it, trained weights included.
  async session({ context, url }) {
    let page = await open(context, url);
    await run(page, '/couches 4;/graine 7;/entrainer 20;/exporter trace before.json');
    const before = JSON.parse(await readPageFile(page, 'before.json'));
    await page.waitForTimeout(1500);  // saved after the frame that ended the training, then synced
    await page.close();
    page = await open(context, url);
    await run(page, '/exporter trace after.json');
    compareJson(JSON.parse(await readPageFile(page, 'after.json')), before, 0);
  },

  // A link's commands run after start-up; the stored session is neither reopened nor replaced.
  async link_good({ context, url }) {
    let page = await open(context, url);
    await run(page, '/couches 4');
    await page.waitForTimeout(1500);
    await page.close();
    page = await open(context, url + '#/couches%206;/residuel%20off');
    await page.waitForTimeout(500);
    const s = await settings(page, 'l.json');
    if (s.layers !== 6 || s.residual !== false) fail('lien non appliqué : ' + JSON.stringify(s));
    await page.close();
    page = await open(context, url);
    if ((await settings(page, 'back.json')).layers !== 4) fail('la session enregistrée a changé après le lien');
  },

  // A bad command in a link: refused, nothing changed (the start-up state).
  async link_bad({ context, url }) {
    const page = await open(context, url + '#/couches%203;/couches%2099');
    await page.waitForTimeout(500);
    const s = await settings(page, 'bad.json');
    const fresh = await settings(await open(await context.browser().newContext(), url), 'fresh.json');
    if (s.layers !== fresh.layers) fail(`un lien refusé a changé L : ${s.layers} au lieu de ${fresh.layers}`);
  },

  // A link that tries to write or read a file is refused, saying why, and writes nothing.
  async link_hostile({ context, url }) {
    for (const fragment of ['/couches%205;/exporter%20trace%20x.json', '/session%20enregistrer%20x.json',
                            '/corpus%20ouvrir%20%2Fdata%2Fassets%2Fvocabulary.txt']) {
      const page = await open(context, url + '#' + fragment);
      await page.waitForTimeout(500);
      const exists = await page.evaluate(() => window.transformerBloc.readFile('x.json').then(() => true, () => false));
      if (exists) fail('un lien a écrit x.json : #' + fragment);
      if ((await settings(page, 's.json')).layers === 5) fail('un lien refusé a été exécuté en partie : #' + fragment);
      await page.close();
    }
  },

  // F5 (the presenter key clickers send) in a lesson: presenter mode, and the page is not reloaded.
  async presenter_f5({ context, url }) {
    const page = await open(context, url);
    await run(page, '/lecon ouvrir transformer-bloc');
    await page.evaluate(() => { window.stillHere = true; });
    const before = await canvasShot(page);
    await page.keyboard.press('F5');
    await page.waitForTimeout(1000);
    if (!(await page.evaluate(() => window.stillHere === true))) fail('F5 a rechargé la page');
    const after = await canvasShot(page);
    if (before.equals(after)) fail('F5 n\'a rien changé (mode présentateur attendu)');
    const reply = await run(page, '/lien');
    if (!/presentateur/.test(decodeURIComponent(reply))) fail('mode présentateur absent du lien : ' + reply);
    // Leaving with the lesson open asks first.
    let asked = false;
    page.on('dialog', (d) => { asked = d.type() === 'beforeunload'; d.dismiss(); });
    await page.close({ runBeforeUnload: true });
    await new Promise((r) => setTimeout(r, 1000));
    if (!asked) fail('quitter la page avec une leçon ouverte n\'a rien demandé');
  },

  // A session saved by the desktop program, dropped on the page, opens there; /ouvrir answers that
  // the browser's file picker is open. (Its dialog is not checked here: headless chromium under
  // load sometimes shows none, the key being too old by the time the command runs.)
  async open_file({ context, url }) {
    desktop('/couches 5;/graine 9;/session enregistrer picked.json', 'picked.json');
    const page = await open(context, url);
    const reply = await run(page, '/ouvrir');
    if (!/choisissez le fichier/.test(reply)) fail('/ouvrir : ' + reply);
    const text = fs.readFileSync(path.join(out, 'picked.json'), 'utf8');
    const dataTransfer = await page.evaluateHandle((t) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([t], 'picked.json', { type: 'application/json' }));
      return transfer;
    }, text);
    await page.dispatchEvent('#canvas', 'drop', { dataTransfer });
    await page.waitForTimeout(1000);
    const s = await settings(page, 'opened.json');
    if (s.layers !== 5 || s.seed !== 9) fail('session déposée non ouverte : ' + JSON.stringify(s));
  },

  // An export typed in the console is downloaded by the browser, its bytes those written.
  async download({ context, url }) {
    const page = await open(context, url);
    const download = page.waitForEvent('download');
    await page.keyboard.type('/exporter profil profil.csv', { delay: 5 });
    await page.keyboard.press('Enter');
    const file = await download;
    if (file.suggestedFilename() !== 'profil.csv') fail('téléchargement nommé ' + file.suggestedFilename());
    const saved = path.join(out, 'downloaded.csv');
    await file.saveAs(saved);
    if (!fs.readFileSync(saved).equals(Buffer.from(await readPageFile(page, 'profil.csv'))))
      fail('le fichier téléchargé diffère de celui écrit');
  },

  // A finger works as the mouse: a tap on the « d = 16 » button of the settings changes d.
  async touch({ browser, url }) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, hasTouch: true });
    const page = await open(context, url);
    await page.touchscreen.tap(262, 165);  // the radio button « d = 16 » at 1600x900 (ui/controls.cpp's layout)
    await page.waitForTimeout(800);
    const s = await settings(page, 'touched.json');
    if (s.dimension !== 16) fail(`un toucher sur « d = 16 » n'a pas changé d (d = ${s.dimension})`);
    await context.close();
  },

  // The self-contained file opens from file://, offline, and computes as the served page.
  async single_file({ context }) {
    const page = await open(context, 'file://' + path.resolve(option('--single')));
    if (page.firstPictureMs > 10000) fail(`première image après ${page.firstPictureMs} ms`);
    await run(page, '/couches 6;/lecture 13');
    await checkPicture(page, '/couches 6;/lecture 13', 'single_file');
  },
};

(async () => {
  if (!checks[check]) fail('vérification inconnue : ' + check);
  const server = await serve(option('--page'));
  const browser = await chromium.launch({
    executablePath: option('--chromium'),
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, acceptDownloads: true });
  let status = 0;
  try {
    await checks[check]({ browser, context, url: `http://127.0.0.1:${server.address().port}/index.html` });
    for (const page of context.pages())
      if (page.errors.length) fail('erreurs dans la page : ' + page.errors.join('\n'));
    console.log(`web.${check} : réussi`);
  } catch (e) {
    console.error(`web.${check} : ÉCHEC\n${e.stack || e}`);
    status = 1;
    for (const [i, page] of context.pages().entries())  // what the page showed when it failed
      await page.screenshot({ path: path.join(out, `failure-${i}.png`) }).catch(() => {});
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(status);
})();
