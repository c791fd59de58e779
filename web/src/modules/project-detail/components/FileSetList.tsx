import { useState } from 'react';
import type { DetailFileSet } from '../types';
import type { SetDisplayStatus } from '../progress-rules';
import { SetStatusDot } from './SetStatusDot';
import { FilmIcon } from '../../../ui/icons';
import type { AgencyRefusal } from '../hooks/use-agency-findings';

export interface FileSetListItem {
  set: DetailFileSet;
  title: string;
  status: SetDisplayStatus;
  percent: number | null;
  edited: boolean;
  /** Agencies that would refuse the set's row as saved, and why. */
  agencyRefusals: AgencyRefusal[];
}

const shortAgency = (name: string) => name.replace(/ Stock$/, '');

/** The set's small thumbnail (never the original still: those weigh 5-12 MB each); a film frame without one. */
function Thumbnail({ uri }: { uri: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="pd-thumb">{uri && !failed ? <img src={uri} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} /> : <FilmIcon />}</span>
  );
}

/** "⚠ Adobe" beside a set an agency would refuse; the reasons in its tooltip and accessible name. */
function AgencyBadge({ refusals }: { refusals: AgencyRefusal[] }) {
  if (refusals.length === 0) return null;
  const why = refusals.map((r) => `${r.agency}: ${r.problems.join('; ')}`).join('\n');
  return (
    <span className="pd-agency-badge small" data-testid="agency-badge" title={why} aria-label={`Would be refused. ${why}`}>
      ⚠ {refusals.map((r) => shortAgency(r.agency)).join(', ')}
    </span>
  );
}

/** "No telemetry" beside a set processed without its .SRT: what it lacked, in full, in its tooltip and accessible name. */
function LackedBadge({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <span className="pd-lacked-badge small" data-testid="lacked-badge" title={note} aria-label={note}>
      No telemetry
    </span>
  );
}

/** SPEC §2 right side: every set with its thumbnail (made from the JPG), title and status; the selected one highlighted. */
export function FileSetList({ items, selectedIndex, onSelect }: { items: FileSetListItem[]; selectedIndex: number; onSelect(index: number): void }) {
  return (
    <section className="pd-list card" aria-label="File sets">
      <h2 className="pd-list-heading">
        File Sets <span className="muted small">({items.length})</span>
      </h2>
      <ul>
        {items.map(({ set, title, status, percent, edited, agencyRefusals }, i) => {
          const selected = i === selectedIndex;
          return (
            <li key={set.id}>
              <button
                type="button"
                className={`pd-list-item${selected ? ' selected' : ''}`}
                aria-current={selected ? 'true' : undefined}
                data-testid="file-set-item"
                onClick={() => onSelect(i)}
              >
                <Thumbnail uri={set.thumbnailUri} />
                <span className="pd-list-text">
                  <span className="pd-list-title" title={title}>
                    {title}
                    {edited && (
                      <span className="pd-edited" title="Unsaved edits" aria-label="Unsaved edits">
                        ●
                      </span>
                    )}
                  </span>
                  <span className="muted small mono pd-list-file">{set.baseName}</span>
                  <span className="pd-list-status">
                    <SetStatusDot status={status} percent={percent} />
                    <AgencyBadge refusals={agencyRefusals} />
                    <LackedBadge note={set.resultNote} />
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
