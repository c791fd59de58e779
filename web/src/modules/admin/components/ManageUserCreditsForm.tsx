import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdjustUserCreditsMutation, AdminUsersQuery } from '../graphql/admin.graphql';
import { serverMessage } from '../../../app/graphql-errors';
import { formatBalance } from '../../../ui/format';

const DEFAULT_REASON = 'Manual adjustment by admin';

/** Manage User Credits (SPEC §2, §5): pick a user, an amount with up to 2 decimals (negative removes), a reason. */
export function ManageUserCreditsForm({ onResult }: { onResult(r: { ok: boolean; message: string }): void }) {
  const users = useQuery(AdminUsersQuery, { variables: { first: 200 } });
  const [adjust, { loading }] = useMutation(AdjustUserCreditsMutation, { refetchQueries: ['AdminUsers', 'CreditBalance'] });
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (users.error) console.error('Failed to fetch users', users.error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!userId) return onResult({ ok: false, message: 'Please select a user' });
    const trimmed = amount.trim();
    if (!trimmed || !/^-?\d+(\.\d{1,2})?$/.test(trimmed) || Number(trimmed) === 0) return onResult({ ok: false, message: 'Please enter a valid credit amount' });
    try {
      const r = await adjust({ variables: { userId, amount: trimmed, reason: reason.trim() || DEFAULT_REASON, idempotencyKey: crypto.randomUUID() } });
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
      <label>
        User
        <select value={userId} onChange={(e) => setUserId(e.target.value)} aria-label="User">
          <option value="">Select a user...</option>
          {users.data?.adminUsers.edges.map(({ node: u }) => (
            <option key={u.id} value={u.id}>
              {u.username} ({u.email}) · {formatBalance(u.creditBalance)} credits
            </option>
          ))}
        </select>
      </label>
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
