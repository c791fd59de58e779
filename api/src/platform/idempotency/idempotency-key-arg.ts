import { Arg } from 'type-graphql';

/**
 * The `idempotencyKey` argument of a mutation that creates or spends, with the one description
 * integrators read in the explorer: what a repeat returns, and when a reused key is a CONFLICT.
 */
export function IdempotencyKeyArg(repeatReturns: string, conflictWhen: string) {
  return Arg('idempotencyKey', () => String, {
    nullable: true,
    description: `Any unique string (1 to 200 visible ASCII characters, e.g. a UUID) for safe retries: ${repeatReturns}, for 24 hours. ${conflictWhen}`,
  });
}
