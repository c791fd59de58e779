import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import type { DeliveryFieldsFragment, DeliveryConnectionFieldsFragment } from '../../../gql/graphql';
import {
  CreateDeliveryConnectionMutation,
  DeleteDeliveryConnectionMutation,
  DeliverProjectMutation,
  DeliveryProgressSubscription,
  DeliverySetupQuery,
  ResumeDeliveryConnectionMutation,
  TestDeliveryConnectionMutation,
  UpdateDeliveryConnectionMutation,
} from '../graphql/delivery.graphql';
import { downloadExport } from '../../exports/download-export';
import { exportChoice } from '../../exports/export-formats';

const AGENCY_CSV: Record<string, string> = { adobe: 'adobe', shutterstock: 'shutterstock', pond5: 'pond5' };

const rate = (bps: number) => (bps >= 1e6 ? `${(bps / 1e6).toFixed(1)} MB/s` : bps >= 1e3 ? `${Math.round(bps / 1e3)} KB/s` : `${Math.round(bps)} B/s`);
const percent = (sent: number, size: number) => (size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 100);

/** The Delivery panel of the project page: agency connections, their test, deliver, live status per file. */
export default function DeliveryPanel({ projectId, processing }: { projectId: string; processing: boolean }) {
  const client = useApolloClient();
  const { data, refetch } = useQuery(DeliverySetupQuery, { variables: { projectId } });
  // Fragments are not masked (codegen.ts): the query's rows are the fragments' types.
  const connections: DeliveryConnectionFieldsFragment[] = data?.deliveryConnections ?? [];
  const history: DeliveryFieldsFragment[] = data?.projectDeliveries ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tests, setTests] = useState<Record<string, { ok: boolean; message: string }>>({});
  const [override, setOverride] = useState(false);
  const [confirmFailedTest, setConfirmFailedTest] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [live, setLive] = useState<DeliveryFieldsFragment | null>(null);
  const [testConnection] = useMutation(TestDeliveryConnectionMutation);
  const [deleteConnection] = useMutation(DeleteDeliveryConnectionMutation);
  const [resumeConnection] = useMutation(ResumeDeliveryConnectionMutation);
  const [deliverProject, { loading: delivering }] = useMutation(DeliverProjectMutation);

  const latest = live ?? history[0] ?? null;
  useSubscription(DeliveryProgressSubscription, {
    variables: { deliveryId: latest?.id ?? '' },
    skip: !latest || latest.done,
    onData: ({ data: d }) => {
      if (!d.data) return;
      setLive(d.data.deliveryProgress as DeliveryFieldsFragment);
      // A finished delivery may have paused a connection (a refused login): show it.
      if (d.data.deliveryProgress.done) void refetch();
    },
    onError: (err) => console.error('Delivery progress subscription failed', err),
  });

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runTest = async (id: string) => {
    setTests((t) => ({ ...t, [id]: { ok: true, message: 'Testing…' } }));
    try {
      const r = await testConnection({ variables: { id } });
      const t = r.data?.testDeliveryConnection;
      if (t) setTests((all) => ({ ...all, [id]: { ok: t.ok, message: t.message } }));
    } catch (err) {
      setTests((all) => ({ ...all, [id]: { ok: false, message: (err as Error).message } }));
    }
  };

  const remove = async (id: string) => {
    await deleteConnection({ variables: { id } }).catch((err: unknown) => setError((err as Error).message));
    await refetch();
  };

  const resume = async (id: string) => {
    setError(null);
    try {
      await resumeConnection({ variables: { id } });
      setLive(null);
      await refetch();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const deliver = async () => {
    setError(null);
    try {
      const r = await deliverProject({
        variables: { input: { projectId, connectionIds: [...selected], override, confirmFailedTest: confirmFailedTest || undefined } },
      });
      if (r.data) setLive(r.data.deliverProject as DeliveryFieldsFragment);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const byId = new Map(connections.map((c) => [c.id, c]));
  // Deliver is offered only to connections that can log in (issue 28): none paused or without a
  // password, and one whose last test failed only once the user confirms.
  const chosen = connections.filter((c) => selected.has(c.id));
  const blocked = chosen.filter((c) => c.pausedReason || !c.passwordSet);
  const failedTest = chosen.filter((c) => c.lastTestOk === false);
  const mayDeliver = selected.size > 0 && blocked.length === 0 && (failedTest.length === 0 || confirmFailedTest);
  return (
    <section className="card stack delivery-panel" aria-labelledby="delivery-title">
      <div className="section-header">
        <h2 id="delivery-title">Delivery</h2>
        <button type="button" className="button button-small" onClick={() => setAdding((a) => !a)}>
          {adding ? 'Close' : 'Add connection'}
        </button>
      </div>
      <p className="muted small">Send the clips straight to each agency&apos;s contributor upload server, then upload its CSV on the agency&apos;s page.</p>
      {adding && (
        <ConnectionForm
          agencies={data?.deliveryAgencies ?? []}
          onSaved={async () => {
            setAdding(false);
            await refetch();
          }}
        />
      )}
      {connections.length === 0 ? (
        <p className="muted">No agency connection yet.</p>
      ) : (
        <ul className="delivery-connections">
          {connections.map((c) => (
            <li key={c.id} className="delivery-connection">
              <label className="delivery-choose">
                <input type="checkbox" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
                <span>
                  <strong>{c.name}</strong>{' '}
                  <span className="muted small mono">
                    {c.protocol}://{c.username}@{c.host}:{c.port}
                    {c.remoteFolder}
                  </span>
                </span>
              </label>
              <span className="delivery-actions">
                <button type="button" className="button button-small" onClick={() => void runTest(c.id)}>
                  Test
                </button>
                <button type="button" className="button button-small button-danger" onClick={() => void remove(c.id)} aria-label={`Delete ${c.name}`}>
                  Delete
                </button>
              </span>
              {tests[c.id] ? (
                <p className={tests[c.id]!.ok ? 'small positive' : 'small error-text'} role="status">
                  {tests[c.id]!.message}
                </p>
              ) : (
                c.lastTestOk === false && <p className="small error-text">Last test failed: {c.lastTestMessage}</p>
              )}
              {(!c.passwordSet || c.pausedReason) && <PasswordAgain connection={c} onSaved={() => void refetch()} />}
              {c.pausedReason && (
                <p className="small error-text" role="status">
                  Paused: {c.pausedReason}{' '}
                  <button type="button" className="button button-small" onClick={() => void resume(c.id)}>
                    Resume
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="delivery-go">
        <label className="small">
          <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> Send rows the agency check refuses
        </label>
        {failedTest.length > 0 && (
          <label className="small">
            <input type="checkbox" checked={confirmFailedTest} onChange={(e) => setConfirmFailedTest(e.target.checked)} /> Deliver although the last test of{' '}
            {failedTest.map((c) => c.name).join(', ')} failed
          </label>
        )}
        <button type="button" className="button button-primary" disabled={!mayDeliver || delivering || processing} onClick={() => void deliver()}>
          {delivering ? 'Queuing…' : 'Deliver'}
        </button>
      </div>
      {blocked.length > 0 && (
        <p className="small error-text">
          {blocked.map((c) => `${c.name}: ${c.pausedReason ? 'paused, fix it and resume' : 'enter the password again'}`).join('; ')}
        </p>
      )}
      {processing && <p className="muted small">Delivery is possible once processing has finished.</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {latest && <DeliveryStatus delivery={latest} connections={byId} onCsv={(format) => void downloadCsv(client, projectId, format)} />}
    </section>
  );
}

async function downloadCsv(client: ReturnType<typeof useApolloClient>, projectId: string, format: string) {
  const choice = exportChoice(format);
  if (choice) await downloadExport(client, projectId, choice).catch((err: unknown) => alert(`${choice.failure}: ${(err as Error).message}`));
}

function DeliveryStatus({
  delivery,
  connections,
  onCsv,
}: {
  delivery: DeliveryFieldsFragment;
  connections: Map<string, DeliveryConnectionFieldsFragment>;
  onCsv: (format: string) => void;
}) {
  return (
    <div className="stack delivery-status" aria-live="polite">
      <h3>
        {delivery.done ? 'Last delivery' : 'Delivering…'} <span className="muted small">{new Date(delivery.createdAt as string).toLocaleString()}</span>
      </h3>
      {delivery.connections.map((c) => (
        <div key={c.connectionId} className="delivery-summary">
          <strong>{c.name}</strong>
          <span className="small">
            {c.counts.sent} sent · {c.counts.skipped} skipped · {c.counts.sending} sending · {c.counts.queued} queued · {c.counts.failed} failed
            {c.counts.held ? ` · ${c.counts.held} held back` : ''}
            {c.counts.paused ? ` · ${c.counts.paused} paused` : ''}
          </span>
          {AGENCY_CSV[c.agency] && c.csvUploadPage && (
            <span className="small">
              <button type="button" className="link-button" onClick={() => onCsv(AGENCY_CSV[c.agency]!)}>
                Download the CSV
              </button>{' '}
              then upload it on{' '}
              <a className="link-accent" href={c.csvUploadPage} target="_blank" rel="noreferrer">
                the agency&apos;s CSV page
              </a>
            </span>
          )}
        </div>
      ))}
      <div className="table-scroll">
        <table className="table delivery-items">
          <thead>
            <tr>
              <th>File</th>
              <th>To</th>
              <th>Status</th>
              <th>Progress</th>
            </tr>
          </thead>
          <tbody>
            {delivery.items.map((i) => (
              <tr key={i.id} data-status={i.status}>
                <td className="mono small">{i.filename}</td>
                <td className="small">{connections.get(i.connectionId)?.name ?? '—'}</td>
                <td>
                  <span className={`status-badge delivery-${i.status}`}>{i.status}</span>
                  {i.message && <div className="small muted">{i.message}</div>}
                </td>
                <td className="small">
                  {i.status === 'sending'
                    ? `${percent(i.bytesSent, i.sizeBytes)} % · ${rate(i.bytesPerSecond)}`
                    : i.status === 'sent'
                      ? rate(i.bytesPerSecond)
                      : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A connection whose password was dropped (its host, protocol, port, user or agency changed) or refused: enter it again here. */
function PasswordAgain({ connection, onSaved }: { connection: DeliveryConnectionFieldsFragment; onSaved: () => void }) {
  const [update, { loading }] = useMutation(UpdateDeliveryConnectionMutation);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    setError(null);
    try {
      await update({ variables: { id: connection.id, input: { password } } });
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="form delivery-password-again" onSubmit={(e) => void submit(e)} aria-label={`Password for ${connection.name}`}>
      {connection.secretMissingReason && <p className="small error-text">{connection.secretMissingReason}</p>}
      <label>
        Password
        <input name="password" type="password" required autoComplete="new-password" />
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-small" disabled={loading}>
        {loading ? 'Saving…' : 'Save password'}
      </button>
    </form>
  );
}

function ConnectionForm({ agencies, onSaved }: { agencies: Array<{ agency: string; name: string; host: string }>; onSaved: () => Promise<void> }) {
  const [agency, setAgency] = useState(agencies[0]?.agency ?? 'custom');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateDeliveryConnectionMutation);
  const custom = agency === 'custom';
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => {
      const v = String(f.get(k) ?? '').trim();
      return v === '' ? undefined : v;
    };
    setError(null);
    try {
      await create({
        variables: {
          input: {
            agency,
            name: text('name'),
            protocol: custom ? text('protocol') : undefined,
            host: custom ? text('host') : undefined,
            port: text('port') ? Number(text('port')) : undefined,
            username: text('username'),
            password: text('password'),
            remoteFolder: text('remoteFolder'),
          },
        },
      });
      await onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="form delivery-form" onSubmit={(e) => void submit(e)} aria-label="New agency connection">
      <label>
        Agency
        <select name="agency" value={agency} onChange={(e) => setAgency(e.target.value)}>
          {agencies.map((a) => (
            <option key={a.agency} value={a.agency}>
              {a.name} ({a.host})
            </option>
          ))}
          <option value="custom">Other server (allowed by the administrator)</option>
        </select>
      </label>
      {custom && (
        <>
          <label>
            Protocol
            <select name="protocol" defaultValue="sftp">
              <option value="sftp">SFTP</option>
              <option value="ftps">FTPS (explicit TLS)</option>
              <option value="ftp">FTP</option>
            </select>
          </label>
          <label>
            Host
            <input name="host" required autoComplete="off" />
          </label>
        </>
      )}
      <label>
        Port
        <input name="port" inputMode="numeric" placeholder="default" />
      </label>
      <label>
        Username
        <input name="username" required autoComplete="off" />
      </label>
      <label>
        Password
        <input name="password" type="password" required autoComplete="new-password" />
      </label>
      <label>
        Remote folder
        <input name="remoteFolder" placeholder="/" />
      </label>
      <label>
        Name
        <input name="name" placeholder="optional" />
      </label>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? 'Saving…' : 'Save connection'}
      </button>
    </form>
  );
}
