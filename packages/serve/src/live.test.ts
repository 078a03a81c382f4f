import { describe, expect, it } from 'vitest';
import { batchHtml, resumePosition, sseMessage } from './live.js';

describe('live helpers', () => {
  it('resumes at Last-Event-ID, else at the page’s position, else at 0', () => {
    expect(resumePosition('120', '40')).toBe(120);
    expect(resumePosition(undefined, '40')).toBe(40);
    expect(resumePosition('x', '40')).toBe(40);
    expect(resumePosition(undefined, '-1')).toBe(0);
    expect(resumePosition(undefined, null)).toBe(0);
  });

  it('gives every line of the data its own field, so no line of content can forge another event', () => {
    expect(sseMessage('events', 'a\n\nevent: evil\rdata: x', 7)).toBe('id: 7\nevent: events\ndata: a\ndata: \ndata: event: evil\ndata: data: x\n\n');
  });

  it('renders a batch as balanced, escaped HTML', () => {
    const html = batchHtml([{ kind: 'text', id: 'm', text: '<script>x</script>' }]);
    expect(html).toContain('&lt;script&gt;');
    expect(html.match(/<section/g)?.length ?? 0).toBe(html.match(/<\/section>/g)?.length ?? 0);
  });
});
