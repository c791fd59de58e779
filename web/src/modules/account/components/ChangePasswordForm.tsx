import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { ChangePasswordMutation } from '../graphql/password.graphql';
import { setToken } from '../../../client/token-store';
import { NewPasswordFields, newPasswordProblem } from './NewPasswordFields';
import { isNetworkError, serverMessage } from '../../../client/graphql-errors';

/**
 * Change Password: current password, the new one twice (min 6, as at sign-up). The server ends
 * every other session and answers a new token, which this session switches to.
 */
export function ChangePasswordForm({ onResult }: { onResult(flash: { ok: boolean; message: string }): void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useMutation(ChangePasswordMutation);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const input = {
      currentPassword: String(data.get('currentPassword')),
      newPassword: String(data.get('newPassword')),
      confirmPassword: String(data.get('confirmPassword')),
    };
    const problem = newPasswordProblem(input.newPassword, input.confirmPassword);
    setError(problem);
    if (problem) return;
    try {
      const { data: answer } = await change({ variables: { input } });
      if (!answer) throw new Error('no data');
      // Same user, so the cached data stays right: only the token changes (no store reset, which
      // would unmount this page while it reloads).
      setToken(answer.changePassword.token);
      form.reset();
      setOpen(false);
      onResult({ ok: true, message: 'Password changed. Your other sessions have been signed out.' });
    } catch (err) {
      setError(isNetworkError(err) ? 'Failed to change password. Please check your connection.' : serverMessage(err, 'Failed to change password'));
    }
  };

  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Change Password
      </button>
    );
  return (
    <form className="form change-password" onSubmit={submit} aria-label="Change password">
      <label>
        Current password
        <input name="currentPassword" type="password" autoComplete="current-password" required />
      </label>
      <NewPasswordFields />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="muted">Your other signed-in sessions (other browsers and devices) will be signed out. API tokens keep working.</p>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Saving...' : 'Save new password'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
