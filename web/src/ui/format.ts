/** Display helpers shared by every screen (SPEC §9 number formats). */

const MB = 1048576;

/**
 * File sizes in MB: bytes divided by 1048576, 2 decimals. A file too small to show at 2 decimals
 * (a short clip's .SRT) reads "<0.01 MB", not "0.00 MB", which would look empty.
 */
export const formatMB = (bytes: number) => (bytes > 0 && bytes < 0.005 * MB ? '<0.01 MB' : `${(bytes / MB).toFixed(2)} MB`);

/** Balances: 0 to 2 decimals ("100", "99.97"). */
export const formatBalance = (value: string | number) => Number(value).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Amounts: always 2 decimals, with a sign when asked. */
export function formatAmount(value: string | number, signed = false): string {
  const n = Number(value);
  const s = Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (!signed) return n < 0 ? `-${s}` : s;
  return `${n < 0 ? '-' : '+'}${s}`;
}

/** Short month, day, year: "Nov 23, 2026". */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatDollars = (value: string | number) => `$${Number(value).toFixed(2)}`;

/** Balance colour (SPEC §2, §9): green at 50 or more, gold at 10 or more, red below 10. */
export function balanceTone(balance: number): 'good' | 'warn' | 'low' {
  if (balance >= 50) return 'good';
  if (balance >= 10) return 'warn';
  return 'low';
}

/**
 * A price the server charges by, digit for digit (the cost per file set has up to 4 decimals:
 * "0.0266" at a 33% markup), with at least 2 decimals. Read from the decimal text, never a float.
 */
export function formatExactCredits(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return formatAmount(value);
  const whole = Number(m[2]).toLocaleString('en-US');
  return `${m[1]}${whole}.${(m[3] ?? '').padEnd(2, '0')}`;
}

/** "1 event", "2 events": a count with its noun, plural unless exactly one. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

/** SPEC §9's reference price per credit (the one the 'Save N%' badges compare against), in dollars. */
export const REFERENCE_PRICE_PER_CREDIT = 0.1;

/** "≈ $0.70": what an amount of credits costs at the reference price, beside credit costs. */
export const creditsInDollars = (credits: string | number) => {
  const dollars = Number(credits) * REFERENCE_PRICE_PER_CREDIT;
  return dollars > 0 && dollars < 0.005 ? '≈ <$0.01' : `≈ ${formatDollars(dollars)}`;
};
