import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { ContactService } from './contact.service.js';
import type { ContactMessageRow } from './contact-store.js';
import { ContactInboxType, ContactMessageInput, ContactMessageType, ContactSentType } from './contact.types.js';

/** What the contact resolver is built with (app/graphql-schema.ts). */
export interface ContactResolverDeps {
  contact: Pick<ContactService, 'submit' | 'inbox' | 'markRead' | 'reply'>;
}

export const CONTACT_SENT = 'Thank you, your message has been sent. We reply by e-mail.';

/** The contact form (anyone) and the administrators' inbox. */
@Resolver()
export class ContactResolver {
  constructor(private readonly services: ContactResolverDeps) {}

  @Mutation(() => ContactSentType, { description: 'Sends a message to the administrators (stored in their inbox and e-mailed). No sign-in needed.' })
  async sendContactMessage(
    @Ctx() ctx: GraphQLContext,
    @Arg('input', () => ContactMessageInput, { description: 'The name, address and message.' }) input: ContactMessageInput,
  ): Promise<ContactSentType> {
    await this.services.contact.submit({ ...input }, { userId: ctx.user?.id ?? null, address: ctx.clientAddress });
    return { message: CONTACT_SENT };
  }

  @RequiresScope('admin')
  @Query(() => ContactInboxType, { description: 'Contact-form messages, newest first (administrators).' })
  contactMessages(
    @Ctx() ctx: GraphQLContext,
    @Arg('unreadOnly', () => Boolean, { defaultValue: false, description: 'Only messages not yet marked read.' }) unreadOnly: boolean,
    @Arg('limit', () => Int, { defaultValue: 50, description: '1 to 200.' }) limit: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Messages to skip (paging).' }) offset: number,
  ) {
    requireAdmin(ctx);
    return this.services.contact.inbox({ unreadOnly, limit, offset });
  }

  @RequiresScope('admin')
  @Mutation(() => ContactMessageType, { description: 'Marks a contact message read or unread (administrators).' })
  markContactMessageRead(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID, { description: 'The message.' }) id: string,
    @Arg('read', () => Boolean, { description: 'Read (true) or unread.' }) read: boolean,
  ): Promise<ContactMessageRow> {
    requireAdmin(ctx);
    return this.services.contact.markRead(id, read);
  }

  @RequiresScope('admin')
  @Mutation(() => ContactMessageType, { description: 'E-mails a reply (at most 10,000 characters) to the writer of a contact message (administrators).' })
  replyToContactMessage(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID, { description: 'The message answered.' }) id: string,
    @Arg('reply', () => String, { description: 'The reply, e-mailed to the sender.' }) reply: string,
  ): Promise<ContactMessageRow> {
    return this.services.contact.reply(id, reply, requireAdmin(ctx));
  }
}
