import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import { Connection } from '../../platform/graphql/relay.js';

@ObjectType('CreditPackage', { description: 'A package of credits that can be requested for purchase.' })
export class CreditPackageType {
  @Field(() => ID, { description: 'Package id, for createPurchaseRequest.' }) id!: string;
  @Field({ description: 'Package name.' }) name!: string;
  @Field(() => Int, { description: 'Credits granted on approval.' }) credits!: number;
  @Field(() => MoneyScalar, { description: 'Price in US dollars.' }) price!: string;
  @Field({ description: 'What it is for.' }) description!: string;
  @Field(() => MoneyScalar, { description: 'Dollars per credit, 4 decimals.' }) pricePerCredit!: string;
  @Field(() => Int, { description: 'Percent saved against the 0.10 $/credit reference price, rounded.' }) savingsPercent!: number;
  @Field({ description: 'True for the best-value package (the second).' }) bestValue!: boolean;
}

@ObjectType('PurchaseRequestPackage', { description: 'The package a purchase request is for.' })
export class PurchaseRequestPackage {
  @Field(() => ID, { description: 'Package id.' }) id!: string;
  @Field({ description: 'Package name as shown to users.' }) name!: string;
  @Field(() => Int, { description: 'Credits the package adds once approved.' }) credits!: number;
  @Field(() => MoneyScalar, { description: 'Price of the package (decimal string, in the shop currency).' }) price!: string;
}

@ObjectType('PurchaseRequestUser', { description: 'Who asked (administrators see this).' })
export class PurchaseRequestUser {
  @Field(() => ID, { description: 'User id.' }) id!: string;
  @Field({ description: 'Username.' }) username!: string;
  @Field({ description: 'E-mail address.' }) email!: string;
}

@ObjectType('PurchaseRequest', { description: 'A manual credit purchase awaiting or past an administrator decision.' })
export class PurchaseRequestType {
  @Field(() => ID, { description: 'Purchase request id.' }) id!: string;
  @Field({ description: 'The short reference (e.g. SL-7K3Q9) to write on the payment; shown instead of the id.' }) reference!: string;
  @Field({ description: 'pending, approved or rejected.' }) status!: string;
  @Field({ description: 'When it was requested (ISO 8601 date-time).' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When an administrator decided.' }) decidedAt!: Date | null;
  @Field(() => String, { nullable: true, description: "The administrator's notes; shown as Reason when rejected." }) adminNotes!: string | null;
  @Field(() => String, { nullable: true, description: 'Payment proof text, if any.' }) paymentProof!: string | null;
  @Field(() => PurchaseRequestPackage, { description: 'The package requested.' }) creditPackage!: PurchaseRequestPackage;
  @Field(() => PurchaseRequestUser, { description: 'Who requested it.' }) user!: PurchaseRequestUser;
}

@ObjectType('PurchaseRequestConnection', { description: 'A page of purchase requests, newest first.' })
export class PurchaseRequestConnection extends Connection(PurchaseRequestType, 'PurchaseRequest') {}

@ObjectType('PurchaseDecision', { description: 'The outcome of approving or rejecting a purchase request.' })
export class PurchaseDecision {
  @Field(() => PurchaseRequestType, { description: 'The request after the decision.' }) request!: PurchaseRequestType;
  @Field({ description: 'A sentence for the administrator.' }) message!: string;
  @Field(() => MoneyScalar, { nullable: true, description: "The user's new balance after an approval." }) newBalance!: string | null;
}
