import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { ApiKeyService } from './api-keys.service';
import { ApiKey, CreatedApiKey } from './api-keys.types';
import { Permission, type PermissionName } from './staff.types';

/** API keys for integrators (docs/staff-and-permissions.md "API keys"): managed with STAFF, like the staff itself. */
@Resolver()
export class ApiKeyResolver {
  constructor(private readonly keys: ApiKeyService) {}

  @Requires(Permission.STAFF)
  @Query(() => [ApiKey], { description: 'Staff (STAFF): every API key, newest first, revoked ones included' })
  apiKeys(): Promise<ApiKey[]> {
    return this.keys.list();
  }

  @Requires(Permission.STAFF)
  @Mutation(() => CreatedApiKey, {
    description:
      'Staff (STAFF): a new API key with `permissions` (yours only, never STAFF); its secret is shown this once. ' +
      'BAD_USER_INPUT (field `name` or `permissions`)',
  })
  createApiKey(
    @Arg('name', () => String) name: string,
    @Arg('permissions', () => [Permission]) permissions: PermissionName[],
    @Ctx() ctx: RequestContext,
  ): Promise<CreatedApiKey> {
    return this.keys.create(ctx.user!, name, permissions);
  }

  @Requires(Permission.STAFF)
  @Mutation(() => Boolean, {
    description:
      'Staff (STAFF): revokes an API key, on every server from its next request. NOT_FOUND for an unknown id',
  })
  revokeApiKey(@Arg('id', () => ID) id: string): Promise<boolean> {
    return this.keys.revoke(id);
  }
}
