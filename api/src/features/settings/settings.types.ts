import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType('PaymentInstructions', { description: 'How to pay for credits, per method; an empty text means the method is not offered.' })
export class PaymentInstructionsType {
  @Field({ description: 'Bank transfer details (account holder, IBAN/account number, bank), several lines.' }) bank!: string;
  @Field({ description: 'The PayPal account or paypal.me link to pay to.' }) paypal!: string;
  @Field({ description: 'The Venmo handle to pay to.' }) venmo!: string;
  @Field({ description: 'Any other way, in free text.' }) other!: string;
}

@InputType('PaymentInstructionsInput', { description: 'Every method at once; empty or missing turns a method off.' })
export class PaymentInstructionsInput {
  @Field(() => String, { nullable: true, description: 'At most 1,000 characters.' }) bank?: string | null;
  @Field(() => String, { nullable: true, description: 'At most 200 characters, one line.' }) paypal?: string | null;
  @Field(() => String, { nullable: true, description: 'At most 200 characters, one line.' }) venmo?: string | null;
  @Field(() => String, { nullable: true, description: 'At most 1,000 characters.' }) other?: string | null;
}
