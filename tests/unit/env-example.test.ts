/**
 * `.env.example` is the list of every variable the server reads, each with its default: it is checked against what
 * `loadConfig` (server/src/config.ts) actually reads, so a variable added, renamed or removed there fails here until
 * the example follows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';

const EXAMPLE = path.resolve(__dirname, '../../.env.example');

/** `NAME=value` lines, commented out (`# NAME=value`) or not; `# ` lines of prose never start with `NAME=`. */
function exampleVariables(): Map<string, string> {
  const variables = new Map<string, string>();
  for (const line of fs.readFileSync(EXAMPLE, 'utf8').split('\n')) {
    const match = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const [, name, raw] = match;
    if (variables.has(name)) throw new Error(`.env.example lists ${name} twice`);
    variables.set(name, raw.replace(/^"(.*)"$/, '$1'));
  }
  return variables;
}

/** The names `loadConfig` looks up in the environment it is given. */
function variablesConfigReads(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (target, name) => {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return read;
}

/** The resolved configuration as plain data (functions and frozen objects aside), to compare two of them. */
const plain = (env: NodeJS.ProcessEnv) => JSON.parse(JSON.stringify(loadConfig(env))) as unknown;

describe('.env.example', () => {
  const listed = exampleVariables();
  const read = variablesConfigReads();

  it('lists every variable server/src/config.ts reads', () => {
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('lists no variable server/src/config.ts no longer reads', () => {
    expect([...listed.keys()].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it("gives each variable its real default (setting the example's value changes nothing)", () => {
    const defaults = plain({});
    const differing = [...listed].filter(([name, value]) => {
      expect(() => loadConfig({ [name]: value })).not.toThrow();
      return JSON.stringify(plain({ [name]: value })) !== JSON.stringify(defaults);
    });
    expect(differing.map(([name, value]) => `${name}=${value}`)).toEqual([]);
  });
});
