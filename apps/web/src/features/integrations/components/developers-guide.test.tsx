import { createHmac, timingSafeEqual } from 'node:crypto';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { DevelopersGuide, VERIFY_SNIPPET } from './developers-guide';

type Verify = (body: string, header: string | undefined, secret: string, tolerance?: number) => boolean;

/** The snippet as a function: its import line dropped, the same Node functions handed in. */
function snippetFunction(): Verify {
  const body = VERIFY_SNIPPET.replace(/^import .*$/m, '').replace('export function', 'function');
  return new Function('createHmac', 'timingSafeEqual', 'Buffer', `${body}\nreturn verifyVahubSignature;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  ) as Verify;
}

describe('the Developers guide', () => {
  beforeEach(async () => {
    await initI18n();
    await ensureNamespace('integrations');
  });

  it('links the API reference and shows a call with a token for this installation', async () => {
    await renderWithProviders(<DevelopersGuide origin="https://hub.example.com" />);
    expect(screen.getByRole('link', { name: 'Open the API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByText(/Authorization: Bearer vah_YOUR_TOKEN/)).toHaveTextContent(
      'https://hub.example.com/api/v1/me',
    );
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });

  it('its Node snippet accepts a signature made as the issue says and refuses a wrong or old one', () => {
    const verify = snippetFunction();
    const secret = 'whsec_test';
    const body = '{"id":"evt_1","type":"ping"}';
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(verify(body, `t=${t},v1=${v1}`, secret)).toBe(true);
    expect(verify(`${body} `, `t=${t},v1=${v1}`, secret)).toBe(false);
    expect(verify(body, `t=${t},v1=${v1}`, 'another')).toBe(false);
    expect(
      verify(
        body,
        `t=${t - 3600},v1=${createHmac('sha256', secret)
          .update(`${t - 3600}.${body}`)
          .digest('hex')}`,
        secret,
      ),
    ).toBe(false);
    expect(verify(body, undefined, secret)).toBe(false);
  });
});
