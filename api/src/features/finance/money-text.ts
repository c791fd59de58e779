import { Decimal } from 'decimal.js';

/** Cents (integer or its decimal text, any size) as "12.50": decimal arithmetic, never a float. */
export const money = (cents: number | string | bigint): string => new Decimal(String(cents)).div(100).toFixed(2);
