import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));

test('a VA edits the profile, uploads an avatar and meets the old-password check', async ({ page }) => {
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.getByLabel('Phone').fill('+63 912 345 6789');
  const timezone = page.getByRole('combobox', { name: 'Time zone' });
  await timezone.click();
  await timezone.fill('Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await expect(timezone).toHaveValue('Europe/Berlin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(path.join(here, '../public/favicon.png'));
  await expect(page.getByText('Your picture was updated.')).toBeVisible();
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /.+/);

  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+63 912 345 6789');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/va-dashboard\/profile\/security$/);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel(/^New password/).fill('another-pass-1');
  await page.getByLabel('Confirm the new password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('data-invalid', 'true');
});
