import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { SetContactEmailMutation, SetPaymentInstructionsMutation } from '../modules/admin/graphql/admin.graphql';
import { ContactEmailQuery, PaymentInstructionsQuery } from '../modules/credits/graphql/credits.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { serverMessage } from '../client/graphql-errors';

const METHODS = [
  { key: 'bank', label: 'Bank transfer', hint: 'Account holder, IBAN or account number, bank, SWIFT/BIC.', max: 1000, lines: 5 },
  { key: 'paypal', label: 'PayPal', hint: 'The PayPal e-mail or paypal.me link to pay to.', max: 200, lines: 1 },
  { key: 'venmo', label: 'Venmo', hint: 'The Venmo handle, e.g. @shotlog.', max: 200, lines: 1 },
  { key: 'other', label: 'Other', hint: 'Any other way to pay, in your words.', max: 1000, lines: 3 },
] as const;
type Key = (typeof METHODS)[number]['key'];

/** Payment instructions per method (buyers see them after a purchase request and get them by e-mail) and the contact address (administrators). */
export function AdminPaymentsPage() {
  const current = useQuery(PaymentInstructionsQuery, { fetchPolicy: 'network-only' });
  const contact = useQuery(ContactEmailQuery, { fetchPolicy: 'network-only' });
  const [save, { loading: saving }] = useMutation(SetPaymentInstructionsMutation, { refetchQueries: ['PaymentInstructions'] });
  const [saveContact, { loading: savingContact }] = useMutation(SetContactEmailMutation, { refetchQueries: ['ContactEmail'] });
  const [draft, setDraft] = useState<Partial<Record<Key, string>>>({});
  const [contactDraft, setContactDraft] = useState<string | null>(null);
  const [flash, setFlash] = useState<{ ok: boolean; message: string } | null>(null);
  const saved = current.data?.paymentInstructions;
  const value = (k: Key) => draft[k] ?? saved?.[k] ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({ variables: { input: Object.fromEntries(METHODS.map((m) => [m.key, value(m.key)])) } });
      setDraft({});
      setFlash({ ok: true, message: 'Payment instructions saved. New purchase requests show them and e-mail them to the buyer.' });
    } catch (err) {
      setFlash({ ok: false, message: serverMessage(err, 'The payment instructions could not be saved') });
    }
  };
  const submitContact = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await saveContact({ variables: { email: contactDraft ?? '' } });
      setContactDraft(null);
      setFlash({ ok: true, message: r.data?.setContactEmail ? `Contact address set to ${r.data.setContactEmail}.` : 'Contact address removed.' });
    } catch (err) {
      setFlash({ ok: false, message: serverMessage(err, 'The contact address could not be saved') });
    }
  };

  return (
    <AdminPage title="Payments and Contact">
      {flash && (
        <Banner tone={flash.ok ? 'success' : 'error'} onClose={() => setFlash(null)}>
          {flash.message}
        </Banner>
      )}
      {(current.loading || contact.loading) && !saved && <Loading />}
      <form className="card form" onSubmit={submit}>
        <h2>Payment instructions</h2>
        <p className="muted small">Leave a method empty to not offer it. Buyers are asked to write their request's reference (e.g. SL-7K3Q9) on the payment.</p>
        {METHODS.map((m) => (
          <label key={m.key}>
            {m.label}
            {m.lines > 1 ? (
              <textarea rows={m.lines} maxLength={m.max} value={value(m.key)} onChange={(e) => setDraft((d) => ({ ...d, [m.key]: e.target.value }))} />
            ) : (
              <input maxLength={m.max} value={value(m.key)} onChange={(e) => setDraft((d) => ({ ...d, [m.key]: e.target.value }))} />
            )}
            <span className="muted small">{m.hint}</span>
          </label>
        ))}
        <button type="submit" className="button button-primary" disabled={saving || Object.keys(draft).length === 0}>
          {saving ? 'Saving...' : 'Save payment instructions'}
        </button>
      </form>
      <form className="card form" onSubmit={submitContact}>
        <h2>Contact address</h2>
        <p className="muted small">Shown in the footer of every page and on the sign-in page, so people can reach you.</p>
        <label>
          Contact e-mail
          <input type="email" maxLength={254} value={contactDraft ?? contact.data?.contactEmail ?? ''} onChange={(e) => setContactDraft(e.target.value)} />
        </label>
        <button type="submit" className="button button-primary" disabled={savingContact || contactDraft === null}>
          {savingContact ? 'Saving...' : 'Save contact address'}
        </button>
      </form>
    </AdminPage>
  );
}
