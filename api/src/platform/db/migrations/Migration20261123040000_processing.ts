import { Migration } from '@mikro-orm/migrations';

/**
 * Processing runs and their per-file-set jobs. The partial unique index allows one running run per
 * project, so two concurrent starts cannot both pass; job rows carry the progress every API process
 * reads (nothing lives in one process's memory).
 */
export class Migration20261123040000_processing extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "processing_runs" ("id" uuid not null, "project_id" uuid not null, "user_id" uuid not null, "status" varchar(16) not null default 'running', "total_jobs" int not null, "succeeded_jobs" int not null default 0, "failed_jobs" int not null default 0, "cost_per_fileset" varchar(32) not null, "charged_cents" int not null, "refunded_cents" int null, "refund_posted_at" timestamptz null, "provider" varchar(32) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create unique index "processing_runs_one_running_per_project" on "processing_runs" ("project_id") where "status" = 'running';`);
    this.addSql(`create index "processing_runs_project_id_created_at_index" on "processing_runs" ("project_id", "created_at");`);
    this.addSql(
      `alter table "processing_runs" add constraint "processing_runs_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "processing_jobs" ("id" uuid not null, "run_id" uuid not null, "file_set_id" uuid not null, "status" varchar(16) not null default 'pending', "progress" int not null default 0, "stage" varchar(32) null, "stage_message" varchar(255) null, "attempts" int not null default 0, "error" text null, "started_at" timestamptz null, "finished_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "processing_jobs" add constraint "processing_jobs_run_id_file_set_id_unique" unique ("run_id", "file_set_id");`);
    this.addSql(`create index "processing_jobs_file_set_id_index" on "processing_jobs" ("file_set_id");`);
    this.addSql(
      `alter table "processing_jobs" add constraint "processing_jobs_run_id_foreign" foreign key ("run_id") references "processing_runs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "processing_jobs" add constraint "processing_jobs_file_set_id_foreign" foreign key ("file_set_id") references "file_sets" ("id") on delete cascade;`,
    );
  }
}
