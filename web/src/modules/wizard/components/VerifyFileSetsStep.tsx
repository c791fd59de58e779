import { useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import type { WizardFileSetFragment } from '../../../gql/graphql';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import {
  ChooseFileSetProcessingMutation,
  GenerateProjectJsonMutation,
  RemoveFileSetMutation,
  ReplaceFileSetFileMutation,
  VerifyFileSetsQuery,
  WizardUploadStateQuery,
} from '../graphql/wizard.graphql';
import { stillToSend } from '../upload-plan';
import { uploadGraphQL } from '../upload-xhr';
import type { UploadResult } from '../types/upload-result';
import { blocksContinue, FileSetCard, SLOT, type Slot } from './FileSetCard';

/**
 * Step 3: verifies the sets once on entry (the server takes the clips' stills first), shows each
 * with its files and status, takes a replacement for each missing file, removes a set, offers
 * "Process without telemetry" for clips with no .SRT, lists photos (a JPG with no video of its
 * name) apart, and lets the user continue when no set blocks (SPEC §5's alert otherwise) or, by an
 * explicit choice, with only the sets a run can take.
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
  const [chooseSets] = useMutation(ChooseFileSetProcessingMutation);
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
          setNotice('Failed to verify file sets');
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
      setNotice(`Failed to upload the file${err instanceof Error ? `: ${err.message}` : ''}`);
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
      setNotice(`Failed to remove the file set: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  /** Applies a step 3 choice to some sets; the answer is every set of the project. */
  const choose = async (key: string, fileSetIds: string[], change: { withoutTelemetry?: boolean; leftOut?: boolean }) => {
    setBusy(key);
    try {
      const { data } = await chooseSets({ variables: { projectId, fileSetIds, ...change } });
      if (data) setSets(data.chooseFileSetProcessing as WizardFileSetFragment[]);
    } catch (err) {
      console.error(err);
      setNotice(`Failed to save the choice: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const incomplete = sets?.filter(blocksContinue) ?? [];
  const clips = sets?.filter((s) => s.shape !== 'photo') ?? [];
  const photos = sets?.filter((s) => s.shape === 'photo') ?? [];
  const photosIncluded = photos.filter((s) => !s.leftOut).length;
  const noTelemetry = incomplete.filter((s) => s.shape === 'clip' && s.missing.length === 1 && s.missing[0] === 'srt');
  const completeCount = sets?.filter((s) => s.processable).length ?? 0;
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
          {clips.length} clip{clips.length === 1 ? '' : 's'} · {photos.length} photo{photos.length === 1 ? '' : 's'} · {completeCount} ready ·{' '}
          {incomplete.length} incomplete
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
          the set, process a clip without its .SRT, or process only the complete sets.
          <ul className="left-out-list" data-testid="incomplete-list">
            {missingFiles.map((s) => (
              <li key={s.id}>
                {s.baseName}: {s.incompleteReason}
              </li>
            ))}
          </ul>
          {noTelemetry.length > 1 && (
            <button
              type="button"
              className="button button-small button-wrap"
              disabled={!!busy}
              onClick={() =>
                void choose(
                  'all:telemetry',
                  noTelemetry.map((s) => s.id),
                  { withoutTelemetry: true },
                )
              }
            >
              Process all {noTelemetry.length} without telemetry
            </button>
          )}
        </Banner>
      )}
      {sets.length === 0 && <p className="muted">No file sets yet.</p>}
      <div className="fileset-grid">
        {clips.map((set, i) => (
          <FileSetCard
            key={set.id}
            set={set}
            index={i}
            notSent={toSend.has(set.baseName)}
            busy={busy}
            onReplace={(s, slot, file) => void replace(s, slot, file)}
            onRemove={(s) => void remove(s)}
            onWithoutTelemetry={(s, on) => void choose(`${s.id}:telemetry`, [s.id], { withoutTelemetry: on })}
          />
        ))}
      </div>
      {photos.length > 0 && (
        <section className="stack photo-section" aria-label="Photos">
          <div className="section-header">
            <h3>Photos ({photos.length})</h3>
            <label className="inline-field">
              <input
                type="checkbox"
                checked={photosIncluded > 0}
                disabled={!!busy}
                onChange={(e) =>
                  void choose(
                    'photos',
                    photos.map((p) => p.id),
                    { leftOut: !e.target.checked },
                  )
                }
              />
              Process the photos as stock too (same price per set)
            </label>
          </div>
          <p className="muted small">
            A JPG with no video of its name is a photo: it is placed and described from its own EXIF and DJI data, and never blocks Continue.
          </p>
          <div className="fileset-grid">
            {photos.map((set, i) => (
              <FileSetCard
                key={set.id}
                set={set}
                index={clips.length + i}
                notSent={toSend.has(set.baseName)}
                busy={busy}
                onReplace={(s, slot, file) => void replace(s, slot, file)}
                onRemove={(s) => void remove(s)}
                onWithoutTelemetry={() => undefined}
              />
            ))}
          </div>
        </section>
      )}
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
