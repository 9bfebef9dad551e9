// node tests/perf/web_measure.js BUILD: the web page's figures for docs/performance.md, from the
// native build folder BUILD (its web/ page, its desktop program and benchmark): download size
// (gzipped), time from navigation to the first picture (median of 5; the folder on localhost and
// the single file), the frame period while the beads climb an L 6 stack at 1600x900 (headless
// chromium, WebGL2 on SwiftShader) beside the desktop's frame time under llvmpipe, and a training
// step in the page beside the native one. A measurement, never a test.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { execFileSync } = require('child_process');
const { chromium } = require('../web/node_modules/playwright-core');
const { serve } = require('../web/support');

const build = path.resolve(process.argv[2] || 'build');
const pageDir = path.join(build, 'web', 'page');
const single = path.join(build, 'web', 'transformer-bloc.html');
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const mb = (bytes) => (bytes / 1e6).toFixed(2) + ' MB';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function firstPicture(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const start = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.transformerBloc, null, { timeout: 30000 });
  await page.evaluate(() => window.transformerBloc.ready);
  const ms = Date.now() - start;
  await page.close();
  return ms;
}

(async () => {
  const files = fs.readdirSync(pageDir).map((f) => path.join(pageDir, f));
  console.log('taille gzip, dossier :', mb(files.reduce((sum, f) => sum + gz(f), 0)),
              '(' + files.map((f) => path.basename(f) + ' ' + mb(gz(f))).join(', ') + ')');
  console.log('taille gzip, fichier unique :', mb(gz(single)), '; brut', mb(fs.statSync(single).size));

  const server = await serve(pageDir);
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  for (const [name, address] of [['dossier (localhost)', url], ['fichier unique (file://)', 'file://' + single]]) {
    const times = [];
    for (let i = 0; i < 5; ++i) times.push(await firstPicture(browser, address));
    console.log(`première image, ${name} : médiane ${median(times)} ms (${times.join(', ')})`);
  }

  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(url);
  await page.evaluate(() => window.transformerBloc.ready);
  await page.evaluate(() => window.transformerBloc.run('/couches 6;/dimension 16'));
  const periods = await page.evaluate(async () => {
    window.transformerBloc.run('/propager');
    const out = [];
    let last = performance.now();
    const end = last + 8000;
    while (performance.now() < end) {
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      out.push(now - last);
      last = now;
    }
    return out;
  });
  console.log(`page, L 6 d 16, /propager, 1600x900 : période d'image moyenne ${(periods.reduce((a, b) => a + b, 0) / periods.length).toFixed(1)} ms, p95 ${percentile(periods, 0.95).toFixed(1)} ms (${periods.length} images en 8 s)`);

  const steps = 200;
  const pageMs = await page.evaluate((n) => Module._tb_time_training_steps(n), steps);
  console.log(`pas d'entraînement dans la page (L 6, d 16, w 64, lot 16, SIMD128) : ${(pageMs / steps).toFixed(3)} ms`);
  await browser.close();
  server.close();

  // The desktop's same pass under Xvfb (llvmpipe), as tests/perf/measure.sh: its partial redraw,
  // then drawing every frame whole as the page does; median of 3 of --stats' p95.
  const exe = path.join(build, 'app', 'transformer-bloc');
  for (const redraw of ['partial', 'full']) {
    const p95 = [], mean = [];
    for (let i = 0; i < 3; ++i) {
      const env = { ...process.env, XDG_CONFIG_HOME: fs.mkdtempSync('/tmp/tb-measure-'), TRANSFORMER_BLOC_REDRAW: redraw,
                    TRANSFORMER_BLOC_TEST_ACTIONS: 'command /couches 6; command /dimension 16; command /propager; settle; quit' };
      const stats = execFileSync('xvfb-run', ['-a', '-s', '-screen 0 1600x900x24', exe, '--size', '1600x900', '--fresh', '--stats'],
                                 { env, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
      p95.push(Number(/p95_frame_ms: ([0-9.]+)/.exec(stats)[1]));
      mean.push(Number(/mean_frame_ms: ([0-9.]+)/.exec(stats)[1]));
    }
    console.log(`bureau, même passe, llvmpipe, dessin ${redraw === 'full' ? 'entier' : 'partiel'} : temps d'image moyen ${median(mean)} ms, p95 ${median(p95)} ms (médiane de 3)`);
  }

  const bench = path.join(build, 'tests', 'bench', 'transformer-bloc-bench');
  if (fs.existsSync(bench)) {
    const json = JSON.parse(execFileSync(bench, ['--benchmark_filter=training_step/masked_word_interne', '--benchmark_format=json',
                                                 '--benchmark_repetitions=5', '--benchmark_report_aggregates_only=true']).toString());
    const m = json.benchmarks.find((b) => b.aggregate_name === 'median');
    console.log(`pas d'entraînement natif (même taille, noyaux par défaut) : ${(m.real_time / 1000).toFixed(3)} ms (médiane de 5)`);
    console.log(`rapport page / natif : ${((pageMs / steps) / (m.real_time / 1000)).toFixed(2)}`);
  }
})().catch((e) => { console.error(e); process.exit(1); });
