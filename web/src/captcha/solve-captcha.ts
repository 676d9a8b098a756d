/**
 * Solves a CAPTCHA challenge off the page's thread: altcha-lib's solveChallengeWorkers splits the counters between a
 * few Web Workers (captcha.worker.ts) and takes the first solution. Loaded only when the store asks for a CAPTCHA.
 */
import { solveChallengeWorkers, type Challenge } from 'altcha-lib';

/** Workers at most: the expected work is a few hundred key derivations, so more cores add little. */
const MAX_WORKERS = 4;
/** A phone solves in seconds; past this the attempt fails and the customer may try again. */
const TIMEOUT_MS = 60_000;

/** The payload for `captcha` (as the altcha widget sends it): base64 of `{ challenge, solution }`. */
export async function solveCaptcha(challengeJson: string): Promise<string> {
  const challenge = JSON.parse(challengeJson) as Challenge;
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
    createWorker: () => new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' }),
    timeout: TIMEOUT_MS,
  });
  if (!solution) throw new Error('The CAPTCHA was not solved in time');
  // Hex, numbers and ASCII names only: btoa takes it as it is.
  return btoa(JSON.stringify({ challenge, solution }));
}
