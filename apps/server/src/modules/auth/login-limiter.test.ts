import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

describe('LoginLimiter', () => {
  it('locks one email from one address after the limit, for the rest of the window', () => {
    const l = new LoginLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) l.fail('1.1.1.1', 'a@x', 1000 + i);
    expect(l.retryAfter('1.1.1.1', 'a@x', 2000)).toBe(59);
    expect(l.retryAfter('2.2.2.2', 'a@x', 2000)).toBe(0);
    expect(l.retryAfter('1.1.1.1', 'b@x', 2000)).toBe(0);
    expect(l.retryAfter('1.1.1.1', 'a@x', 62_000)).toBe(0);
  });

  it('locks an address that tries many emails', () => {
    const l = new LoginLimiter(2, 60_000);
    for (let i = 0; i < 8; i++) l.fail('9.9.9.9', `u${i}@x`, 1000);
    expect(l.retryAfter('9.9.9.9', 'fresh@x', 1000)).toBeGreaterThan(0);
  });

  it('a success clears that email', () => {
    const l = new LoginLimiter(2, 60_000);
    l.fail('1.1.1.1', 'a@x', 0);
    l.succeed('1.1.1.1', 'a@x');
    l.fail('1.1.1.1', 'a@x', 1);
    expect(l.retryAfter('1.1.1.1', 'a@x', 2)).toBe(0);
  });
});
