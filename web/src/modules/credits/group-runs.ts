/** A history line as the page gets it (amounts as decimal text). */
export interface HistoryLine {
  id: string;
  createdAt: string;
  description: string;
  amount: string;
  balanceAfterTransaction: string;
  transactionType: string;
  runId?: string | null;
}

/** One line of the page: a single entry, or the entries of one processing run (newest first). */
export interface HistoryGroup extends HistoryLine {
  /** The run's entries when there are several (shown when the line is expanded); empty otherwise. */
  parts: HistoryLine[];
}

const cents = (s: string) => Math.round(Number(s) * 100);
const text = (c: number) => (c / 100).toFixed(2);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Groups neighbouring lines of one processing run (a run charged set by set posts one charge per
 * set, and refunds per failed set) into one line: the sum, the balance after the newest, the date
 * of the newest; the sets stay one click away. Lines of no run stay as they are.
 */
export function groupRuns(lines: readonly HistoryLine[]): HistoryGroup[] {
  const out: HistoryGroup[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (line.runId && last?.runId === line.runId) {
      if (last.parts.length === 0) last.parts.push({ ...last });
      last.parts.push(line);
      const sum = last.parts.reduce((t, p) => t + cents(p.amount), 0);
      last.amount = text(sum);
      last.transactionType = sum < 0 ? 'deduction' : 'refund';
      const charges = last.parts.filter((p) => cents(p.amount) < 0).length;
      const refunds = last.parts.filter((p) => cents(p.amount) > 0).length;
      last.description = `Processing run: ${last.parts.length} entries (${plural(charges, 'charge')}, ${plural(refunds, 'refund')})`;
      continue;
    }
    out.push({ ...line, parts: [] });
  }
  return out;
}
