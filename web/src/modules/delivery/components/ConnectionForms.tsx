import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { DeliveryConnectionFieldsFragment } from '../../../gql/graphql';
import { CreateDeliveryConnectionMutation, UpdateDeliveryConnectionMutation } from '../graphql/delivery.graphql';

/** What a connection can receive, in the order the editor shows them. */
const RECEIVES: Array<[string, string]> = [
  ['clips', 'Clips'],
  ['stills', "Stills (a clip's JPG)"],
  ['photos', 'Photos (a JPG alone)'],
  ['metadata', 'Sidecar metadata (.SRT)'],
];

/** The form's text field, or undefined when left empty. */
const textOf = (f: FormData, k: string) => {
  const v = String(f.get(k) ?? '').trim();
  return v === '' ? undefined : v;
};

/**
 * Edits a connection (issue 33 item 3): name, username, password, remote folder, and for an
 * "Other server" its host and port, plus what it receives and how it sends. A change of host, port
 * or user name without the password makes the server drop the stored one (it says so).
 */
export function ConnectionEditor({ connection: c, onDone }: { connection: DeliveryConnectionFieldsFragment; onDone: (message: string | null) => void }) {
  const [update, { loading }] = useMutation(UpdateDeliveryConnectionMutation);
  const [error, setError] = useState<string | null>(null);
  const custom = c.agency === 'custom';
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const receives = RECEIVES.map(([k]) => k).filter((k) => f.get(`receives-${k}`) === 'on');
    setError(null);
    try {
      const r = await update({
        variables: {
          id: c.id,
          input: {
            name: textOf(f, 'name'),
            username: textOf(f, 'username'),
            password: textOf(f, 'password'),
            remoteFolder: textOf(f, 'remoteFolder'),
            host: custom ? textOf(f, 'host') : undefined,
            port: textOf(f, 'port') ? Number(textOf(f, 'port')) : undefined,
            allowOverwrite: f.get('allowOverwrite') === 'on',
            createFolder: f.get('createFolder') === 'on',
            maxSessions: Number(textOf(f, 'maxSessions') ?? c.maxSessions),
            receives,
            checkRules: custom ? (textOf(f, 'checkRules') ?? null) : undefined,
          },
        },
      });
      const saved = r.data?.updateDeliveryConnection;
      onDone(saved && !saved.passwordSet ? (saved.secretMissingReason ?? 'Enter the password again') : null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form className="form delivery-form delivery-edit" onSubmit={(e) => void submit(e)} aria-label={`Edit ${c.name}`}>
      <label>
        Name
        <input name="name" defaultValue={c.name} maxLength={100} />
      </label>
      <label>
        Username
        <input name="username" defaultValue={c.username} autoComplete="off" />
      </label>
      <label>
        New password
        <input name="password" type="password" placeholder="unchanged" autoComplete="new-password" />
      </label>
      <label>
        Remote folder
        <input name="remoteFolder" defaultValue={c.remoteFolder} />
      </label>
      {custom && (
        <label>
          Host
          <input name="host" defaultValue={c.host} autoComplete="off" />
        </label>
      )}
      <label>
        Port
        <input name="port" inputMode="numeric" defaultValue={String(c.port)} />
      </label>
      <label>
        Files at once
        <input name="maxSessions" type="number" min={1} max={8} defaultValue={c.maxSessions} />
      </label>
      {custom && (
        <label>
          Check by the rules of
          <select name="checkRules" defaultValue={c.checkRules ?? ''}>
            <option value="">None</option>
            <option value="adobe">Adobe Stock</option>
            <option value="shutterstock">Shutterstock</option>
            <option value="pond5">Pond5</option>
          </select>
        </label>
      )}
      <fieldset className="delivery-receives">
        <legend>Receives</legend>
        {RECEIVES.map(([k, label]) => (
          <label key={k} className="delivery-check">
            <input type="checkbox" name={`receives-${k}`} defaultChecked={c.receives.includes(k)} /> {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="delivery-receives">
        <legend>On the server</legend>
        <label className="delivery-check">
          <input type="checkbox" name="allowOverwrite" defaultChecked={c.allowOverwrite} /> Replace files Shotlog did not send
        </label>
        <label className="delivery-check">
          <input type="checkbox" name="createFolder" defaultChecked={c.createFolder} /> Create the folder when missing
        </label>
      </fieldset>
      <p className="small muted delivery-wide">A new host, port or username needs the password again.</p>
      {error && (
        <p className="error-text delivery-wide" role="alert">
          {error}
        </p>
      )}
      <span className="delivery-actions">
        <button type="submit" className="button button-primary button-small" disabled={loading}>
          {loading ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button button-small" onClick={() => onDone(null)}>
          Cancel
        </button>
      </span>
    </form>
  );
}

/** The pinned SFTP host key, and a re-pin after the agency changed its key (asks first: it may be an attack). */
export function HostKeyLine({ connection: c, onRepinned }: { connection: DeliveryConnectionFieldsFragment; onRepinned: () => void }) {
  const [update, { loading }] = useMutation(UpdateDeliveryConnectionMutation);
  if (c.protocol !== 'sftp') return null;
  const repin = async () => {
    const ok = window.confirm(
      `Forget the pinned host key of ${c.host}?\n\nOnly do this when the agency announced a new key: a changed key can also mean someone is intercepting the connection. The next test pins the key the server offers then.`,
    );
    if (!ok) return;
    await update({ variables: { id: c.id, input: { clearHostKey: true } } });
    onRepinned();
  };
  return (
    <p className="small muted">
      Host key: <span className="mono">{c.hostKey ?? 'not pinned yet (pinned on the first test)'}</span>{' '}
      {c.hostKey && (
        <button type="button" className="link-button" disabled={loading} onClick={() => void repin()}>
          Re-pin…
        </button>
      )}
    </p>
  );
}

/** A connection whose password was dropped (its host, protocol, port, user or agency changed) or refused: enter it again here. */
export function PasswordAgain({ connection, onSaved }: { connection: DeliveryConnectionFieldsFragment; onSaved: () => void }) {
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

export function ConnectionForm({ agencies, onSaved }: { agencies: Array<{ agency: string; name: string; host: string }>; onSaved: () => Promise<void> }) {
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
