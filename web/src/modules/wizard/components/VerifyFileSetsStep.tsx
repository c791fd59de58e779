import { useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { FileKind, WizardFileSetFragment } from '../../../gql/graphql';
import { formatMB } from '../../../ui/format';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import {
  GenerateProjectJsonMutation,
  RemoveFileSetMutation,
  ReplaceFileSetFileMutation,
  VerifyFileSetsQuery,
  WizardUploadStateQuery,
} from '../graphql/wizard.graphql';
import { stillToSend } from '../upload-plan';
import { uploadGraphQL } from '../upload-xhr';
import type { UploadResult } from '../types/upload-result';

type Slot = 'video' | 'jpg' | 'srt';
const SLOT: Record<Slot, { kind: FileKind; accept: string; label: string }> = {
  video: { kind: 'VIDEO', accept: '.mp4,.mov', label: 'video (.mp4 or .mov)' },
  jpg: { kind: 'JPG', accept: '.jpg', label: 'image (.jpg)' },
  srt: { kind: 'SRT', accept: '.srt', label: 'subtitle (.srt)' },
};

/**
 * Step 3: verifies the sets once on entry, shows each with its files and status, takes a
 * replacement for each missing file, removes a set, and lets the user continue when every set is
 * complete (SPEC §5's alert otherwise) or, by an explicit choice, with only the complete ones.
 */
export function VerifyFileSetsStep({
  projectId,
  lastUpload,
  onContinue,
  onUploadMore,
}: {
  projectId: string;
  lastUpload: UploadResult | null;
  onContinue: () => void;
  onUploadMore: () => void;
}) {
  const client = useApolloClient();
  const [sets, setSets] = useState<WizardFileSetFragment[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [generateJson, { loading: generating }] = useMutation(GenerateProjectJsonMutation);
  const [removeSet] = useMutation(RemoveFileSetMutation);
  /** The page's own answer to Continue (never a browser alert). */
  const [notice, setNotice] = useState<string | null>(null);
  // Sets whose missing files are still on the card (an upload cut short): not errors, just not sent yet.
  const uploadState = useQuery(WizardUploadStateQuery, { variables: { id: projectId }, fetchPolicy: 'network-only' });
  const toSend = new Set(uploadState.data?.project?.uploadState.setsToSend ?? []);

  useEffect(() => {
    let live = true;
    client
      .query({ query: VerifyFileSetsQuery, variables: { projectId }, fetchPolicy: 'network-only' })
      .then(({ data }) => live && data && setSets(data.verifyFileSets.fileSets as WizardFileSetFragment[]))
      .catch((err: unknown) => {
        console.error(err);
        if (live) {
          setSets([]);
          alert('Failed to verify file sets');
        }
      });
    return () => {
      live = false;
    };
  }, [client, projectId]);

  const replace = async (set: WizardFileSetFragment, slot: Slot, file: File) => {
    setBusy(`${set.id}:${slot}`);
    try {
      const data = await uploadGraphQL<{ replaceFileSetFile: { fileSet: WizardFileSetFragment } }>({
        document: ReplaceFileSetFileMutation,
        variables: { fileSetId: set.id, kind: SLOT[slot].kind, file: null },
        files: [{ file, path: 'variables.file' }],
      });
      const updated = data.replaceFileSetFile.fileSet;
      setSets((prev) => prev?.map((s) => (s.id === updated.id ? updated : s)) ?? prev);
    } catch (err) {
      console.error(err);
      alert('Failed to upload additional file');
    } finally {
      setBusy(null);
    }
  };

  const remove = async (set: WizardFileSetFragment) => {
    const n = set.files.length;
    if (!confirm(`Remove file set ${set.baseName} and its ${n} file${n === 1 ? '' : 's'}? They are deleted from storage.`)) return;
    setBusy(`${set.id}:remove`);
    try {
      await removeSet({ variables: { fileSetId: set.id } });
      setSets((prev) => prev?.filter((s) => s.id !== set.id) ?? prev);
    } catch (err) {
      console.error(err);
      alert(`Failed to remove the file set: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const incomplete = sets?.filter((s) => s.status !== 'complete') ?? [];
  const completeCount = (sets?.length ?? 0) - incomplete.length;
  const notSent = incomplete.filter((s) => toSend.has(s.baseName));
  const missingFiles = incomplete.filter((s) => !toSend.has(s.baseName));

  const next = async (completeOnly = false) => {
    setNotice(null);
    if (incomplete.length && !completeOnly) {
      setNotice(
        notSent.length && !missingFiles.length
          ? `${stillToSend(notSent.length)}: choose the card folder again (Upload More Files), or process only the complete sets.`
          : 'Please resolve file set errors before proceeding',
      );
      return;
    }
    try {
      await generateJson({ variables: { projectId, completeOnly } });
      onContinue();
    } catch (err) {
      console.error(err);
      setNotice(`Failed to generate project configuration${err instanceof Error ? `: ${err.message}` : ''}`);
    }
  };

  if (!sets) return <Loading label="Verifying file sets…" />;

  return (
    <div className="wizard-panel stack">
      <div className="section-header">
        <h2>Verify File Sets</h2>
        <span className="muted">
          {sets.length} file set{sets.length === 1 ? '' : 's'} · {sets.length - incomplete.length} complete · {incomplete.length} incomplete
        </span>
      </div>
      {lastUpload && lastUpload.refused.length > 0 && (
        <Banner tone="info">
          {lastUpload.refused.length} file{lastUpload.refused.length === 1 ? ' was' : 's were'} not uploaded:
          <ul className="left-out-list" data-testid="not-uploaded-list">
            {lastUpload.refused.map((r) => (
              <li key={r.filename}>
                <strong>{r.filename}</strong>: {r.reason}
              </li>
            ))}
          </ul>
        </Banner>
      )}
      {notSent.length > 0 && (
        <Banner tone="info">
          <span data-testid="still-to-send">
            Upload interrupted: {stillToSend(notSent.length)} ({notSent.map((s) => s.baseName).join(', ')}) — choose the card folder again to continue.
          </span>
        </Banner>
      )}
      {missingFiles.length > 0 && (
        <Banner tone="error">
          {missingFiles.length === 1 ? '1 file set is incomplete' : `${missingFiles.length} file sets are incomplete`}: upload the missing files below, remove
          the set, or process only the complete sets.
          <ul className="left-out-list" data-testid="incomplete-list">
            {missingFiles.map((s) => (
              <li key={s.id}>
                {s.baseName}: {s.incompleteReason}
              </li>
            ))}
          </ul>
        </Banner>
      )}
      {sets.length === 0 && <p className="muted">No file sets yet.</p>}
      <div className="fileset-grid">
        {sets.map((set, i) => (
          <article
            key={set.id}
            className={`card fileset-card fileset-${set.status}${toSend.has(set.baseName) ? ' fileset-to-send' : ''}`}
            data-testid="fileset-card"
          >
            <header className="fileset-card-header">
              <h3>{set.baseName || `File Set ${i + 1}`}</h3>
              <span className={`type-badge ${set.status === 'complete' ? 'status-completed' : toSend.has(set.baseName) ? 'status-ready' : 'status-failed'}`}>
                {set.status === 'complete' ? 'Complete' : toSend.has(set.baseName) ? 'Still to send' : 'Incomplete'}
              </span>
            </header>
            <ul className="fileset-files">
              {set.files.map((f) => (
                <li key={f.id}>
                  <span className="file-type">{f.fileTypeInfo.toUpperCase()}</span>
                  <a href={f.resourceUri} target="_blank" rel="noreferrer" className="file-name">
                    {f.filename}
                    {f.proxy && (
                      <span className="proxy-badge" title="A DJI proxy: enough for processing and CSVs; upload the master for delivery">
                        proxy
                      </span>
                    )}
                  </a>
                  <span className="muted small">{formatMB(f.sizeBytes)}</span>
                </li>
              ))}
            </ul>
            {set.missing.map((m) => {
              const slot = m as Slot;
              const key = `${set.id}:${slot}`;
              return (
                <div key={m} className="fileset-missing">
                  <span className={toSend.has(set.baseName) ? 'muted' : 'error-text'}>
                    {toSend.has(set.baseName) ? 'Not sent yet' : 'Missing'} {SLOT[slot].label}
                  </span>
                  <label className={`button button-small${busy ? ' disabled' : ''}`}>
                    {busy === key ? 'Uploading…' : `Upload ${slot}`}
                    <input
                      type="file"
                      accept={SLOT[slot].accept}
                      hidden
                      disabled={!!busy}
                      data-testid={`replace-${set.baseName}-${slot}`}
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        e.target.value = '';
                        if (file) void replace(set, slot, file);
                      }}
                    />
                  </label>
                </div>
              );
            })}
            <div className="fileset-card-footer">
              <button
                type="button"
                className="link-button small"
                aria-label={`Remove file set ${set.baseName}`}
                disabled={!!busy}
                onClick={() => void remove(set)}
              >
                {busy === `${set.id}:remove` ? 'Removing…' : 'Remove set'}
              </button>
            </div>
          </article>
        ))}
      </div>
      {notice && (
        <Banner tone="error">
          <span data-testid="continue-notice">{notice}</span>
        </Banner>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={onUploadMore}>
          Upload More Files
        </button>
        {incomplete.length > 0 && completeCount > 0 && (
          <button type="button" className="button button-wrap" onClick={() => void next(true)} disabled={generating || !!busy}>
            Process only complete sets ({incomplete.length} left out)
          </button>
        )}
        <button type="button" className="button button-primary" onClick={() => void next()} disabled={generating || !!busy}>
          {generating ? 'Preparing…' : 'Continue'}
        </button>
      </div>
    </div>
  );
}
