import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@InputType('ContactMessageInput', { description: 'A contact-form message.' })
export class ContactMessageInput {
  @Field({ description: 'Your name, at most 100 characters.' }) name!: string;
  @Field({ description: 'Where the reply goes, at most 254 characters.' }) email!: string;
  @Field({ description: 'At most 5,000 characters.' }) message!: string;
}

@ObjectType('ContactMessage', { description: 'A contact-form message in the administrators’ inbox.' })
export class ContactMessageType {
  @Field(() => ID, { description: 'The message id.' }) id!: string;
  @Field({ description: 'The name the sender gave.' }) name!: string;
  @Field({ description: 'The address to reply to.' }) email!: string;
  @Field({ description: 'What the sender wrote.' }) message!: string;
  @Field(() => Date, { description: 'When the message arrived.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When an administrator read it (null: unread).' }) readAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When an administrator replied by e-mail.' }) repliedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The reply sent.' }) reply!: string | null;
}

@ObjectType('ContactInbox', { description: 'Contact-form messages, newest first.' })
export class ContactInboxType {
  @Field(() => [ContactMessageType], { description: 'This page of messages, newest first.' }) items!: ContactMessageType[];
  @Field(() => Int, { description: 'Messages matching the filter.' }) total!: number;
  @Field(() => Int, { description: 'Unread messages in the whole inbox.' }) unread!: number;
}

@ObjectType('ContactSent', { description: 'What the sender of a contact message is told.' })
export class ContactSentType {
  @Field({ description: 'What to tell the sender.' }) message!: string;
}
