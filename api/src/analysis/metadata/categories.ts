/**
 * Stock-agency category vocabularies (SPEC §3). Adobe's list is in Adobe Stock's own order, so the
 * 1-based index is the category number its CSV upload expects.
 */
export const ADOBE_CATEGORIES = [
  'Animals',
  'Buildings and Architecture',
  'Business',
  'Drinks',
  'The Environment',
  'States of Mind',
  'Food',
  'Graphic Resources',
  'Hobbies and Leisure',
  'Industry',
  'Landscape',
  'Lifestyle',
  'People',
  'Plants and Flowers',
  'Culture and Religion',
  'Science',
  'Social Issues',
  'Sports',
  'Technology',
  'Transport',
  'Travel',
] as const;

/** The second agency's (Shutterstock's) categories; the same list serves selectors A and B. */
export const SHUTTERSTOCK_CATEGORIES = [
  'Animals/Wildlife',
  'Arts',
  'Backgrounds/Textures',
  'Buildings/Landmarks',
  'Business/Finance',
  'Education',
  'Food and Drink',
  'Healthcare/Medical',
  'Holidays',
  'Industrial',
  'Nature',
  'Objects',
  'People',
  'Religion',
  'Science',
  'Signs/Symbols',
  'Sports/Recreation',
  'Technology',
  'Transportation',
] as const;

export type AdobeCategory = (typeof ADOBE_CATEGORIES)[number];
export type ShutterstockCategory = (typeof SHUTTERSTOCK_CATEGORIES)[number];

/** Adobe Stock's category number (1 to 21), or null when the name is not one of Adobe's. */
export function adobeCategoryNumber(name: string | null | undefined): number | null {
  const i = ADOBE_CATEGORIES.indexOf(name as AdobeCategory);
  return i < 0 ? null : i + 1;
}
