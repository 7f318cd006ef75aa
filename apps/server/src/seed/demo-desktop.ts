import { loadSharp } from '../lib/lazy-modules';

// Synthetic screenshots for the demo: an SVG of a desktop (wallpaper, windows with title bars and content,
// a taskbar), rendered once per look and reused under many keys. Nothing here is a real person's screen.

export const DESKTOP = { width: 1280, height: 720 } as const;

type App = {
  name: string;
  title: string;
  color: string;
  kind: 'mail' | 'sheet' | 'chat' | 'doc' | 'tickets';
};

const APPS: App[] = [
  { name: 'Gmail', title: 'Inbox (12) - ops@client-mail.example', color: '#d93025', kind: 'mail' },
  { name: 'Google Sheets', title: 'Q3 budget and invoices - Google Sheets', color: '#188038', kind: 'sheet' },
  { name: 'Slack', title: '#customer-support - Slack', color: '#4a154b', kind: 'chat' },
  { name: 'Google Docs', title: 'Weekly report draft - Google Docs', color: '#1a73e8', kind: 'doc' },
  {
    name: 'Zendesk',
    title: 'Ticket #48213: Refund for order 1182 - Zendesk',
    color: '#03363d',
    kind: 'tickets',
  },
  {
    name: 'QuickBooks',
    title: 'Reconcile: Operating account - QuickBooks Online',
    color: '#2ca01c',
    kind: 'sheet',
  },
  { name: 'Canva', title: 'Instagram post - Spring launch - Canva', color: '#7d2ae8', kind: 'doc' },
  { name: 'Calendar', title: 'Calendar - Week of the launch', color: '#f29900', kind: 'doc' },
];

const WALLPAPERS = [
  ['#1e3c72', '#2a5298'],
  ['#134e5e', '#71b280'],
  ['#42275a', '#734b6d'],
  ['#373b44', '#4286f4'],
];

const SENTENCES = [
  'Following up on the invoice from last week, attached the corrected copy.',
  'Customer asked for a refund; checked the order history and approved it.',
  'Scheduled the posts for Tuesday and Thursday at 10:00 in the client zone.',
  'Updated the vendor list and flagged two duplicate payments for review.',
  'Meeting notes: launch moves to the 14th, assets due by Friday noon.',
  'Reply sent to the supplier about the delayed shipment and new ETA.',
  'Reconciled 38 transactions; 3 remain unmatched pending receipts.',
  'Drafted the newsletter intro and shared it with the marketing lead.',
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Lines of content for a window of this kind, `rows` of them, `seed` shifting what they say. */
function content(app: App, x: number, y: number, w: number, h: number, seed: number): string {
  const out: string[] = [];
  const rows = Math.floor((h - 50) / 22);
  if (app.kind === 'sheet') {
    const cols = Math.floor(w / 110);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const cx = x + 10 + c * 110;
        const cy = y + 40 + r * 22;
        out.push(
          `<rect x="${cx}" y="${cy}" width="110" height="22" fill="${r === 0 ? '#e8f0fe' : '#fff'}" stroke="#dadce0"/>`,
        );
        const value =
          r === 0
            ? ['Date', 'Vendor', 'Amount', 'Status', 'Notes', 'Owner'][c % 6]
            : c === 2
              ? `$${((r * 137 + seed * 31 + c) % 900) + 40}.${(r * 7) % 10}0`
              : `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'][(r + c + seed) % 5]} ${r}`;
        out.push(`<text x="${cx + 6}" y="${cy + 15}" font-size="12" fill="#202124">${esc(value)}</text>`);
      }
    return out.join('');
  }
  for (let r = 0; r < rows; r++) {
    const line = SENTENCES[(r + seed) % SENTENCES.length];
    const ly = y + 50 + r * 22;
    if (app.kind === 'mail' || app.kind === 'tickets') {
      out.push(
        `<rect x="${x + 10}" y="${ly - 14}" width="${w - 20}" height="20" fill="${r % 2 ? '#f8f9fa' : '#fff'}"/>`,
      );
      out.push(
        `<text x="${x + 16}" y="${ly}" font-size="13" font-weight="${r < 3 ? 'bold' : 'normal'}" fill="#202124">${esc(['Mina Reyes', 'Support', 'Billing', 'Theo Grant', 'Vendor Ops'][(r + seed) % 5])}</text>`,
      );
      out.push(
        `<text x="${x + 150}" y="${ly}" font-size="13" fill="#5f6368">${esc(line.slice(0, Math.floor((w - 170) / 7)))}</text>`,
      );
    } else if (app.kind === 'chat') {
      const mine = (r + seed) % 3 === 0;
      out.push(
        `<rect x="${mine ? x + w / 3 : x + 14}" y="${ly - 15}" rx="8" width="${(w * 2) / 3 - 24}" height="20" fill="${mine ? '#e3f2fd' : '#f1f3f4'}"/>`,
      );
      out.push(
        `<text x="${(mine ? x + w / 3 : x + 14) + 8}" y="${ly}" font-size="12" fill="#202124">${esc(line.slice(0, Math.floor(((w * 2) / 3 - 40) / 6.5)))}</text>`,
      );
    } else {
      out.push(
        `<text x="${x + 24}" y="${ly}" font-size="14" fill="#3c4043">${esc(line.slice(0, Math.floor((w - 48) / 7.5)))}</text>`,
      );
    }
  }
  return out.join('');
}

function windowSvg(app: App, x: number, y: number, w: number, h: number, seed: number, active: boolean) {
  return [
    `<rect x="${x + 4}" y="${y + 6}" width="${w}" height="${h}" rx="8" fill="#000" opacity="0.25"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#fff"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="30" rx="8" fill="${active ? app.color : '#9aa0a6'}"/>`,
    `<rect x="${x}" y="${y + 20}" width="${w}" height="10" fill="${active ? app.color : '#9aa0a6'}"/>`,
    `<text x="${x + 12}" y="${y + 20}" font-size="13" fill="#fff">${esc(app.title)}</text>`,
    ...[0, 1, 2].map(
      (i) => `<circle cx="${x + w - 18 - i * 20}" cy="${y + 15}" r="6" fill="#fff" opacity="0.8"/>`,
    ),
    content(app, x, y, w, h, seed),
  ].join('');
}

/**
 * One desktop: `look` picks the wallpaper and the apps (a VA's usual tools), `variant` which window is in front
 * and what it shows (the hour of the day).
 */
export function desktopSvg(look: number, variant: number): string {
  const { width, height } = DESKTOP;
  const [from, to] = WALLPAPERS[look % WALLPAPERS.length];
  const apps = [0, 1, 2].map((i) => APPS[(look * 2 + i + variant) % APPS.length]);
  const windows = [
    windowSvg(apps[1], 60, 50, 620, 420, look + variant, false),
    windowSvg(apps[2], 640, 90, 560, 460, look * 3 + variant, false),
    windowSvg(apps[0], 180 + variant * 40, 150, 760, 470, look * 5 + variant * 2, true),
  ];
  const taskbar = [
    `<rect y="${height - 44}" width="${width}" height="44" fill="#202124" opacity="0.92"/>`,
    `<rect x="12" y="${height - 36}" width="28" height="28" rx="6" fill="#8ab4f8"/>`,
    ...apps.map(
      (a, i) =>
        `<rect x="${60 + i * 150}" y="${height - 38}" width="140" height="32" rx="6" fill="${i === 0 ? '#3c4043' : '#2d2e30'}"/>` +
        `<rect x="${68 + i * 150}" y="${height - 30}" width="16" height="16" rx="3" fill="${a.color}"/>` +
        `<text x="${92 + i * 150}" y="${height - 17}" font-size="12" fill="#e8eaed">${esc(a.name)}</text>`,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${windows.join('')}${taskbar.join('')}</svg>`;
}

/** A rendered desktop as a tracker would send it (JPEG), with its thumbnail. */
export async function renderDesktop(look: number, variant: number) {
  const sharp = await loadSharp();
  const image = await sharp(Buffer.from(desktopSvg(look, variant)))
    .jpeg({ quality: 72 })
    .toBuffer();
  return { image, thumbnail: await sharp(image).resize({ width: 320 }).webp({ quality: 70 }).toBuffer() };
}
