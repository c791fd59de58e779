import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { AdjustUserCreditsMutation } from '../graphql/admin.graphql';
import { UserPicker, type PickedUser } from './UserPicker';
import { serverMessage } from '../../../client/graphql-errors';
import { formatBalance } from '../../../ui/format';

const DEFAULT_REASON = 'Manual adjustment by admin';

/**
 * Manage User Credits (SPEC §2, §5): pick a user, an amount with up to 2 decimals (negative removes), a reason.
 * The user is found through the server-side search, so every account is reachable, not just the first page.
 */
export function ManageUserCreditsForm({ onResult }: { onResult(r: { ok: boolean; message: string }): void }) {
  const [adjust, { loading }] = useMutation(AdjustUserCreditsMutation, { refetchQueries: ['AdminUsers', 'CreditBalance'] });
  const [user, setUser] = useState<PickedUser | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return onResult({ ok: false, message: 'Please select a user' });
    const trimmed = amount.trim();
    // Numeric with more than 2 decimals (25.555): say what is wrong rather than only "not valid".
    const decimals = /^-?\d+\.(\d{3,})$/.exec(trimmed)?.[1];
    if (decimals) return onResult({ ok: false, message: `Please enter a valid credit amount: at most 2 decimals (${trimmed} has ${decimals.length})` });
    if (!trimmed || !/^-?\d+(\.\d{1,2})?$/.test(trimmed) || Number(trimmed) === 0)
      return onResult({ ok: false, message: 'Please enter a valid credit amount' });
    try {
      const r = await adjust({ variables: { userId: user.id, amount: trimmed, reason: reason.trim() || DEFAULT_REASON, idempotencyKey: crypto.randomUUID() } });
      onResult({ ok: true, message: r.data?.adjustUserCredits.message ?? 'Credits adjusted' });
      setAmount('');
      setReason('');
    } catch (err) {
      onResult({ ok: false, message: serverMessage(err, 'Failed to adjust credits') });
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>Manage User Credits</h3>
      <UserPicker
        label="User"
        placeholder="Type a name or e-mail"
        value={user}
        onChange={setUser}
        detail={(u) => `${formatBalance(u.creditBalance)} credits`}
      />
      <label>
        Amount
        <input type="number" step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="e.g. 25 or -10.50" aria-label="Amount" />
      </label>
      <label>
        <span>
          Reason <span className="muted small">(optional)</span>
        </span>
        <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={DEFAULT_REASON} aria-label="Reason" />
      </label>
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? 'Applying...' : 'Adjust Credits'}
      </button>
    </form>
  );
}
