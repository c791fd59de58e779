import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { AdminUsersQuery } from '../graphql/admin.graphql';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import '../user-picker.css';

/** The server is asked once typing pauses this long, for this many matches (type more to narrow). */
const SEARCH_DELAY_MS = 250;
const MATCHES_SHOWN = 20;

export interface PickedUser {
  id: string;
  username: string;
}

/** A match as the server returns it (what `detail` may show besides the name and e-mail). */
export interface UserMatch extends PickedUser {
  email: string;
  creditBalance: string;
}

/**
 * One user out of thousands, found by typing part of a username, e-mail or name: the server searches
 * (adminUsers(search:)), so no user is out of reach. An ARIA combobox with a listbox popup: typing or
 * Down opens it, Up/Down move, Enter picks, Escape closes; an emptied field means no user.
 * Used by the ledger explorer's filter and by Manage User Credits (which adds each match's balance as `detail`).
 */
export function UserPicker({
  label,
  placeholder,
  value,
  onChange,
  detail,
}: {
  label: string;
  placeholder: string;
  value: PickedUser | null;
  onChange(user: PickedUser | null): void;
  /** An extra line per match, after the e-mail. */
  detail?(user: UserMatch): string;
}) {
  const id = useId();
  const ids = { input: `${id}input`, list: `${id}list` };
  const optionId = (i: number) => `${id}option${i}`;
  // What is being typed; null while the field shows the picked user.
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = (draft ?? '').trim();
  const term = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const { data, previousData, loading, error } = useQuery(AdminUsersQuery, {
    variables: { first: MATCHES_SHOWN, search: term || null },
    skip: !open,
    // Cached matches show at once but are refreshed: balances change while the page stays open.
    fetchPolicy: 'cache-and-network',
  });
  // The last answer stays up while the next one loads, so the list does not flicker per key.
  const shown = data ?? previousData;
  const users = shown?.adminUsers.edges.map((e) => e.node) ?? [];
  const total = shown?.adminUsers.totalCount ?? 0;
  const busy = typed !== term || loading;
  const activeIndex = open && users.length ? Math.min(Math.max(active, 0), users.length - 1) : -1;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  let status = '';
  if (error) status = 'Could not search users';
  else if (busy) status = 'Searching…';
  else if (users.length === 0) status = term ? `No users match “${term}”` : 'No users';
  else if (total > users.length) status = `${users.length} of ${total} users shown: type more to narrow`;
  else status = `${total} ${total === 1 ? 'user' : 'users'}`;

  const close = () => {
    setOpen(false);
    setDraft(null);
  };
  const pick = (user: PickedUser) => {
    onChange({ id: user.id, username: user.username });
    close();
  };
  // Leaving or confirming an emptied field drops the user; any other unfinished text is undone.
  const finish = () => {
    if (draft !== null && typed === '' && value) onChange(null);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive(open ? Math.min(activeIndex + 1, users.length - 1) : 0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Not while a search is under way: the highlighted row may belong to the previous text.
      if (activeIndex >= 0 && !busy) pick(users[activeIndex]);
      else if (draft !== null && typed === '') finish();
    } else if (e.key === 'Escape' && (open || draft !== null)) {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className="user-picker">
      <label htmlFor={ids.input}>{label}</label>
      <div className="user-picker-field">
        <input
          id={ids.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={draft ?? value?.username ?? ''}
          onChange={(e) => {
            setDraft(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={finish}
        />
        {value && (
          <button
            type="button"
            className="user-picker-clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            title={`Clear ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            ×
          </button>
        )}
        {/* Clicks inside must not blur the input first, or the popup would close before the pick. */}
        <div className="user-picker-popup" hidden={!open} onMouseDown={(e) => e.preventDefault()}>
          <ul role="listbox" id={ids.list} aria-label={`${label} matches`}>
            {open &&
              users.map((u, i) => (
                <li
                  key={u.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  className={u.id === value?.id ? 'current' : undefined}
                  onMouseMove={() => setActive(i)}
                  onClick={() => pick(u)}
                >
                  <span className="user-picker-name">{u.username}</span>
                  <span className="user-picker-email">{u.email}</span>
                  {detail && <span className="user-picker-detail">{detail(u)}</span>}
                </li>
              ))}
          </ul>
          <p className="user-picker-status" aria-hidden="true">
            {status}
          </p>
        </div>
      </div>
      <span className="visually-hidden" role="status">
        {open && !busy ? status : ''}
      </span>
    </div>
  );
}
