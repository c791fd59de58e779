import { Field, ID, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import { Connection } from '../../platform/graphql/relay.js';

@ObjectType('Transaction', { description: 'One line of the credit history, newest first.' })
export class TransactionType {
  @Field(() => ID, { description: 'The id of the ledger event behind this line.' })
  id!: string;
  @Field({ description: 'When it happened.' })
  createdAt!: Date;
  @Field({ description: 'What it was, for people.' })
  description!: string;
  @Field(() => MoneyScalar, { description: 'Signed change: positive adds, negative removes.' })
  amount!: string;
  @Field(() => MoneyScalar, { description: 'The balance right after it.' })
  balanceAfterTransaction!: string;
  @Field({ description: 'credit, deduction, purchase or refund.' })
  transactionType!: string;
  @Field(() => String, {
    nullable: true,
    description: 'The processing run a charge or refund belongs to (null for other lines): one run, charged set by set, groups into one line.',
  })
  runId!: string | null;
}

@ObjectType('TransactionConnection', { description: 'A page of the credit history.' })
export class TransactionConnection extends Connection(TransactionType, 'Transaction') {}
