import pg from 'pg';
import { openDatabase } from '../database.js';
import { createTestDatabase } from '../../../../test/support/test-database.js';
import { User } from '../../../features/users/user.entity.js';

/**
 * The username-skeleton migration on a database that already holds look-alike accounts: each keeps
 * its name, the earliest holds the skeleton, and the unique constraint is in place.
 */
it('gives existing accounts their skeleton, the earliest of look-alikes only', async () => {
  const db = await createTestDatabase('shotlog_skel');
  try {
    const { orm, pool } = await openDatabase(db.url, { entities: [User] });
    await pool.end();
    // Back to the state before the column came, with three accounts, two of them look-alikes.
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query(`alter table users drop column username_skeleton`);
      await c.query(`delete from mikro_orm_migrations where name like '%username_skeletons'`);
      for (const [i, name] of ['admin', 'admіn', 'Bob'].entries())
        await c.query(
          `insert into users (id, username, username_key, email, password_hash, created_at) values (gen_random_uuid(), $1::text, lower($1::text), $2, 'x', now() + $3 * interval '1 second')`,
          [name, `u${i}@example.com`, i],
        );
      await orm.migrator.up();
      const { rows } = await c.query(`select username, username_skeleton from users order by created_at`);
      expect(rows).toEqual([
        { username: 'admin', username_skeleton: 'admin' },
        { username: 'admіn', username_skeleton: null },
        { username: 'Bob', username_skeleton: 'bob' },
      ]);
      await expect(c.query(`update users set username_skeleton = 'admin' where username = 'Bob'`)).rejects.toThrow(/users_username_skeleton_unique/);
    } finally {
      await c.end();
      await orm.close();
    }
  } finally {
    await db.drop();
  }
});
