import { runCostCents } from '@shotlog/ledger';
import { decide, evolve, initialRunState, nextSetChargeCents, replay, RunRuleError, spreadRefund, type RunCommand, type RunState } from './run-lifecycle.js';

/** Given the state, when the command is decided and applied, then this is the state. */
const apply = (state: RunState, command: RunCommand) => decide(command, state).reduce(evolve, state);
const run = (commands: RunCommand[], from = initialRunState) => commands.reduce(apply, from);
const perSetRun = (cost: string) => run([{ type: 'StartRun', fileSetCount: 0, costPerFileset: cost, perSet: true }]);
const take = (n: number, from: RunState) =>
  run(
    Array.from({ length: n }, (_, i): RunCommand => ({ type: 'TakeSet', fileSetId: `s${i}` })),
    from,
  );

describe('a run charged set by set', () => {
  it.each([
    ['0.0266', 9, 24], // markup 33 %: 9 x 0.03 would be 0.27
    ['0.0266', 10, 27], // the review's case: 0.30 set by set
    ['0.0248', 3, 7], // markup 24 %: 3 x 0.02 would be 0.06
    ['0.03', 7, 21],
    ['0.005', 3, 2], // 0.015 rounds half up
  ])('at %s a set charges %i sets what the estimate states (%i cents)', (cost, count, cents) => {
    const state = take(count, perSetRun(cost));
    expect(state.chargedCents).toBe(cents);
    expect(state.chargedCents).toBe(runCostCents(count, cost));
    expect(state.takenSets).toBe(count);
  });

  it('charges each set the step of the cumulative rounding: the remainder is carried in the run', () => {
    let state = perSetRun('0.0266');
    const charges: number[] = [];
    for (let k = 1; k <= 6; k++) {
      const [event] = decide({ type: 'TakeSet', fileSetId: `s${k}` }, state);
      charges.push(event!.type === 'SetTaken' ? event!.chargeCents : -1);
      state = evolve(state, event!);
    }
    expect(charges).toEqual([3, 2, 3, 3, 2, 3]);
  });

  it('carries on correctly after a set the ledger refused was given back', () => {
    let state = take(2, perSetRun('0.0266')); // 3 + 2
    state = apply(state, { type: 'GiveBackSet', fileSetId: 's0', chargeCents: 3 });
    expect(nextSetChargeCents(state)).toBe(3); // round(2 x 2.66) - 2
    expect(take(1, state).chargedCents).toBe(runCostCents(2, '0.0266'));
  });

  it('takes no set once the intake ended, and cannot end while sets may still come', () => {
    let state = take(1, perSetRun('0.03'));
    state = apply(state, { type: 'SettleSet', fileSetId: 's0', outcome: 'completed' });
    expect(decide({ type: 'EndRun' }, state)).toEqual([]);
    state = apply(state, { type: 'EndIntake', reason: null });
    expect(decide({ type: 'TakeSet', fileSetId: 'late' }, state)).toEqual([]);
    expect(decide({ type: 'EndRun' }, state)).toEqual([{ type: 'RunEnded', succeeded: 1, failed: 0, refundCents: 0 }]);
  });

  it('refunds a failed set its own charge at once, and at the end what the rule still owes', () => {
    // 0.0266: charges 3, 2, 3 (total 8 = round(7.98)); the second set fails.
    let state = take(3, perSetRun('0.0266'));
    state = run(
      [
        { type: 'SettleSet', fileSetId: 's1', outcome: 'failed' },
        { type: 'RefundFailedSet', fileSetId: 's1', setChargeCents: 2 },
        { type: 'SettleSet', fileSetId: 's0', outcome: 'completed' },
        { type: 'SettleSet', fileSetId: 's2', outcome: 'completed' },
        { type: 'EndIntake', reason: null },
      ],
      state,
    );
    expect(state.refundedCents).toBe(2);
    // The rule: 8 - round(2 x 2.66) = 3; 2 were refunded at once, 1 is still owed.
    expect(decide({ type: 'EndRun' }, state)).toEqual([{ type: 'RunEnded', succeeded: 2, failed: 1, refundCents: 1 }]);
    expect(apply(state, { type: 'EndRun' }).refundedCents).toBe(8 - runCostCents(2, '0.0266'));
  });

  it('never takes back a refund: a failed set charged the rounded-up cent keeps it refunded', () => {
    // 0.0248: charges 2, 3, 2 (total 7); the 3-cent set fails: the rule owes 7 - 5 = 2, 3 went back at once.
    const state = run(
      [
        { type: 'SettleSet', fileSetId: 's1', outcome: 'failed' },
        { type: 'RefundFailedSet', fileSetId: 's1', setChargeCents: 3 },
        { type: 'SettleSet', fileSetId: 's0', outcome: 'completed' },
        { type: 'SettleSet', fileSetId: 's2', outcome: 'completed' },
        { type: 'EndIntake', reason: null },
      ],
      take(3, perSetRun('0.0248')),
    );
    expect(decide({ type: 'EndRun' }, state)).toEqual([{ type: 'RunEnded', succeeded: 2, failed: 1, refundCents: 0 }]);
  });

  it('spreads the closing refund over the succeeded sets, each at most its own charge', () => {
    expect(
      spreadRefund(4, [
        { fileSetId: 'a', chargeCents: 3 },
        { fileSetId: 'b', chargeCents: 2 },
      ]),
    ).toEqual([
      { fileSetId: 'a', cents: 3 },
      { fileSetId: 'b', cents: 1 },
    ]);
    expect(spreadRefund(0, [{ fileSetId: 'a', chargeCents: 3 }])).toEqual([]);
  });
});

describe('a run charged once', () => {
  const started = run([{ type: 'StartRun', fileSetCount: 10, costPerFileset: '0.0266', perSet: false }]);

  it('charges round(count x cost) when it starts', () => {
    expect(started).toMatchObject({ status: 'running', chargedCents: 27, takenSets: 10, open: 10, acceptingSets: false });
    expect(() => decide({ type: 'StartRun', fileSetCount: 1, costPerFileset: '0.03', perSet: false }, started)).toThrow(RunRuleError);
  });

  it('ends once, when its last set settles, refunding charge - round(succeeded x cost)', () => {
    const settle = (i: number, outcome: 'completed' | 'failed'): RunCommand => ({ type: 'SettleSet', fileSetId: `s${i}`, outcome });
    const almost = run([...Array.from({ length: 7 }, (_, i) => settle(i, 'completed')), settle(7, 'failed'), settle(8, 'failed')], started);
    expect(decide({ type: 'EndRun' }, almost)).toEqual([]);
    expect(decide({ type: 'RefundFailedSet', fileSetId: 's7', setChargeCents: 3 }, almost)).toEqual([]);
    const settled = apply(almost, settle(9, 'failed'));
    const [ended] = decide({ type: 'EndRun' }, settled);
    expect(ended).toEqual({ type: 'RunEnded', succeeded: 7, failed: 3, refundCents: 27 - 19 });
    const done = evolve(settled, ended!);
    expect(done.status).toBe('completed');
    expect(decide({ type: 'EndRun' }, done)).toEqual([]);
    expect(() => decide(settle(0, 'completed'), done)).toThrow(RunRuleError);
  });

  it('replays its events to the same state', () => {
    const events = decide({ type: 'StartRun', fileSetCount: 2, costPerFileset: '0.03', perSet: false }, initialRunState);
    expect(replay(events)).toEqual(run([{ type: 'StartRun', fileSetCount: 2, costPerFileset: '0.03', perSet: false }]));
  });
});
