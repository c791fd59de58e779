import { tableColumns } from '../../platform/db/table-columns.js';

/**
 * The delivery feature's tables as its SQL stores (delivery-connections.ts, deliveries.ts, the
 * worker) read and write them; app/schema-drift.int.spec.ts checks these declarations against the
 * migrated database.
 */

/** An account's upload server at an agency; `secret_sealed` is the sealed password or key (secret-box.ts). */
export const DELIVERY_CONNECTIONS = tableColumns('delivery_connections', {
  id: 'uuid',
  user_id: 'uuid',
  name: 'varchar',
  agency: 'varchar',
  protocol: 'varchar',
  host: 'varchar',
  port: 'int4',
  username: 'varchar',
  secret_kind: 'varchar',
  secret_sealed: 'text?',
  secret_missing_reason: 'varchar?',
  last_test_ok: 'bool?',
  last_test_message: 'text?',
  last_test_at: 'timestamptz?',
  paused_at: 'timestamptz?',
  paused_reason: 'varchar?',
  remote_folder: 'varchar',
  host_key: 'varchar?',
  allow_overwrite: 'bool',
  create_folder: 'bool',
  max_sessions: 'int4',
  receives: '_text?',
  check_rules: 'varchar?',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
});

/** One delivery of a project's files; `override`: sent despite the agency's checks. */
export const DELIVERIES = tableColumns('deliveries', {
  id: 'uuid',
  project_id: 'uuid',
  user_id: 'uuid',
  override: 'bool',
  created_at: 'timestamptz',
  resend_of: 'uuid?',
  /** Who started it: the owner, or an administrator acting for them (null once that account is deleted). */
  started_by: 'uuid?',
});

/**
 * One file to one connection in a delivery (unique per delivery, connection and media file), read
 * and written in guarded SQL by the workers.
 */
export const DELIVERY_ITEMS = tableColumns('delivery_items', {
  id: 'uuid',
  delivery_id: 'uuid',
  connection_id: 'uuid',
  media_file_id: 'uuid',
  file_set_id: 'uuid',
  filename: 'varchar',
  storage_key: 'varchar',
  remote_path: 'varchar',
  size_bytes: 'int8',
  sha256: 'varchar',
  status: 'varchar',
  bytes_sent: 'int8',
  bytes_per_second: 'float8',
  attempts: 'int4',
  message: 'text?',
  updated_at: 'timestamptz',
  remote_place: 'varchar',
  remote_size: 'int8?',
  remote_checksum: 'varchar?',
  force: 'bool',
  /** The job whose session is sending it (item-claims.ts); only meaningful while queued or sending. */
  claimed_by: 'uuid?',
});

/**
 * What Shotlog put on a server, by content (issue 33): per connection, place and remote name, the
 * SHA-256 and size of what it last renamed into place (size and any checksum confirmed), and of the
 * upload it began under `temp_name` (`pending_*`), which only the same content may resume.
 */
export const DELIVERY_REMOTE_FILES = tableColumns('delivery_remote_files', {
  connection_id: 'uuid',
  place: 'varchar',
  remote_name: 'varchar',
  sha256: 'varchar?',
  size_bytes: 'int8?',
  pending_sha256: 'varchar?',
  pending_size: 'int8?',
  temp_name: 'varchar?',
  remote_checksum: 'varchar?',
  updated_at: 'timestamptz',
});
