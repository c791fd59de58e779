/** The new password typed twice, as Change Password and the reset page both ask for it. */
export function NewPasswordFields() {
  return (
    <>
      <label>
        New password
        <input name="newPassword" type="password" autoComplete="new-password" minLength={6} required />
      </label>
      <label>
        Confirm new password
        <input name="confirmPassword" type="password" autoComplete="new-password" minLength={6} required />
      </label>
    </>
  );
}

/** The sign-up rules (SPEC §5) checked before a round trip; the server checks them again. */
export function newPasswordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return 'Passwords do not match';
  if (newPassword.length < 6) return 'Password must be at least 6 characters long';
  return null;
}
