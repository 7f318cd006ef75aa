import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Payments } from '../../platform/payments/types';
import { transport } from '../mail/public';

export const ok = { createHash, eq, z, transport } satisfies Record<string, unknown>;
export type Uses = Payments;
