import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../platform/graphql/relay.js';

/** GraphQL names equal the stored and REST values, so scripts use one spelling everywhere. */
export enum ApiTokenScope {
  read = 'read',
  write = 'write',
  process = 'process',
  admin = 'admin',
}
registerEnumType(ApiTokenScope, {
  name: 'ApiTokenScope',
  description: 'What a personal API token may do. A request outside its scopes is refused with FORBIDDEN (HTTP 403) naming the missing scope.',
  valuesConfig: {
    read: { description: 'Queries and subscriptions (GraphQL); GET and HEAD requests (REST).' },
    write: { description: 'Mutations (GraphQL); POST, PUT, PATCH and DELETE requests (REST), except processing and administration.' },
    process: { description: 'Starting paid processing: the processing mutations and POST /api/projects/{id}/process.' },
    admin: { description: 'Administrator operations (GraphQL admin fields, REST /api/admin/*). Only administrators can create a token with it.' },
  },
});

@ObjectType('ApiToken', { description: 'A personal API token. Its secret is shown only once, when it is created; Shotlog keeps only a hash.' })
export class ApiTokenType {
  @Field(() => ID, { description: 'Token id (UUID); use it to revoke the token.' })
  id!: string;
  @Field({ description: 'The name given at creation, e.g. "nightly ingest".' })
  name!: string;
  @Field(() => [ApiTokenScope], { description: 'What the token may do.' })
  scopes!: ApiTokenScope[];
  @Field({ description: 'The first characters of the secret (`shl_` + 8), to recognise it; not usable to authenticate.' })
  prefix!: string;
  @Field({ description: 'When the token was created.' })
  createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When the token stops working; null for a token that does not expire.' })
  expiresAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the token was last used, to the minute; null if never.' })
  lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the token was revoked; null while it is not.' })
  revokedAt!: Date | null;
  @Field({ description: 'True while the token works: neither revoked nor expired.' })
  active!: boolean;
}

@ObjectType('ApiTokenConnection', { description: 'A page of your API tokens, newest first, revoked and expired ones included.' })
export class ApiTokenConnection extends Connection(ApiTokenType, 'ApiToken') {}

@ObjectType('CreatedApiToken', { description: 'A new API token and its secret.' })
export class CreatedApiToken {
  @Field(() => ApiTokenType, { description: 'The token as it will be listed.' })
  token!: ApiTokenType;
  @Field({
    description:
      'The secret, shown this once: send it as `Authorization: Bearer <secret>` on GraphQL, graphql-ws (connectionParams.authorization) and REST. Store it safely; it cannot be shown again.',
  })
  secret!: string;
}

@InputType('CreateApiTokenInput', { description: 'A new personal API token.' })
export class CreateApiTokenInput {
  @Field({ description: 'A name to recognise it by, 1 to 100 characters.' })
  name!: string;
  @Field(() => [ApiTokenScope], {
    description:
      'At least one scope. `admin` is for administrators only. Tokens are created and revoked with a login token only (an API token gets FORBIDDEN).',
  })
  scopes!: ApiTokenScope[];
  @Field(() => Date, { nullable: true, description: 'When the token stops working (must be in the future); omit for a token that does not expire.' })
  expiresAt?: Date | null;
}
