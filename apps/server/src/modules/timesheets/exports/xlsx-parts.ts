/**
 * The fixed parts of an XLSX file (SpreadsheetML) and the cell encoding the table writer streams. Written by
 * hand because exceljs's streaming writer is half as fast and holds more memory (DESIGN.md "Exports").
 */

/** Cell styles, by index in `cellXfs` below. */
export const STYLE = { text: 0, header: 1, int: 2, decimal: 3, date: 4, percent: 5 } as const;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

// `xml` defaults to a worksheet, so the list needs no entry per sheet: the parts can be written before the
// (lazily produced) later sheets are known.
export const contentTypesXml = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="${CT}.worksheet+xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`;

export const rootRelsXml = `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

// numFmt 1 = "0", 164 = "0.00", 14 = the locale's short date, 9 = "0%".
export const stylesXml = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

export function workbookXml(names: string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`;
}

export function workbookRelsXml(count: number): string {
  let rels = '';
  for (let i = 1; i <= count; i++)
    rels += `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  rels += `<Relationship Id="rId${count + 1}" Type="${REL}/styles" Target="styles.xml"/>`;
  return `${XML}<Relationships xmlns="${PKG_REL}">${rels}</Relationships>`;
}

/** The worksheet up to its first row: the frozen header pane and the column widths. */
export function worksheetStart(widths: number[]): string {
  const cols = widths
    .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  return `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
}

export const worksheetEnd = '</sheetData></worksheet>';

/** A..Z, AA.. : the letters of column `index` (0-based). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

// Characters XML 1.0 cannot hold at all: dropped rather than making the file unreadable.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters, to skip clean texts fast
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** An inline-string cell (no shared-strings table: it would grow with the file, and memory must stay flat). */
export function textCell(ref: string, text: string, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  const space =
    text.length > 0 && (text[0] === ' ' || text[text.length - 1] === ' ') ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

export function numberCell(ref: string, value: number, style: number): string {
  return `<c r="${ref}" s="${style}"><v>${value}</v></c>`;
}

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial (days since 1899-12-30)
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" as an Excel date serial, or null for anything else (then written as text). */
export function dateSerial(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000 + EXCEL_EPOCH_DAYS;
}
