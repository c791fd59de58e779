/**
 * How every API process hears that a credential stopped being valid: the PostgreSQL channel a
 * revocation is announced on (the users feature on a password change, the api-tokens feature on a
 * token's revocation), whose payload is the token id, or a `sessionKey`. The api-tokens feature's
 * RevocationListener closes the websockets opened with it.
 */
export const REVOCATION_CHANNEL = 'api_token_revoked';

/**
 * The key login-token websockets are tracked under: a password change ends every session of the
 * version before it (auth/jwt.ts `ver`), open websockets included.
 */
export const sessionKey = (userId: string, sessionVersion: number) => `session:${userId}:${sessionVersion}`;
