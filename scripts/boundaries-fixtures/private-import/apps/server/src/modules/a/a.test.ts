import { expect, it } from 'vitest';
import { bName } from '../b/b.service';

it('names b', () => expect(bName).toBe('b'));
