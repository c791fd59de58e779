import { Field, InputType, ObjectType } from 'type-graphql';
import { UserType } from '../users/users.types.js';

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

@InputType({ description: 'A password change: the current password, and the new one twice (at least 6 characters).' })
export class ChangePasswordInput {
  @Field({ description: 'The password in use now.' })
  currentPassword!: string;
  @Field({ description: 'At least 6 characters.' })
  newPassword!: string;
  @Field({ description: 'The new password again.' })
  confirmPassword!: string;
}

@InputType({ description: 'A new password set through a one-time reset link.' })
export class ResetPasswordInput {
  @Field({ description: 'The secret from the link (after `#token=`).' })
  token!: string;
  @Field({ description: 'At least 6 characters.' })
  newPassword!: string;
  @Field({ description: 'The new password again.' })
  confirmPassword!: string;
}

@ObjectType({ description: 'A one-time password-reset link for the administrator to hand over; it works once, until it expires.' })
export class PasswordResetLinkType {
  @Field({ description: 'The link: absolute with PUBLIC_URL, else a path on this server. Shown once: only its hash is stored.' })
  url!: string;
  @Field({ description: 'When the link stops working (24 hours after it was issued).' })
  expiresAt!: Date;
  @Field(() => UserType, { description: 'The account whose password the link resets.' })
  user!: UserType;
}
