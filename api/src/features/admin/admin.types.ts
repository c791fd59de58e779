import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LEDGER_EVENT_TYPES, type LedgerEventType as LedgerEventTypeName } from '@shotlog/ledger';
import { GraphQLJSONObject } from 'graphql-scalars';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import { Connection } from '../../platform/graphql/relay.js';

@ObjectType('AdminUser', { description: 'A user as administrators see them.' })
export class AdminUserType {
  @Field(() => ID, { description: 'User id.' }) id!: string;
  @Field({ description: 'Username.' }) username!: string;
  @Field({ description: 'E-mail address.' }) email!: string;
  @Field(() => Int, { description: '1 user, 2 administrator.' }) roleId!: number;
  @Field({ description: 'When the account was created (ISO 8601 date-time).' }) createdAt!: Date;
  @Field(() => MoneyScalar, { description: 'Current balance.' }) creditBalance!: string;
}

@ObjectType('AdminUserConnection', { description: 'A page of users, oldest first.' })
export class AdminUserConnection extends Connection(AdminUserType, 'AdminUser') {}

@ObjectType('CreditAdjustment', { description: "The outcome of an administrator's credit adjustment." })
export class CreditAdjustmentType {
  @Field(() => MoneyScalar, { description: "The user's balance after it." }) newBalance!: string;
  @Field(() => MoneyScalar, { description: 'The signed amount applied.' }) amount!: string;
  @Field({ description: "'Successfully added|removed N credits. New balance: X'" }) message!: string;
}

@ObjectType('Setting', { description: 'An administrator setting.' })
export class SettingType {
  @Field({ description: 'CREDIT_MARKUP_PERCENTAGE or BASE_COST_PER_FILESET.' }) key!: string;
  @Field({ description: 'Its value, as text.' }) value!: string;
  @Field(() => Date, { nullable: true, description: 'Last change; null while the default applies.' }) updatedAt!: Date | null;
}

@ObjectType('MarkupUpdate', { description: 'The outcome of changing the processing markup.' })
export class MarkupUpdateType {
  @Field(() => SettingType, { description: 'The markup setting after the change.' }) setting!: SettingType;
  @Field(() => MoneyScalar, { description: 'The cost per file set that now applies.' }) costPerFileset!: string;
  @Field({ description: "'Markup updated to N%. This affects all future processing costs.'" }) message!: string;
}

@ObjectType('LedgerEventUser', { description: 'A user a ledger event names (its account owner or the administrator who acted).' })
export class LedgerEventUserType {
  @Field(() => ID, { description: 'User id.' }) id!: string;
  @Field({ description: 'Username.' }) username!: string;
  @Field({ description: 'E-mail address.' }) email!: string;
}

/** The ledger's own event types (names = wire values) as a GraphQL enum, so codegen carries them to the web. */
export const LedgerEventTypeEnum = Object.fromEntries(LEDGER_EVENT_TYPES.map((t) => [t, t])) as { [T in LedgerEventTypeName]: T };
const LEDGER_EVENT_TYPE_DESCRIPTIONS: Record<LedgerEventTypeName, string> = {
  AccountOpened: "The user's account was opened: its stream starts.",
  SignupBonusGranted: 'The sign-up bonus was credited.',
  PurchaseApproved: 'An administrator approved a credit purchase: its credits were added.',
  AdminAdjusted: 'An administrator added or removed credits.',
  ProcessingCharged: 'A processing run was charged.',
  ProcessingRefunded: 'A file set that failed processing had its charge refunded.',
};
registerEnumType(LedgerEventTypeEnum, {
  name: 'LedgerEventType',
  description: 'What a ledger event records.',
  valuesConfig: Object.fromEntries(LEDGER_EVENT_TYPES.map((t) => [t, { description: LEDGER_EVENT_TYPE_DESCRIPTIONS[t] }])),
});

@ObjectType('LedgerEvent', { description: 'One immutable event of the credit ledger.' })
export class LedgerEventType {
  @Field(() => ID, { description: 'Event id.' }) id!: string;
  @Field({ description: 'Global append order.' }) sequence!: string;
  @Field({ description: 'The account stream (one per user).' }) streamId!: string;
  @Field(() => Int, { description: 'Position in the stream.' }) streamVersion!: number;
  @Field(() => ID, { description: 'The account owner.' }) userId!: string;
  @Field(() => LedgerEventTypeEnum, { description: 'What the event records.' }) type!: LedgerEventTypeName;
  @Field(() => MoneyScalar, { description: "Signed change to the account's balance." }) amount!: string;
  @Field(() => ID, { nullable: true, description: 'Who caused it (administrator), when not the user or the system.' }) actorId!: string | null;
  @Field(() => String, { nullable: true, description: 'Why (adjustments).' }) reason!: string | null;
  @Field(() => GraphQLJSONObject, { description: 'The full event payload.' }) payload!: Record<string, unknown>;
  @Field({ description: 'When the event was appended (ISO 8601 date-time).' }) createdAt!: Date;
  @Field({ description: 'SHA-256 over the event and the previous hash.' }) hash!: string;
  @Field(() => String, { nullable: true, description: 'Hash of the previous event in the stream.' }) prevHash!: string | null;
}

@ObjectType('LedgerEventConnection', { description: 'A page of ledger events, newest first (by append sequence).' })
export class LedgerEventConnection extends Connection(LedgerEventType, 'LedgerEvent') {}

@InputType('LedgerEventFilter', { description: 'Filters for the ledger explorer.' })
export class LedgerEventFilterInput {
  @Field(() => ID, { description: 'Only events of this user; omit for every user.', nullable: true }) userId?: string | null;
  @Field(() => LedgerEventTypeEnum, { nullable: true, description: 'Event type.' }) type?: LedgerEventTypeName | null;
  @Field(() => Date, { nullable: true, description: 'From this instant (inclusive).' }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: 'Before this instant (exclusive).' }) to?: Date | null;
}

@ObjectType('LedgerVerification', { description: 'The hash chain check.' })
export class LedgerVerificationType {
  @Field({ description: "True when every event's hash matches its content and the previous hash." }) ok!: boolean;
  @Field(() => Int, { description: 'How many events were checked.' }) checkedEvents!: number;
  @Field(() => ID, { nullable: true, description: 'The first event that fails, if any.' }) firstInvalidEventId!: string | null;
  @Field(() => String, { description: 'Where and why the chain breaks; null when ok.', nullable: true }) reason!: string | null;
}

@ObjectType('ReplayDifference', { description: 'A live projection value that differs from the replay.' })
export class ReplayDifferenceType {
  @Field(() => ID, { description: 'The user whose projection differs.' }) userId!: string;
  @Field({ description: 'The projection field that differs (e.g. balance).' }) field!: string;
  @Field({ description: 'The live value.' }) live!: string;
  @Field({ description: 'The value the replay computed.' }) replayed!: string;
}

@ObjectType('LedgerReplay', { description: 'All events replayed into fresh projections and compared with the live ones.' })
export class LedgerReplayType {
  @Field({ description: 'True when the replayed projections equal the live ones.' }) ok!: boolean;
  @Field(() => Int, { description: 'How many events were replayed.' }) eventsReplayed!: number;
  @Field(() => [ReplayDifferenceType], { description: 'Every value that differs; empty when ok.' }) differences!: ReplayDifferenceType[];
}
