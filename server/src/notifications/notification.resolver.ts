import { Arg, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { Notification } from './notification.entity';
import { NotificationService } from './notification.service';
import { NotificationConnection } from './notification.types';

/** The e-mail outbox for admins (docs/jobs-and-events.md "E-mail"): every message, its status, and resend. */
@Resolver(() => Notification)
export class NotificationResolver {
  constructor(private readonly notifications: NotificationService) {}

  @Requires(Permission.CUSTOMERS)
  @Query(() => NotificationConnection, {
    description: 'The e-mail outbox newest first; `first` 1-100 (default 20), `after` an endCursor',
  })
  async adminNotifications(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<NotificationConnection> {
    const page = await this.notifications.adminPage({ first, after });
    return {
      edges: page.edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  }

  @Requires(Permission.CUSTOMERS)
  @Mutation(() => Notification, {
    description:
      'Queues a message to be sent again (whatever its status); without an SMTP server it ends NOT_SENT again',
  })
  resendNotification(@Arg('id', () => ID) id: string): Promise<Notification> {
    return this.notifications.resend(id);
  }
}
