import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract, fieldsOf, page, pdf, png, signIn, VA } from '../test-utils';
import { choose, mount, posts, send, typeDate } from './form-test-helpers';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the attachment', { timeout: 60_000 }, () => {
  it('is required for sick leave, and sent as the file field', async () => {
    const { calls, onSent, user } = await mount('sick');
    await typeDate(user, /^First day/, '2026-12-01');
    await send(user);
    expect(
      await screen.findByText('Attach a document: this request needs one (PDF or image)'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toEqual([]);

    await user.upload(screen.getByTestId('attachment-input'), pdf());
    expect(screen.getByTestId('attachment-name')).toHaveTextContent('certificate.pdf');
    expect(screen.getByRole('group', { name: /^Attachment/ })).toHaveTextContent('2 kB');
    expect(
      screen.queryByText('Attach a document: this request needs one (PDF or image)'),
    ).not.toBeInTheDocument();
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'sick_leave',
      contract_id: '7',
      target_start_date: '2026-12-01',
      target_end_date: '2026-12-01',
      file: 'file:certificate.pdf',
    });
  });

  it('refuses a dropped file of another type or over 10 MB, and previews a dropped image', async () => {
    await mount('sick');
    const zone = screen.getByTestId('attachment-zone');
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('Attach a PDF or an image (PNG, JPEG or WebP)')).toBeInTheDocument();
    expect(screen.queryByTestId('attachment-name')).not.toBeInTheDocument();

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [huge] } });
    expect(await screen.findByText('An attachment may be at most 10 MB')).toBeInTheDocument();

    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(await screen.findByRole('img', { name: 'Preview of receipt.png' })).toHaveAttribute(
      'src',
      'blob:download',
    );
    expect(screen.queryByText('An attachment may be at most 10 MB')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove receipt.png' }));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
  });
});

describe('asking for overtime', { timeout: 60_000 }, () => {
  it('offers the started shifts of the contract (the ongoing one too), and sends shift, minutes and file', async () => {
    const { calls, onSent, user } = await mount('overtime');
    await user.click(screen.getByRole('combobox', { name: /^Shift/ }));
    const options = await screen.findAllByRole('option');
    // The absent shift of Nov 23 never started: no overtime on it.
    expect(options.map((o) => o.textContent)).toEqual([
      'Wed, Nov 25 · 09:00 – 17:00 (ongoing)',
      'Tue, Nov 24 · 09:00 – 17:00',
    ]);
    await user.click(options[1]);
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '45');
    await user.upload(screen.getByTestId('attachment-input'), png());
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'overtime',
      contract_id: '7',
      attendance_id: '31',
      minutes: '45',
      file: 'file:receipt.png',
    });
  });

  it("keeps the minutes within the contract's limit, and shows the server's refusal on them", async () => {
    const { calls, user } = await mount('overtime', (url, method) =>
      url.pathname === `${VA}/user-requests` && method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'Overtime is a whole number of minutes from 1 to 1440',
              errors: { minutes: ['Overtime is a whole number of minutes from 1 to 1440'] },
              codes: { minutes: [{ code: 'requests.minutes_range', params: { max: 1440 } }] },
            },
          }
        : undefined,
    );
    await choose(user, /^Shift/, /Nov 24/);
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '150');
    await user.upload(screen.getByTestId('attachment-input'), pdf());
    await send(user);
    expect(
      await screen.findByText('Overtime is a whole number of minutes from 1 to 120'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /^Minutes of overtime/ }));
    await user.type(screen.getByRole('textbox', { name: /^Minutes of overtime/ }), '90');
    await send(user);
    expect(
      await screen.findByText('Overtime is a whole number of minutes from 1 to 1440'),
    ).toBeInTheDocument();
    expect(posts(calls, 'user-requests')).toHaveLength(1);
  });

  it('says a contract that counts overtime already needs no request', async () => {
    const { calls, user } = await mount('overtime', (url) =>
      url.pathname === `${VA}/contracts` ? page([contract(7, {}, { overtime_allowed: true })]) : undefined,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This contract already counts time beyond the schedule: no request is needed',
    );
    await send(user);
    expect(posts(calls, 'user-requests')).toEqual([]);
  });
});

describe('asking for a make-up shift', { timeout: 60_000 }, () => {
  it('sends its date and times (minutes since midnight) as JSON, with the missed shift it makes up for', async () => {
    const { calls, onSent, user } = await mount('mus');
    expect(screen.getByText(/Times in the contract's time zone \(Asia\/Manila\)/)).toBeInTheDocument();
    await typeDate(user, /^Date/, '2026-12-06');
    await user.type(screen.getByLabelText('Hours of Start'), '09');
    await user.type(screen.getByLabelText('Minutes of Start'), '30');
    await user.type(screen.getByLabelText('Hours of End'), '09');
    await user.type(screen.getByLabelText('Minutes of End'), '30');
    await user.upload(screen.getByTestId('attachment-input'), pdf());
    await send(user);
    expect(await screen.findByText('A make-up shift lasts from 1 minute to 24 hours')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Hours of End'));
    await user.type(screen.getByLabelText('Hours of End'), '13');
    await choose(user, /^The missed shift/, /Nov 23/);
    await send(user);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(fieldsOf(posts(calls, 'user-requests')[0])).toEqual({
      type: 'mus',
      contract_id: '7',
      attendance_id: '30',
      mus: JSON.stringify({ date: '2026-12-06', start: 570, end: 810 }),
      file: 'file:certificate.pdf',
    });
  });
});
