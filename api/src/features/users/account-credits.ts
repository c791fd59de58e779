/**
 * What accounts use of a user's credits: the balance shown with the profile, and opening the ledger
 * stream with the sign-up bonus. CreditsService provides it; accounts sit below the features, so
 * they name the shape rather than import the service (the compiler checks that the service fits
 * where app/ hands it over).
 */
export interface AccountCredits {
  balance(userId: string): Promise<string>;
  onboard(userId: string): Promise<void>;
}
