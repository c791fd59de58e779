/** What other features may read of `users` in their SQL (one owner per table: README "Tables"). */

/** `(id, username)` of every account: review's history names who made each edit. */
export const USER_NAMES_SQL = `(select id, username from users)`;
