import { defineModule, handlers } from '../kernel/feature-module.js';
import { mountExplorer, type ExplorerDeps } from './explorer.routes.js';

/** The in-browser GraphQL explorer at /explorer (where introspection is on). */
export const explorerModule = defineModule({
  name: 'explorer',
  handlers: handlers<ExplorerDeps>({ config: true }, { mount: mountExplorer }),
});
