import { useEffect, useState } from 'react';
import { CreateApiTokenForm } from './CreateApiTokenForm';
import { NewTokenSecret } from './NewTokenSecret';
import { ApiTokenList } from './ApiTokenList';
import '../api-tokens.css';

/** Account page: personal API tokens for scripts (GraphQL, graphql-ws and the REST API). */
export function ApiTokensSection({ isAdmin, onNotice }: { isAdmin: boolean; onNotice(n: { ok: boolean; message: string }): void }) {
  const [created, setCreated] = useState<{ secret: string; name: string } | null>(null);
  const explorer = useExplorerAvailable();
  return (
    <section className="card api-tokens" aria-labelledby="api-tokens-title">
      <div className="section-header">
        <h2 id="api-tokens-title">API Tokens</h2>
        {explorer && (
          <a className="button button-small" href="/explorer">
            Open GraphQL Explorer
          </a>
        )}
      </div>
      <p className="muted small">
        Personal tokens let scripts use the Shotlog API as you, limited to the scopes you choose. Each token is shown once; Shotlog stores only a hash.
      </p>
      {created && <NewTokenSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
      <CreateApiTokenForm isAdmin={isAdmin} onCreated={(secret, name) => setCreated({ secret, name })} />
      <ApiTokenList
        onError={(message) => onNotice({ ok: false, message })}
        onRevoked={(name) => onNotice({ ok: true, message: `API token “${name}” revoked` })}
      />
    </section>
  );
}

/** The explorer exists only where the server allows introspection (not in production by default). */
function useExplorerAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/explorer', { method: 'HEAD' })
      .then((r) => live && setAvailable(r.ok))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return available;
}
