import { vi } from 'vitest';

vi.mock('ioredis');
