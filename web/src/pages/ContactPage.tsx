import { useState, type FormEvent } from 'react';
import { Banner } from '../ui/Banner';

/**
 * The contact form: name, email and message, all required. Submitting sends nothing (SPEC §2),
 * and the page says so instead of leaving the user to wonder whether it went.
 */
export function ContactPage() {
  const [submitted, setSubmitted] = useState(false);
  // The browser checks the required fields; past that, nothing is sent.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
  };
  return (
    <section className="card narrow">
      <h1>Contact</h1>
      <p className="muted">Questions about Shotlog, credits or your account? Write to us.</p>
      {submitted && (
        <Banner tone="info" onClose={() => setSubmitted(false)}>
          Thanks. This form does not send messages yet, so nothing was sent. Please ask the administrator of this Shotlog, who can also help with credits and
          password-reset links.
        </Banner>
      )}
      <form onSubmit={submit} className="form">
        <label>
          Name
          <input name="name" required />
        </label>
        <label>
          Email
          <input name="email" type="email" required />
        </label>
        <label>
          Message
          <textarea name="message" rows={6} required />
        </label>
        <button type="submit" className="button button-primary">
          Send
        </button>
      </form>
    </section>
  );
}
