import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { MailService } from './mail.service.js';
import type { MailMessageRow } from './mail-store.js';
import { MailMessageType, MailOutboxType } from './mail.types.js';

/** What the mail resolver is built with (app/graphql-schema.ts). */
export interface MailResolverDeps {
  mail: Pick<MailService, 'outbox' | 'resend'>;
}

/** The administrators' e-mail outbox: every message, its status and the server's last answer. */
@Resolver()
export class MailResolver {
  constructor(private readonly services: MailResolverDeps) {}

  @RequiresScope('admin')
  @Query(() => MailOutboxType, { description: 'E-mail sent or waiting, newest first (administrators).' })
  mailOutbox(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => String, { nullable: true, description: 'Only this status (queued, sending, sent, stored, failed).' }) status: string | null,
    @Arg('limit', () => Int, { defaultValue: 50, description: '1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Messages to skip (paging).' }) offset: number,
  ): Promise<{ items: MailMessageRow[]; total: number; delivers: boolean }> {
    requireAdmin(ctx);
    return this.services.mail.outbox({ status, limit, offset });
  }

  @RequiresScope('admin')
  @Mutation(() => MailMessageType, { description: 'Sends a failed e-mail again (administrators).' })
  resendMail(@Ctx() ctx: GraphQLContext, @Arg('id', () => ID, { description: 'The message to send again.' }) id: string): Promise<MailMessageRow> {
    requireAdmin(ctx);
    return this.services.mail.resend(id);
  }
}
