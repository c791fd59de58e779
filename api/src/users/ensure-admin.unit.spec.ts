import type { Logger } from '../logging/logger.js';
import type { User } from './user.entity.js';
import { ensureAdminStep, type EnsureAdminDeps } from './ensure-admin.js';

/** The start step that makes the configured administrator: what it calls, in which order, and its log line. */
function fakes(admin: EnsureAdminDeps['config']['admin'], promoted: boolean) {
  const calls: string[] = [];
  const user = { id: 'u1', username: 'boss' } as User;
  const deps: EnsureAdminDeps = {
    config: { admin },
    logger: { info: (fields: object, msg: string) => calls.push(`log ${JSON.stringify(fields)} ${msg}`) } as unknown as Logger,
    users: {
      ensureAdmin: async (a) => {
        calls.push(`ensureAdmin ${a.username}`);
        return { user, promoted };
      },
    },
    apiTokens: {
      revokeAllOf: async (id) => {
        calls.push(`revokeAllOf ${id}`);
        return 0;
      },
    },
    credits: { onboard: async (id) => void calls.push(`onboard ${id}`) },
  };
  return { deps, calls };
}

describe('ensureAdminStep', () => {
  const admin = { username: 'boss', password: 'long enough secret', email: 'boss@example.com' };

  it('names exactly what it uses', () => {
    expect(Object.keys(ensureAdminStep.needs).sort()).toEqual(['apiTokens', 'config', 'credits', 'logger', 'users']);
  });

  it('does nothing without a configured administrator', async () => {
    const { deps, calls } = fakes(undefined, false);
    await ensureAdminStep.run(deps);
    expect(calls).toEqual([]);
  });

  it('onboards the administrator and logs it; an existing one keeps its tokens', async () => {
    const { deps, calls } = fakes(admin, false);
    await ensureAdminStep.run(deps);
    expect(calls).toEqual(['ensureAdmin boss', 'onboard u1', 'log {"username":"boss","promoted":false} administrator ensured']);
  });

  it("revokes a promoted account's API tokens before onboarding it", async () => {
    const { deps, calls } = fakes(admin, true);
    await ensureAdminStep.run(deps);
    expect(calls).toEqual(['ensureAdmin boss', 'revokeAllOf u1', 'onboard u1', 'log {"username":"boss","promoted":true} administrator ensured']);
  });
});
