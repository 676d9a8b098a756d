/**
 * The CAPTCHA's Web Worker: altcha-lib's own worker loop (`handler`: its solveChallenge over the counters the page
 * hands this worker) with WebCrypto's PBKDF2, so the page's thread never hashes (docs/graphql-api.md "CAPTCHA").
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
