/**
 * What accounts use of a user's credits: the balance shown with the profile, and opening the ledger
 * stream with the sign-up bonus. The credits module provides it (`credits`); accounts sit below
 * the features, so they name the shape rather than import the service (the composition root checks
 * at compile time that the registry's `credits` fits: app/module-list.ts).
 */
export interface AccountCredits {
  balance(userId: string): Promise<string>;
  onboard(userId: string): Promise<void>;
}
