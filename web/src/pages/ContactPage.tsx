import type { FormEvent } from 'react';

/** The contact form: name, email and message, all required. Submitting sends nothing (SPEC §2). */
export function ContactPage() {
  // The browser checks the required fields; past that, nothing happens and nothing is sent.
  const submit = (e: FormEvent) => e.preventDefault();
  return (
    <section className="card narrow">
      <h1>Contact</h1>
      <p className="muted">Questions about Shotlog, credits or your account? Write to us.</p>
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
