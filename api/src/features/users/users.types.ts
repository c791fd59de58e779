import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';

export enum ThemeEnum {
  web3 = 'web3',
  minimalist = 'minimalist',
}
registerEnumType(ThemeEnum, {
  name: 'Theme',
  description: 'Colour theme of the web app.',
  valuesConfig: {
    web3: { description: 'Web 3.0: glassmorphism with neon accents (the default).' },
    minimalist: { description: 'Clean neutral colours.' },
  },
});

@ObjectType('User', { description: 'A Shotlog account.' })
export class UserType {
  @Field(() => ID, { description: 'Stable account id (UUID).' })
  id!: string;
  @Field({ description: 'Unique user name, as typed at sign-up.' })
  username!: string;
  @Field({ description: 'E-mail address (lower case).' })
  email!: string;
  @Field(() => String, { nullable: true, description: 'Optional first name.' })
  firstName!: string | null;
  @Field(() => String, { nullable: true, description: 'Optional last name.' })
  lastName!: string | null;
  @Field(() => Int, { description: 'Role: 1 user, 2 administrator.' })
  roleId!: number;
  @Field({ description: 'True for administrators (roleId 2).' })
  isAdmin!: boolean;
  @Field({ description: 'When the account was created.' })
  createdAt!: Date;
  @Field(() => ThemeEnum, { description: 'The preferred colour theme, stored on the server.' })
  theme!: ThemeEnum;
  @Field(() => MoneyScalar, { description: 'Current credit balance.' })
  creditBalance!: string;
}
