import { useState, type FormEvent } from 'react';

/** The contact form: name, email and message, all required. Submitting sends nothing (SPEC §2). */
export function ContactPage() {
  const [sent, setSent] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
  };
  return (
    <section className="card narrow">
      <h1>Contact</h1>
      {sent && <p className="muted">Thank you. This form is not connected yet; please reach us by email in the meantime.</p>}
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
