import { entitiesOf } from '../app/compose.js';
import { modules } from '../app/module-list.js';
import { ALL_ENTITIES } from './entities.js';

it("the service tier's entity list is the composition root's", () => {
  const names = (list: readonly { name: string }[]) => list.map((e) => e.name).sort();
  expect(names(ALL_ENTITIES)).toEqual(names(entitiesOf(modules)));
});
