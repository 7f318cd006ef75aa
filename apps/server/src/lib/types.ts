import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../modules/mail/mailer';
import type { Realtime } from '../platform/realtime/types';
import type { Transact } from '../platform/transaction';
import type { Clock } from './clock';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every service needs, built once per app and passed explicitly (no globals). */
export type Deps = {
  db: Db;
  /** Opens a transaction with after-commit hooks; the only way services open one. */
  transaction: Transact;
  database: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: Uint8Array;
  /** WebSocket delivery to the viewers of a change (`/api/v1/ws`), across instances with Redis. */
  realtime: Realtime;
};
