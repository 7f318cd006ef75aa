import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      embedded: true,
      seedDemo: false,
      OAUTH_WEB_CLIENT_SECRET: 'web-app-secret',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      LOG_FORMAT: 'json',
    });
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow('LOG_FORMAT: expects json or pretty');
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('switches to PostgreSQL with DATABASE_URL; the demo is seeded only when asked, on either database', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c).toMatchObject({ embedded: false, seedDemo: false });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('names each bad variable and what it expects', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        SMTP_URL: 'mail.example.com',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT: expects a port number');
      expect(message).toContain('DATABASE_URL: expects a postgres:// connection URL');
      expect(message).toContain('SEED_DEMO: expects true or false');
      expect(message).toContain('SMTP_URL: expects smtp://');
    }
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: expects at least 32 characters/);
  });
});
