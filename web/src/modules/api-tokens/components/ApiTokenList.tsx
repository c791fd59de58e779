import { useMutation, useQuery } from '@apollo/client/react';
import { ApiTokensQuery, RevokeApiTokenMutation } from '../graphql/api-tokens.graphql';
import { serverMessage } from '../../../client/graphql-errors';
import { formatDate, formatDateTime } from '../../../ui/format';
import { Pager, useCursorPages } from '../../../ui/use-cursor-pages';

const PAGE_SIZE = 20;

function statusOf(t: { active: boolean; revokedAt?: string | null }) {
  if (t.revokedAt) return { label: 'Revoked', tone: 'rejected' };
  if (!t.active) return { label: 'Expired', tone: 'failed' };
  return { label: 'Active', tone: 'approved' };
}

/** The user's tokens: name, scopes, prefix, dates, last use, and Revoke with a confirm. */
export function ApiTokenList({ onError, onRevoked }: { onError(message: string): void; onRevoked(name: string): void }) {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(ApiTokensQuery, { variables: { first: PAGE_SIZE, after: pages.after } });
  const [revoke] = useMutation(RevokeApiTokenMutation, { refetchQueries: ['ApiTokens'] });
  if (loading && !data) return <p className="muted">Loading tokens...</p>;
  if (error) return <p className="error-text">Failed to load API tokens</p>;
  const conn = data?.apiTokens;
  if (!conn || conn.totalCount === 0) return <p className="muted">No API tokens yet.</p>;

  const confirmRevoke = async (id: string, name: string) => {
    if (!confirm(`Revoke the API token “${name}”? Scripts using it stop working at once. This cannot be undone.`)) return;
    try {
      await revoke({ variables: { id } });
      onRevoked(name);
    } catch (err) {
      onError(serverMessage(err, 'Failed to revoke the API token'));
    }
  };

  return (
    <>
      <div className="table-scroll">
        <table className="table api-token-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Token</th>
              <th>Scopes</th>
              <th>Created</th>
              <th>Expires</th>
              <th>Last used</th>
              <th>Status</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {conn.edges.map(({ node: t }) => {
              const status = statusOf(t);
              return (
                <tr key={t.id} data-testid="api-token-row">
                  <td>{t.name}</td>
                  <td className="mono small">{t.prefix}…</td>
                  <td>{t.scopes.join(', ')}</td>
                  <td>{formatDate(t.createdAt)}</td>
                  <td>{t.expiresAt ? formatDate(t.expiresAt) : 'Never'}</td>
                  <td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'}</td>
                  <td>
                    <span className={`status-badge status-${status.tone}`}>{status.label}</span>
                  </td>
                  <td>
                    {!t.revokedAt && (
                      <button type="button" className="button button-small button-danger" onClick={() => confirmRevoke(t.id, t.name)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(conn.pageInfo.hasNextPage || pages.page > 1) && <Pager pages={pages} connection={conn} pageSize={PAGE_SIZE} />}
    </>
  );
}
