import type { Generated } from 'kysely';

export interface JobWorkerTable {
  id: string;
  started_at: Generated<Date>;
  heartbeat_at: Date;
}

export interface JobLeaseTable {
  job_id: string;
  queue: string;
  worker_id: string;
  leased_at: Generated<Date>;
}

export interface JobsTables {
  job_workers: JobWorkerTable;
  job_leases: JobLeaseTable;
}
