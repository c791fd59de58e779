import { defineModule, services } from '../kernel/feature-module.js';
import type { Orm } from '../db/database.js';
import { Setting } from './setting.entity.js';
import { SettingsService } from './settings.service.js';

/** Site settings an administrator edits (credit markup, base cost per file set); credits and admin read them. */
export const settingsModule = defineModule({
  name: 'settings',
  entities: [Setting],
  services: services({ orm: true }, (d: { orm: Orm }) => ({ settings: new SettingsService(d.orm) })),
});
