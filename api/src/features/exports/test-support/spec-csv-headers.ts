/**
 * SPEC §9's CSV headers, written out here from the spec rather than imported from csv-formats.ts,
 * so a test comparing an export with them catches a wrong header in the code.
 */
export const SPEC_STANDARD_HEADER = [
  'originalfilename',
  'Title',
  'Description',
  'Keywords',
  'Adobe_Category',
  'Shutterstock_A',
  'Shutterstock_B',
  'Latitude',
  'Longitude',
  'City',
  'Country',
];

export const SPEC_POND5_HEADER = ['originalfilename', 'Title', 'Description', 'Keywords', 'City', 'Country', 'containsaudio'];
