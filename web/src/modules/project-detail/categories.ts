/**
 * Stock-agency category options, mirrored from SPEC §3: the editor uses the server's `categoryOptions`
 * and these only until that answer arrives (the API keeps the same lists in
 * api/src/results/categories.ts and refuses any other value on save).
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

/** The second agency's (Shutterstock's) list; the same options serve selectors A and B. */
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
