import { useRef, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { RemoveFileSetMutation, ReplaceFileSetFileMutation } from '../../wizard/graphql/wizard.graphql';
import { uploadGraphQL } from '../../wizard/upload-xhr';
import type { RunScope } from '../../wizard/start-processing';
import { failsAgainUntilReplaced, type DetailFileSet } from '../types';
import { SetStatusDot } from './SetStatusDot';

interface Props {
  set: DetailFileSet;
  /** The project is not processing and not in the trash: its files and runs may change. */
  idle: boolean;
  onRun(scope: RunScope): void;
  /** After a file was replaced or the set removed: reload the project. */
  onChanged(): void;
}

/**
 * The editor's place for a set without content when nothing is running for it: why (failed, with
 * the reason in plain words; incomplete, with what is missing; not processed yet) and what to do
 * (Replace file, Retry failed sets, Remove set, Start processing), instead of a "Processing in
 * progress..." that nothing backs.
 */
export function SetStateNotice({ set, idle, onRun, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [removeSet] = useMutation(RemoveFileSetMutation);
  const failed = set.processingStatus === 'failed';

  const replace = async (file: File) => {
    setBusy('Uploading…');
    try {
      // The kind is taken from the extension; the file takes the set's base name.
      await uploadGraphQL({
        document: ReplaceFileSetFileMutation,
        variables: { fileSetId: set.id, kind: null, file: null },
        files: [{ file, path: 'variables.file' }],
      });
      onChanged();
    } catch (err) {
      console.error(err);
      alert(`Failed to upload the file: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!confirm(`Remove file set ${set.baseName} and its ${set.files.length} file${set.files.length === 1 ? '' : 's'}? They are deleted from storage.`))
      return;
    setBusy('Removing…');
    try {
      await removeSet({ variables: { fileSetId: set.id } });
      onChanged();
    } catch (err) {
      console.error(err);
      alert(`Failed to remove the file set: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  // A real button (Tab reaches it, Enter and Space press it) that opens the hidden file picker.
  const replaceButton = (label: string, accept: string) => (
    <>
      <button type="button" className="button button-small" disabled={!!busy || !idle} onClick={() => fileInput.current?.click()}>
        {busy === 'Uploading…' ? busy : label}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        disabled={!!busy || !idle}
        data-testid={`set-replace-${set.baseName}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void replace(file);
        }}
      />
    </>
  );

  return (
    <div className="pd-placeholder card set-notice" data-testid="set-notice">
      {failed ? (
        <>
          <SetStatusDot status="failed" percent={null} />
          <p className="failure-reason" data-testid="failure-reason">
            {set.failureReason ?? 'Processing failed.'}
          </p>
          {idle && (
            <div className="setup-actions">
              {replaceButton('Replace file', '.mp4,.mov,.jpg,.srt')}
              <button
                type="button"
                className={`button button-small${failsAgainUntilReplaced(set.failureReason) ? '' : ' button-primary'}`}
                disabled={!!busy}
                onClick={() => onRun('FAILED')}
              >
                Retry failed sets
              </button>
            </div>
          )}
          {idle && failsAgainUntilReplaced(set.failureReason) && (
            <p className="muted small" data-testid="retry-will-fail">
              Retrying will fail again until the video is replaced: use Replace file first.
            </p>
          )}
        </>
      ) : !set.complete ? (
        <>
          <p data-testid="incomplete-reason">Left out of processing: {set.incompleteReason}. Upload the missing file, or remove the set.</p>
          {idle && (
            <div className="setup-actions">
              {replaceButton('Upload missing file', '.mp4,.mov,.jpg,.srt')}
              <button type="button" className="button button-small button-danger" disabled={!!busy} onClick={() => void remove()}>
                {busy === 'Removing…' ? busy : 'Remove set'}
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p>Not processed yet. Start processing to have its title, description and keywords written.</p>
          {idle && (
            <div className="setup-actions">
              <button type="button" className="button button-small button-primary" onClick={() => onRun('UNPROCESSED')}>
                Start processing
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
