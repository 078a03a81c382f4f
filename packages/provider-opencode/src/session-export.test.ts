import { describe, expect, it } from 'vitest';
import { exportText } from './session-export.js';
import type { OpenCodeExport } from './storage-export.js';

describe('exportText', () => {
  const doc: OpenCodeExport = { info: { id: 'ses_big' }, messages: [{ info: { id: 'msg_1' }, parts: [{ type: 'text', text: 'ü'.repeat(40) }] }] };

  it('keeps a document within both bounds, however long it would be on one line', () => {
    const text = exportText(doc, { maxLineBytes: 100, maxDocumentChars: 1000 });
    expect(JSON.stringify(doc).length).toBeGreaterThan(100);
    expect(JSON.parse(text)).toEqual(doc);
  });

  it('refuses, saying why, a value whose line passes the line limit (in bytes)', () => {
    // 40 two-byte characters: 80 bytes of text; its line, indented and quoted, 100 bytes.
    expect(() => exportText(doc, { maxLineBytes: 80, maxDocumentChars: 1000 })).toThrow(
      new RangeError('OpenCode session ses_big holds a value of 100 bytes on one line, more than the line limit of 80 bytes; not rendered.'),
    );
  });

  it('refuses, saying why, a document past the document limit', () => {
    const size = exportText(doc).length;
    expect(() => exportText(doc, { maxLineBytes: 1000, maxDocumentChars: size - 1 })).toThrow(
      new RangeError(`OpenCode session ses_big exports to ${size} characters of JSON, more than the ${size - 1} a session document may hold; not rendered.`),
    );
  });
});
