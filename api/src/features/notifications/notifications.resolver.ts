import { Arg, Ctx, Float, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { NotificationsService } from './notifications.service.js';
import { InAppNotificationType, NotificationSettingsType } from './notifications.types.js';

/** What the notifications resolver is built with (app/graphql-schema.ts). */
export interface NotificationsResolverDeps {
  notifications: Pick<NotificationsService, 'settingsOf' | 'setKind' | 'setLowCredits' | 'recent'>;
}

/** The signed-in user's own notification settings (nobody else's: the user comes from the token). */
@Resolver()
export class NotificationsResolver {
  constructor(private readonly services: NotificationsResolverDeps) {}

  @Query(() => NotificationSettingsType, { description: 'Which notification e-mails the signed-in user receives.' })
  notificationSettings(@Ctx() ctx: GraphQLContext) {
    return this.services.notifications.settingsOf(requireUser(ctx).id);
  }

  @Query(() => [InAppNotificationType], { description: "The signed-in user's newest notifications (the in-app list of what was e-mailed)." })
  myNotifications(@Ctx() ctx: GraphQLContext, @Arg('first', () => Int, { defaultValue: 10, description: '1 to 50.' }) first: number) {
    return this.services.notifications.recent(requireUser(ctx).id, first);
  }

  @Mutation(() => NotificationSettingsType, { description: 'Turns one kind of notification e-mail on or off for the signed-in user.' })
  setNotificationEnabled(
    @Ctx() ctx: GraphQLContext,
    @Arg('kind', { description: 'The kind (see NotificationKindSetting.kind).' }) kind: string,
    @Arg('enabled', { description: 'True to receive these e-mails.' }) enabled: boolean,
  ) {
    return this.services.notifications.setKind(requireUser(ctx).id, kind.slice(0, 40), enabled);
  }

  @Mutation(() => NotificationSettingsType, { description: 'Sets the balance (credits, 0 to 1,000,000) below which a "credits running low" e-mail is sent.' })
  setLowCreditsThreshold(@Ctx() ctx: GraphQLContext, @Arg('credits', () => Float, { description: 'The threshold in credits.' }) credits: number) {
    return this.services.notifications.setLowCredits(requireUser(ctx).id, credits);
  }
}
