import { expect, it } from 'vitest';
import { baseName } from '../base/public';

it('names the base', () => expect(baseName).toBe('base'));
