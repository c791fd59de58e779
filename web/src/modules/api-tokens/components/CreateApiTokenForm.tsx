import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { CreateApiTokenMutation } from '../graphql/api-tokens.graphql';
import { serverMessage } from '../../../client/graphql-errors';
import type { ApiTokenScope } from '../../../gql/graphql';

const SCOPES: Array<{ value: ApiTokenScope; label: string; hint: string; adminOnly?: boolean }> = [
  { value: 'read', label: 'read', hint: 'queries, subscriptions, GET requests' },
  { value: 'write', label: 'write', hint: 'create, edit, upload, delete' },
  { value: 'process', label: 'process', hint: 'start paid processing' },
  { value: 'admin', label: 'admin', hint: 'administrator operations', adminOnly: true },
];

/** Create form: name, scope checkboxes, optional expiry date (end of that day, local time). */
export function CreateApiTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated(secret: string, name: string): void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateApiTokenMutation, { refetchQueries: ['ApiTokens'] });

  const toggle = (scope: ApiTokenScope) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Please give the token a name');
    if (!scopes.length) return setError('Choose at least one scope');
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
    try {
      const r = await create({ variables: { input: { name: name.trim(), scopes, expiresAt } } });
      const created = r.data?.createApiToken;
      if (created) {
        onCreated(created.secret, created.token.name);
        setName('');
        setExpires('');
        setScopes(['read']);
      }
    } catch (err) {
      setError(serverMessage(err, 'Failed to create the API token'));
    }
  };

  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  return (
    <form className="form api-token-form" onSubmit={submit} noValidate aria-label="Create API token">
      <div className="form-row">
        <label>
          Token name
          <input value={name} maxLength={100} placeholder="e.g. nightly ingest" onChange={(e) => setName(e.target.value)} aria-label="Token name" />
        </label>
        <label>
          Expires (optional)
          <input type="date" min={tomorrow} value={expires} onChange={(e) => setExpires(e.target.value)} aria-label="Expiry date" />
        </label>
      </div>
      <fieldset className="scope-choices">
        <legend>Scopes</legend>
        {SCOPES.filter((s) => !s.adminOnly || isAdmin).map((s) => (
          <label key={s.value} className="inline scope-choice">
            <input type="checkbox" checked={scopes.includes(s.value)} onChange={() => toggle(s.value)} aria-label={`Scope ${s.label}`} />
            <span>
              <strong>{s.label}</strong> <span className="muted small">{s.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error && <p className="error-text">{error}</p>}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Creating...' : 'Create Token'}
        </button>
      </div>
    </form>
  );
}
