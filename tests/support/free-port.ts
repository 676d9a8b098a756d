/** A TCP port nobody listens on right now, so parallel servers and test runs don't collide. */
export { freeSystemPort as freePort } from '../../server/src/db/embedded';
