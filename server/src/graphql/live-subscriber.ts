import type { AuthUser } from '../accounts/access-token';
import type { LiveSubscriber } from '../core/live-rows';
import type { RequestContext } from './context';
import { Loaders } from './loaders';

/**
 * A subscription's context as the domain's live rows see it (core/live-rows.ts): its user, read at each event, and
 * loaders fresh per event for the fields of the rows it is sent, so an update is never served from an older event's
 * cache.
 */
export function liveSubscriber(ctx: RequestContext): LiveSubscriber<AuthUser | null> {
  return {
    get user() {
      return ctx.user;
    },
    newEventScope: () => new Loaders(ctx.container),
    enterEventScope: (scope) => {
      ctx.loaders = scope as Loaders;
    },
    waitKey: ctx.ip,
  };
}
