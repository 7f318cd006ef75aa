import type PDFKit from 'pdfkit';
import type Sharp from 'sharp';

// Packages the server loads on first use instead of at start. Most processes never render an image or a PDF, and
// each kept megabytes resident from the start on (sharp with libvips about 8 MB, pdfkit with its fonts about 4 MB):
// the embedded server's whole budget at rest is 250 MB. A second call answers from the module cache.

/** sharp (libvips): screenshots, avatars, image headers, the demo's pictures. */
export const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

/** pdfkit: the timesheet PDF and the demo's attachments. */
export const loadPdfKit = async (): Promise<typeof PDFKit> => (await import('pdfkit')).default;
