import { expect, it } from '@jest/globals';
import { groupRuns, type HistoryLine } from './group-runs';

const line = (id: string, amount: string, balance: string, runId: string | null, description = id): HistoryLine => ({
  id,
  createdAt: id,
  description,
  amount,
  balanceAfterTransaction: balance,
  transactionType: Number(amount) < 0 ? 'deduction' : 'credit',
  runId,
});

it('one run charged set by set is one line with the sum and the newest balance; other lines stay', () => {
  const groups = groupRuns([
    line('r3', '1.50', '97.00', 'run-a', 'refund'),
    line('c2', '-1.50', '95.50', 'run-a'),
    line('c1', '-1.50', '97.00', 'run-a'),
    line('b', '100.00', '98.50', null),
    line('c0', '-3.00', '-1.50', 'run-b'),
  ]);
  expect(groups.map((g) => [g.id, g.amount, g.balanceAfterTransaction, g.parts.length])).toEqual([
    ['r3', '-1.50', '97.00', 3],
    ['b', '100.00', '98.50', 0],
    ['c0', '-3.00', '-1.50', 0],
  ]);
  expect(groups[0]!.description).toBe('Processing run: 3 entries (2 charges, 1 refund)');
  expect(groups[0]!.parts.map((p) => p.id)).toEqual(['r3', 'c2', 'c1']);
});
