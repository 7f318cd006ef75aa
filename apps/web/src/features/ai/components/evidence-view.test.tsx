import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ensureNamespace } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { AiMarkdown, ClaimsList, SignalsList } from './evidence-view';

const claim = {
  text: 'Ann Lee clocked in 7 min late.',
  evidence: [
    {
      id: 'att12.clock_in',
      label: 'Clocked in',
      value: '10:07, 7 min late',
      page: 'reports/activity-logs/12',
    },
  ],
};
const signal = {
  id: 'att12.signal.input_repeat.1',
  rule: 'input_repeat',
  confidence: 'medium',
  threshold: 'the same keyboard and mouse counts in every ping for at least 10 minutes',
  observed: '60 keys and 30 mouse events in each of 25 pings over 25 minutes',
  from: '10:37',
  to: '11:01',
  page: 'screenshots?attendance_id=12',
};

describe('the evidence of an AI report', () => {
  it("links each claim to its evidence on the viewer's own dashboard", async () => {
    await ensureNamespace('ai');
    await renderWithProviders(
      <>
        <ClaimsList claims={[claim]} area="client" />
        <SignalsList signals={[signal]} area="admin" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Clocked in' })).toHaveAttribute(
      'href',
      '/client-dashboard/reports/activity-logs/12',
    );
    expect(screen.getByText('Needs review (medium confidence)')).toBeInTheDocument();
    expect(screen.getByText(`Rule: ${signal.threshold}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Evidence' })).toHaveAttribute(
      'href',
      '/admin-dashboard/screenshots?attendance_id=12',
    );
  });

  it('roots relative links of the markdown at the dashboard and shows HTML as text', async () => {
    await renderWithProviders(
      <AiMarkdown
        source={
          '- Worked. [att12.worked](reports/activity-logs/12)\n\n<script>alert(1)</script> [x](https://example.com)'
        }
        area="admin"
      />,
    );
    expect(screen.getByRole('link', { name: 'att12.worked' })).toHaveAttribute(
      'href',
      '/admin-dashboard/reports/activity-logs/12',
    );
    expect(screen.getByRole('link', { name: 'x' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.getByTestId('ai-markdown').textContent).toContain('<script>alert(1)</script>');
    expect(document.querySelector('script[src], [data-testid="ai-markdown"] script')).toBeNull();
  });
});
