import { CombinedGraphQLErrors } from '@apollo/client/errors';
import type { SaveRefusal } from './hooks/use-result-drafts';

/** "A keyword is ..." reads "a keyword is ..." after "DJI_0302: "; names like "DJI" keep their case. */
const lowerFirst = (s: string) => (/^[A-Z](?![A-Z0-9_])/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/**
 * Why the server refused a set's save, for the banner and the marked field: its message and
 * `extensions.field` (FileSetResultInput's name of the field). A failure without an answer is the
 * network's, and the edits stay to be saved again.
 */
export function saveRefusalOf(err: unknown): SaveRefusal {
  if (CombinedGraphQLErrors.is(err)) {
    const first = err.errors[0];
    const field = first?.extensions?.field;
    if (first?.extensions?.code === 'CONFLICT') return { field: null, reason: first.message, conflict: true };
    return { field: typeof field === 'string' ? field : null, reason: lowerFirst(first?.message || 'the server refused the changes') };
  }
  return { field: null, reason: 'the server could not be reached (your edits are kept: save again)' };
}
