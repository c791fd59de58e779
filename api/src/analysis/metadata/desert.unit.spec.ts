/**
 * A desert from the pictures alone (scene.ts desertScene): bright warm bare ground with no plants,
 * water or snow is called a desert wherever it is; nothing else is, not even a town of orange roofs.
 */
import { flightGrid, SCENES } from '../quality/flight-grid.js';
import { offlineMetadata } from './offline.js';
import { desertScene } from './scene.js';
import type { ClipFacts } from './types.js';

const withScene = (f: ClipFacts, name: string): ClipFacts => ({ ...f, scene: SCENES[name]!, image: SCENES[name]! });
const says = (f: ClipFacts) => {
  const c = offlineMetadata(f).result.content;
  return /\bdesert\b/i.test([c.title, c.final_description, c.keywords.join(', ')].join('\n'));
};

it('takes only the desert picture for a desert', () => {
  const base = flightGrid()[0]!.facts;
  expect(Object.keys(SCENES).filter((name) => SCENES[name] && desertScene(withScene(base, name)))).toEqual(['desert']);
});

it('calls open land with desert pictures a desert, in title, description and keywords, and no other scene', () => {
  const grid = flightGrid();
  const onLand = grid.filter(({ facts }) => facts.place?.country);
  expect(onLand.length).toBeGreaterThan(10);
  let deserts = 0;
  for (const { label, facts } of grid) {
    if (facts.scene === SCENES.desert && facts.place?.country && facts.place.city === null) {
      const c = offlineMetadata(facts).result.content;
      expect([label, c.title]).toEqual([label, expect.stringMatching(/^Desert landscape/)]);
      expect(c.keywords).toEqual(expect.arrayContaining(['desert', 'arid']));
      deserts++;
    }
    if (facts.scene !== SCENES.desert) expect([label, says(facts)]).toEqual([label, false]);
  }
  expect(deserts).toBeGreaterThan(0);
  // A rural point whose pictures show a town (grey and orange roofs) is not a desert.
  const rural = onLand.find(({ facts }) => facts.place?.city)!.facts;
  expect(says(withScene(rural, 'city'))).toBe(false);
});
