import { describeRendererConformance } from '@x/testkit';
import { createMarkdownRenderer, markdownRenderer } from './index.js';

describeRendererConformance({ name: 'markdown', create: (write) => createMarkdownRenderer({ sink: write }) });

describeRendererConformance({
  name: 'markdown, as xview creates it',
  create: (write) => markdownRenderer.create({ write, isTTY: false, columns: undefined, env: {} }),
});
