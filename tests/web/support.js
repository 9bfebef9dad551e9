// What the browser tests share: a static server on 127.0.0.1 only, and a comparison of two JSON
// documents, numbers to a relative tolerance (libm's last bits may differ between the page and
// the desktop).
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.data': 'application/octet-stream' };

// Serves `dir` on 127.0.0.1, a free port; resolves to the http.Server once listening.
function serve(dir) {
  const root = path.resolve(dir);
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, path.normalize(name));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Throws at the first difference: a key, a type, a string, or a number beyond `relative` times its
// scale: the largest magnitude of the array it is in (a vector's component is compared relative to
// the vector: a component near zero after a cancellation carries the others' rounding), else its own.
function compareJson(actual, expected, relative, where = '', arrayScale = 0) {
  if (typeof expected === 'number' && typeof actual === 'number') {
    // The key bias's gradient is exactly zero (softmax ignores a shift common to a query's scores):
    // what Adam makes of the rounding noise, about 1e-10, is compared as such.
    if (/\.bk\.\d+$/.test(where)) {
      if (Math.abs(actual - expected) > 1e-9) throw new Error(`${where} : ${actual} au lieu de ${expected} (bruit au-delà de 1e-9)`);
      return;
    }
    const scale = Math.max(Math.abs(expected), Math.abs(actual), arrayScale, 1e-300);
    if (Math.abs(actual - expected) > relative * scale && actual !== expected)
      throw new Error(`${where || 'racine'} : ${actual} au lieu de ${expected} (écart relatif ${Math.abs(actual - expected) / scale})`);
    return;
  }
  if (typeof actual !== typeof expected || Array.isArray(actual) !== Array.isArray(expected) || (actual === null) !== (expected === null))
    throw new Error(`${where || 'racine'} : ${JSON.stringify(actual)} au lieu de ${JSON.stringify(expected)}`);
  if (typeof expected !== 'object' || expected === null) {
    if (actual !== expected) throw new Error(`${where || 'racine'} : ${JSON.stringify(actual)} au lieu de ${JSON.stringify(expected)}`);
    return;
  }
  const numbers = Array.isArray(expected) ? expected.filter((v) => typeof v === 'number') : [];
  const scale = numbers.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const key of keys) {
    if (!(key in actual) || !(key in expected)) throw new Error(`${where}.${key} : présent d'un seul côté`);
    compareJson(actual[key], expected[key], relative, `${where}.${key}`, scale);
  }
}

// Two texts equal once each number is compared to `relative` (the same words, the same numbers).
function compareText(actual, expected, relative, name) {
  const number = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;
  const words = (t) => t.replace(number, '#');
  if (words(actual) !== words(expected)) throw new Error(`${name} : le texte diffère de celui du programme de bureau`);
  const a = actual.match(number) || [], e = expected.match(number) || [];
  a.forEach((x, i) => {
    const u = Number(x), v = Number(e[i]);
    if (Math.abs(u - v) > relative * Math.max(Math.abs(u), Math.abs(v)) && x !== e[i])
      throw new Error(`${name} : nombre ${i} : ${x} au lieu de ${e[i]}`);
  });
}

module.exports = { serve, compareJson, compareText };
