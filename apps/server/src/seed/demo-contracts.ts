import type { Db } from '../db/client';

/** Demo contracts and schedules for the demo people (runs right after the people seed). */
export async function seedDemoContracts(_db: Db, _log: { info(msg: string): void }) {}
