import fs from 'node:fs';
import path from 'node:path';

/** The repository root (the folder holding package.json), found from this file whether it runs from src or dist. */
function findRepoRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRepoRoot(__dirname);
export const webDistDir = path.join(repoRoot, 'web', 'dist');
