/** The plain 'Loading...' state SPEC §2 names. */
export const Loading = ({ label = 'Loading...' }: { label?: string }) => (
  <p className="muted loading" aria-busy="true">
    {label}
  </p>
);
