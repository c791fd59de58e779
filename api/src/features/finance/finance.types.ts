import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';

@ObjectType('AccountBalance', { description: "An account's balance as of an instant." })
export class AccountBalanceType {
  @Field({ description: "'user:<id>' or a system account: system:signup-bonus, system:purchases, system:adjustments, system:processing-revenue." })
  account!: string;
  @Field(() => MoneyScalar, { description: 'Sum of its postings up to the instant (users: credits owed to them, positive).' }) balance!: string;
  @Field(() => String, { nullable: true, description: "A user account's user name (null for system accounts and deleted users)." }) userName!: string | null;
  @Field(() => String, { nullable: true, description: "A user account's e-mail (null for system accounts and deleted users)." }) userEmail!: string | null;
}

@ObjectType('AccountKindTotal', { description: 'The balances of one kind of account added up.' })
export class AccountKindTotalType {
  @Field({ description: "'user' (every user account) or the system account's name." }) kind!: string;
  @Field(() => MoneyScalar, { description: 'Sum of the balances.' }) balance!: string;
  @Field(() => Int, { description: 'Accounts of this kind with postings up to the instant.' }) accounts!: number;
}

@ObjectType('TrialBalance', { description: 'Every account with its balance as of an instant; the total of all accounts is zero when the books balance.' })
export class TrialBalanceType {
  @Field({ description: 'The instant: postings at or before it count.' }) asOf!: Date;
  @Field(() => [AccountBalanceType], { description: 'One page of accounts, by name.' }) accounts!: AccountBalanceType[];
  @Field(() => MoneyScalar, { description: 'Sum over ALL accounts (not just this page): 0.00 when the books balance.' }) total!: string;
  @Field({ description: 'total is zero.' }) balanced!: boolean;
  @Field({ description: 'More accounts follow: pass nextCursor as after.' }) hasMore!: boolean;
  @Field(() => String, { nullable: true, description: 'The cursor of the next page.' }) nextCursor!: string | null;
  @Field(() => [AccountKindTotalType], { description: 'Totals per kind of account.' }) totals!: AccountKindTotalType[];
}

@ObjectType('UserBalanceAsOf', { description: "A user's balance as of an instant, from the ledger's postings." })
export class UserBalanceAsOfType {
  @Field(() => ID, { description: 'The user.' }) userId!: string;
  @Field({ description: 'The instant the balance is taken at (postings up to and including it).' }) asOf!: Date;
  @Field(() => MoneyScalar, { description: 'Credits the user held at that instant.' }) balance!: string;
}

@ObjectType('StatementMovement', { description: "One kind of movement of users' credits in a period." })
export class StatementMovementType {
  @Field({ description: 'purchases, signupBonuses, adjustmentsUp, adjustmentsDown, processingCharged or refunds.' }) kind!: string;
  @Field(() => MoneyScalar, { description: "Credits, signed as the users' balances moved (charges negative)." }) credits!: string;
  @Field(() => MoneyScalar, { description: 'US dollars paid (purchases, at their packages’ prices); 0.00 for other kinds.' }) dollars!: string;
}

@ObjectType('StatementPeriod', { description: 'Credits owed to users at the start and end of a period, and what moved them.' })
export class StatementPeriodType {
  @Field({ description: 'Start, inclusive.' }) from!: Date;
  @Field({ description: 'End, exclusive.' }) to!: Date;
  @Field(() => MoneyScalar, { description: 'Credits owed to users just before from.' }) opening!: string;
  @Field(() => MoneyScalar, { description: 'Credits owed to users just before to.' }) closing!: string;
  @Field(() => [StatementMovementType], { description: 'What moved the credits owed in the period, one entry per kind.' }) movements!: StatementMovementType[];
  @Field({ description: 'opening + movements = closing.' }) balanced!: boolean;
}

@ObjectType('StatementUser', { description: "One user's movements in a statement's period, named beside the id." })
export class StatementUserType {
  @Field(() => ID, { description: 'The user.' }) userId!: string;
  @Field(() => String, { nullable: true, description: "The user's name (null for a deleted user)." }) userName!: string | null;
  @Field(() => String, { nullable: true, description: "The user's e-mail (null for a deleted user)." }) userEmail!: string | null;
  @Field(() => MoneyScalar, { description: "The net change of the user's balance in the period." }) credits!: string;
  @Field(() => [StatementMovementType], { description: "What moved the user's credits, one entry per kind." }) movements!: StatementMovementType[];
}

@ObjectType('LedgerStatement', { description: 'A period statement, with one statement per calendar month (UTC) unless groupBy is none.' })
export class LedgerStatementType extends StatementPeriodType {
  @Field(() => [StatementUserType], { description: 'Each user whose credits moved in the whole period, the largest net movements first (at most 500).' })
  users!: StatementUserType[];
  @Field({ description: 'True when more users moved than are listed.' }) usersTruncated!: boolean;
  @Field(() => [StatementPeriodType], { description: 'The months of the period, oldest first (empty with groupBy none).' }) periods!: StatementPeriodType[];
}
