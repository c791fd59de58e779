import type { FileKind, WizardFileSetFragment } from '../../../gql/graphql';
import { formatMB } from '../../../ui/format';

export type Slot = 'video' | 'jpg' | 'srt';
export const SLOT: Record<Slot, { kind: FileKind; accept: string; label: string }> = {
  video: { kind: 'VIDEO', accept: '.mp4,.mov', label: 'video (.mp4 or .mov)' },
  jpg: { kind: 'JPG', accept: '.jpg', label: 'image (.jpg)' },
  srt: { kind: 'SRT', accept: '.srt', label: 'subtitle (.srt)' },
};

/** A set blocks Continue when a run cannot take it and the user did not leave it out (photos never block). */
export const blocksContinue = (s: WizardFileSetFragment) => !s.processable && !s.leftOut;

/** The badge of a set: what it is and whether a run takes it (`notSent`: its files are still on the card). */
function badge(set: WizardFileSetFragment, notSent: boolean): { text: string; tone: string } {
  if (set.shape === 'photo') return set.leftOut ? { text: 'Photo · left out', tone: 'status-pending' } : { text: 'Photo', tone: 'status-completed' };
  if (set.status === 'complete') return { text: 'Complete', tone: 'status-completed' };
  if (set.processable && set.withoutTelemetry) return { text: 'Without telemetry', tone: 'status-pending' };
  if (notSent) return { text: 'Still to send', tone: 'status-ready' };
  return { text: 'Incomplete', tone: 'status-failed' };
}

/** One file picker button, for a missing file or a replacement. */
function UploadButton({
  set,
  slot,
  label,
  busy,
  onFile,
}: {
  set: WizardFileSetFragment;
  slot: Slot;
  label: string;
  busy: string | null;
  onFile: (file: File) => void;
}) {
  const key = `${set.id}:${slot}`;
  return (
    <label className={`button button-small${busy ? ' disabled' : ''}`}>
      {busy === key ? 'Uploading…' : label}
      <input
        type="file"
        accept={SLOT[slot].accept}
        hidden
        disabled={!!busy}
        data-testid={`replace-${set.baseName}-${slot}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/**
 * One set in step 3: its files (a still taken from the video says so, and can be replaced by a
 * real JPG), what it lacks with an upload for each, "Process without telemetry" for a clip with no
 * .SRT, and "no still" with Replace for a video that does not decode. A set whose files are still on
 * the card (an upload cut short, `notSent`) says "not sent yet", not "missing".
 */
export function FileSetCard({
  set,
  index,
  notSent = false,
  busy,
  onReplace,
  onRemove,
  onWithoutTelemetry,
}: {
  set: WizardFileSetFragment;
  index: number;
  notSent?: boolean;
  busy: string | null;
  onReplace: (set: WizardFileSetFragment, slot: Slot, file: File) => void;
  onRemove: (set: WizardFileSetFragment) => void;
  onWithoutTelemetry: (set: WizardFileSetFragment, on: boolean) => void;
}) {
  const b = badge(set, notSent);
  const missing = set.missing as Slot[];
  return (
    <article
      className={`card fileset-card fileset-${blocksContinue(set) ? 'incomplete' : 'complete'}${notSent ? ' fileset-to-send' : ''}`}
      data-testid="fileset-card"
    >
      <header className="fileset-card-header">
        <h3>{set.baseName || `File Set ${index + 1}`}</h3>
        <span className={`type-badge ${b.tone}`}>{b.text}</span>
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
              {f.fromVideo && (
                <span className="proxy-badge still-badge" title="Shotlog took the sharpest well-exposed frame of the clip; upload a JPG to replace it">
                  from video
                </span>
              )}
            </a>
            <span className="muted small">{formatMB(f.sizeBytes)}</span>
          </li>
        ))}
      </ul>
      {set.stillFromVideo && (
        <div className="fileset-missing">
          <span className="muted small">Still taken from the video</span>
          <UploadButton set={set} slot="jpg" label="Use my own JPG" busy={busy} onFile={(file) => onReplace(set, 'jpg', file)} />
        </div>
      )}
      {missing.map((slot) => {
        if (slot === 'jpg' && set.shape === 'clip') {
          return (
            <div key={slot} className="fileset-missing">
              <span className={set.stillProblem ? 'error-text' : 'muted'}>
                {set.stillProblem ? `No still from the video: ${set.stillProblem}` : 'Taking the still from the video…'}
              </span>
              {set.stillProblem && <UploadButton set={set} slot="video" label="Replace video" busy={busy} onFile={(file) => onReplace(set, 'video', file)} />}
            </div>
          );
        }
        if (slot === 'srt' && set.shape === 'clip') {
          return (
            <div key={slot} className="fileset-missing fileset-no-telemetry">
              <span className={set.withoutTelemetry ? 'muted' : 'error-text'}>
                {set.withoutTelemetry
                  ? 'No .SRT: processed from the pictures alone (no place, shot types from the picture motion)'
                  : `Missing ${SLOT.srt.label}`}
              </span>
              <span className="fileset-actions">
                <UploadButton set={set} slot="srt" label="Upload srt" busy={busy} onFile={(file) => onReplace(set, 'srt', file)} />
                <button
                  type="button"
                  className="button button-small button-wrap"
                  disabled={!!busy}
                  onClick={() => onWithoutTelemetry(set, !set.withoutTelemetry)}
                >
                  {set.withoutTelemetry ? 'Wait for the .SRT' : 'Process without telemetry'}
                </button>
              </span>
            </div>
          );
        }
        return (
          <div key={slot} className="fileset-missing">
            <span className={notSent ? 'muted' : 'error-text'}>
              {notSent ? 'Not sent yet' : 'Missing'} {SLOT[slot].label}
            </span>
            <UploadButton set={set} slot={slot} label={`Upload ${slot}`} busy={busy} onFile={(file) => onReplace(set, slot, file)} />
          </div>
        );
      })}
      <div className="fileset-card-footer">
        <button type="button" className="link-button small" aria-label={`Remove file set ${set.baseName}`} disabled={!!busy} onClick={() => onRemove(set)}>
          {busy === `${set.id}:remove` ? 'Removing…' : 'Remove set'}
        </button>
      </div>
    </article>
  );
}
