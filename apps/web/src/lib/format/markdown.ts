import MarkdownIt from 'markdown-it';

/** The spec's markdown settings: no raw HTML, no automatic links, nesting limit 100. */
export const MARKDOWN_OPTIONS = { html: false, linkify: false, maxNesting: 100 } as const;

let renderer: ReturnType<typeof MarkdownIt> | null = null;

export function renderMarkdown(source: string): string {
  renderer ??= MarkdownIt(MARKDOWN_OPTIONS);
  return renderer.render(source);
}
