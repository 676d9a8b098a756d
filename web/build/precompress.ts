/**
 * Vite plugin: after a client build, writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside
 * every text asset of the output, so the server (server/src/http/static-files.ts) and nginx (`gzip_static`) send
 * compressed bytes without compressing per request. Maximum quality is affordable here: it is paid once per build.
 * A compressed copy that is not smaller than its file is not written (the file is then sent as it is).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What compresses: text (scripts, styles, HTML, SVG, JSON, maps). Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && COMPRESSIBLE.test(entry.name) ? [file] : [];
  });
}

/** Writes the .br and .gz copies of every compressible file under `dir`; returns how many files it compressed. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = filesUnder(dir);
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < source.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < source.length) await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    async closeBundle() {
      // The server-rendering bundle is read from disk by the server, never sent to a browser.
      if (ssr) return;
      await precompressDirectory(outDir);
    },
  };
}
