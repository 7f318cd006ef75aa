import { describe, expect, it } from 'vitest';
import { canDelete, canTransition, transitionError } from './statuses';

describe('contract statuses', () => {
  it('draft → active ⇄ paused → ended', () => {
    expect(canTransition('draft', 'active')).toBe(true);
    expect(canTransition('active', 'paused')).toBe(true);
    expect(canTransition('paused', 'active')).toBe(true);
    expect(canTransition('paused', 'ended')).toBe(true);
    expect(canTransition('active', 'ended')).toBe(true);
    expect(canTransition('draft', 'paused')).toBe(false);
    expect(canTransition('ended', 'active')).toBe(false);
    expect(transitionError('ended', 'active')).toMatch(/ended/);
    expect(transitionError('active', 'draft')).toMatch(/draft/);
    expect(transitionError('draft', 'draft')).toBeNull();
  });
  it('only drafts and ended contracts can be deleted', () => {
    expect(canDelete('draft')).toBe(true);
    expect(canDelete('ended')).toBe(true);
    expect(canDelete('active')).toBe(false);
    expect(canDelete('paused')).toBe(false);
  });
});
