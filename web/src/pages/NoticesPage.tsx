const NOTICES = [
  { date: 'Nov 2026', title: 'Welcome to Shotlog', text: 'New accounts receive 100 free credits to try processing on their own footage.' },
  { date: 'Nov 2026', title: 'Agency formats', text: 'Exports cover the Standard and Pond5 CSVs, with Adobe Stock and Shutterstock formats alongside.' },
  { date: 'Nov 2026', title: 'Scheduled maintenance', text: 'Maintenance windows will be announced here in advance.' },
];

/** Placeholder notices (SPEC §2). */
export function NoticesPage() {
  return (
    <section className="stack">
      <h1>Notices</h1>
      {NOTICES.map((n) => (
        <article key={n.title} className="card">
          <p className="muted small">{n.date}</p>
          <h3>{n.title}</h3>
          <p>{n.text}</p>
        </article>
      ))}
    </section>
  );
}
