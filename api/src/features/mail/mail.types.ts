import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('MailMessage', { description: 'One e-mail the product sent or keeps in its outbox (administrators).' })
export class MailMessageType {
  @Field(() => ID, { description: 'The message id.' }) id!: string;
  @Field({ description: 'What kind of message (password-reset, purchase-requested, contact-received...).' }) kind!: string;
  @Field({ description: 'The recipient as it went into the To header.' }) to!: string;
  @Field({ description: 'The subject line (line breaks removed).' }) subject!: string;
  @Field({ description: 'The plain-text part, as sent.' }) text!: string;
  @Field({
    description:
      'queued (waiting for a send or a retry), sending, sent (accepted by the SMTP server), stored (no SMTP_URL: kept here only), failed (given up; see lastError).',
  })
  status!: string;
  @Field(() => Int, { description: 'Sends tried so far.' }) attempts!: number;
  @Field(() => String, { nullable: true, description: "The SMTP server's answer to the last failed try." }) lastError!: string | null;
  @Field(() => Date, { description: 'When the message was queued.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the SMTP server accepted it (or it was stored).' }) sentAt!: Date | null;
}

@ObjectType('MailOutbox', { description: 'The e-mail outbox, newest first.' })
export class MailOutboxType {
  @Field(() => [MailMessageType], { description: 'This page of messages, newest first.' }) items!: MailMessageType[];
  @Field(() => Int, { description: 'Messages matching the filter.' }) total!: number;
  @Field({ description: 'True when SMTP_URL is set (messages are sent); false: they are only kept here.' }) delivers!: boolean;
}
