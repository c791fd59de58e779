import { useRef, useState } from 'react';
import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import type { DeliveryFieldsFragment, DeliveryConnectionFieldsFragment } from '../../../gql/graphql';
import {
  DeleteDeliveryConnectionMutation,
  DeliverProjectMutation,
  DeliveryProgressSubscription,
  DeliverySetupQuery,
  ResendDeliveryMutation,
  ResumeDeliveryConnectionMutation,
  TestDeliveryConnectionMutation,
} from '../graphql/delivery.graphql';
import { downloadExport } from '../../exports/download-export';
import { exportChoice } from '../../exports/export-formats';
import { ConnectionEditor, ConnectionForm, HostKeyLine, PasswordAgain } from './ConnectionForms';
import { DeliveryHistory, DeliveryStatus } from './DeliveryStatus';

/** The Delivery panel of the project page: agency connections, their test, deliver, live status per file. */
export default function DeliveryPanel({ projectId, processing }: { projectId: string; processing: boolean }) {
  const client = useApolloClient();
  const { data, refetch: refetchSetup } = useQuery(DeliverySetupQuery, { variables: { projectId } });
  // Refetches run one after another: Apollo answers a query identical to one still in flight with
  // that one's result, so a refetch asked after a change (a delivery that paused its connection)
  // must not share the answer of one sent just before it.
  const lastRefetch = useRef<Promise<unknown>>(Promise.resolve());
  const refetch = () => {
    const next = lastRefetch.current.catch(() => undefined).then(() => refetchSetup());
    lastRefetch.current = next;
    return next;
  };
  // Fragments are not masked (codegen.ts): the query's rows are the fragments' types.
  const connections: DeliveryConnectionFieldsFragment[] = data?.deliveryConnections ?? [];
  const history: DeliveryFieldsFragment[] = data?.projectDeliveries ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [tests, setTests] = useState<Record<string, { ok: boolean; message: string }>>({});
  const [override, setOverride] = useState(false);
  const [confirmFailedTest, setConfirmFailedTest] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [live, setLive] = useState<DeliveryFieldsFragment | null>(null);
  const [testConnection] = useMutation(TestDeliveryConnectionMutation);
  const [deleteConnection] = useMutation(DeleteDeliveryConnectionMutation);
  const [resumeConnection] = useMutation(ResumeDeliveryConnectionMutation);
  const [deliverProject, { loading: delivering }] = useMutation(DeliverProjectMutation);
  const [resendDelivery] = useMutation(ResendDeliveryMutation);

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
    // The selection forgets it at once: Deliver never names a connection that is gone.
    setSelected((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
    await deleteConnection({ variables: { id } }).catch((err: unknown) => setError((err as Error).message));
    await refetch();
  };

  const resend = async (deliveryId: string, itemIds: string[] | null) => {
    setError(null);
    try {
      const r = await resendDelivery({ variables: { input: { deliveryId, itemIds, confirmFailedTest: confirmFailedTest || undefined } } });
      if (r.data) setLive(r.data.resendDelivery as DeliveryFieldsFragment);
      await refetch();
    } catch (err) {
      setError((err as Error).message);
    }
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
        variables: { input: { projectId, connectionIds: chosen.map((c) => c.id), override, confirmFailedTest: confirmFailedTest || undefined } },
      });
      if (r.data) setLive(r.data.deliverProject as DeliveryFieldsFragment);
      await refetch();
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
  const mayDeliver = chosen.length > 0 && blocked.length === 0 && (failedTest.length === 0 || confirmFailedTest);
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
        <ul className="delivery-connections" aria-label="Connections">
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
                <button
                  type="button"
                  className="button button-small"
                  aria-expanded={editing === c.id}
                  aria-label={`Edit ${c.name}`}
                  onClick={() => setEditing((e) => (e === c.id ? null : c.id))}
                >
                  Edit
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
              <p className="small muted">
                Receives {c.receives.join(', ')}
                {c.receivesDefault ? ' (agency default)' : ''} · {c.maxSessions} at once
                {c.allowOverwrite ? ' · replaces files it did not send' : ''}
                {c.checkRules ? ` · checked by ${c.checkRules} rules` : ''}
              </p>
              <HostKeyLine
                connection={c}
                onRepinned={() => {
                  setNotice(`The host key of ${c.host} was forgotten: test the connection to pin the one it offers now.`);
                  void refetch();
                }}
              />
              {editing === c.id && (
                <ConnectionEditor
                  connection={c}
                  onDone={(message) => {
                    setEditing(null);
                    setNotice(message);
                    void refetch();
                  }}
                />
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
      {notice && (
        <p className="small" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {latest && (
        <DeliveryStatus
          delivery={latest}
          current={latest.id === history[0]?.id || latest === live}
          connections={byId}
          onCsv={(format) => void downloadCsv(client, projectId, format)}
          onResend={(itemIds) => void resend(latest.id, itemIds)}
        />
      )}
      <DeliveryHistory projectId={projectId} history={history} shownId={latest?.id ?? null} onShow={(d) => setLive(d)} />
    </section>
  );
}

async function downloadCsv(client: ReturnType<typeof useApolloClient>, projectId: string, format: string) {
  const choice = exportChoice(format);
  if (choice) await downloadExport(client, projectId, choice).catch((err: unknown) => alert(`${choice.failure}: ${(err as Error).message}`));
}
