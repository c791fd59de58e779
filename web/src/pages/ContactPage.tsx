import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Banner } from '../ui/Banner';
import { SendContactMessageMutation } from '../modules/contact/graphql/contact.graphql';
import { ContactEmailQuery } from '../modules/credits/graphql/credits.graphql';
import { isNetworkError, serverMessage } from '../client/graphql-errors';

/** The contact form: name, email and message, all required; the message reaches the administrators' inbox and their e-mail. */
export function ContactPage() {
  const [send, { loading }] = useMutation(SendContactMessageMutation);
  const contact = useQuery(ContactEmailQuery).data?.contactEmail;
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    try {
      const r = await send({
        variables: { input: { name: String(data.get('name')), email: String(data.get('email')), message: String(data.get('message')) } },
      });
      setResult({ ok: true, message: r.data?.sendContactMessage.message ?? 'Sent.' });
      form.reset();
    } catch (err) {
      setResult({
        ok: false,
        message: isNetworkError(err) ? 'The server could not be reached. Please try again later.' : serverMessage(err, 'Please try again.'),
      });
    }
  };
  return (
    <section className="card narrow">
      <h1>Contact</h1>
      <p className="muted">
        Questions about Shotlog, credits or your account? Write to us
        {contact ? (
          <>
            {' '}
            here or at <a href={`mailto:${contact}`}>{contact}</a>.
          </>
        ) : (
          '.'
        )}
      </p>
      {result && (
        <Banner tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.message}
        </Banner>
      )}
      <form onSubmit={submit} className="form">
        <label>
          Name
          <input name="name" required maxLength={100} />
        </label>
        <label>
          Email
          <input name="email" type="email" required maxLength={254} />
        </label>
        <label>
          Message
          <textarea name="message" rows={6} required maxLength={5000} />
        </label>
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Sending...' : 'Send'}
        </button>
      </form>
    </section>
  );
}
