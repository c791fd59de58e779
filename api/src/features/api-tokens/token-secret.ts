import { createHash, randomBytes } from 'node:crypto';

/** Every API token starts with this, so it is recognisable in logs, scanners and headers. */
export const API_TOKEN_PREFIX = 'shl_';
const SHAPE = /^shl_[A-Za-z0-9_-]{43}$/;

/** 256 random bits: `shl_` + 43 base64url characters. */
export const newTokenSecret = (): string => API_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export const looksLikeApiToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);
export const isWellFormedApiToken = (token: string): boolean => SHAPE.test(token);

/**
 * SHA-256 of the secret. A fast hash is right here: the secret has 256 bits of entropy, so there
 * is nothing to brute-force, and lookups by hash mean no secret is ever compared byte by byte.
 */
export const hashTokenSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** What the UI shows to recognise a token: `shl_` + its first 8 characters. */
export const displayPrefix = (secret: string): string => secret.slice(0, API_TOKEN_PREFIX.length + 8);
