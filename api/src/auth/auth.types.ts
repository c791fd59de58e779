import { Field, InputType, ObjectType } from 'type-graphql';
import { UserType } from '../users/user.type.js';

@InputType({ description: 'Sign-up fields (SPEC: username min 3, password min 6).' })
export class RegisterInput {
  @Field({ description: 'At least 3 characters: letters, digits, dots, dashes, underscores.' })
  username!: string;
  @Field({ description: 'A valid e-mail address; unique.' })
  email!: string;
  @Field({ description: 'At least 6 characters.' })
  password!: string;
  @Field(() => String, { nullable: true, description: 'Optional first name.' })
  firstName?: string | null;
  @Field(() => String, { nullable: true, description: 'Optional last name.' })
  lastName?: string | null;
}

@InputType({ description: 'Login with username (or e-mail) and password.' })
export class LoginInput {
  @Field({ description: 'Username or e-mail address.' })
  username!: string;
  @Field({ description: 'Password.' })
  password!: string;
}

@ObjectType({ description: 'A bearer token and the account it belongs to.' })
export class AuthPayload {
  @Field({ description: 'Send as `Authorization: Bearer <token>`.' })
  token!: string;
  @Field(() => UserType, { description: 'The signed-in account.' })
  user!: UserType;
}
