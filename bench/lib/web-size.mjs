/**
 * What the home page costs to load: the JavaScript of index.html (its module scripts and modulepreloads)
 * plus the home route's chunk and the chunks that chunk imports statically, gzipped one by one as a
 * server would send them; and the admin route chunks, which must not be among them. Chunks are
 * identified through Vite's build manifest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_SOURCE = 'src/features/home/HomePage.tsx';
const ADMIN_PREFIX = 'src/features/admin/';

function gzipKb(file) {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

/** Files of `key` and everything it imports statically (what the browser must fetch to run it). */
function staticClosure(manifest, key, into = new Set()) {
  const entry = manifest[key];
  if (!entry || into.has(entry.file)) return into;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function measureWebSize(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const html = fs.readFileSync(indexFile, 'utf8');

  const home = new Set();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g)) home.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) home.add(match[1]);
  // The entry's own static imports are preloaded by index.html; add them in case a plugin drops a tag.
  staticClosure(manifest, 'index.html', home);
  const homeChunk = Object.keys(manifest).find((key) => key.endsWith(HOME_SOURCE));
  if (homeChunk) staticClosure(manifest, homeChunk, home);

  const adminKeys = Object.keys(manifest).filter((key) => key.includes(ADMIN_PREFIX));
  const admin = new Set();
  for (const key of adminKeys) staticClosure(manifest, key, admin);
  const adminOnly = [...admin].filter((file) => !home.has(file));
  const adminInHome = adminKeys.map((key) => manifest[key].file).filter((file) => home.has(file));

  const sum = (files) => files.reduce((total, file) => total + gzipKb(path.join(distDir, file)), 0);
  return {
    homeFiles: home.size,
    homeKb: sum([...home]),
    homeChunkFound: !!homeChunk,
    adminChunks: adminKeys.length,
    adminKb: adminKeys.length > 0 ? sum(adminOnly) : Number.NaN,
    adminInHome,
  };
}
