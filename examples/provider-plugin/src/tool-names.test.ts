import { resolveToolName } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { gooseToolAliases } from './index.js';

describe('gooseToolAliases', () => {
  it.each([
    ['developer__shell', 'Bash', 'execute'],
    ['developer__write', 'Write', 'edit'],
    ['developer__edit', 'Edit', 'edit'],
    ['developer__tree', 'LS', 'search'],
    ['developer__web_fetch', 'WebFetch', 'fetch'],
    ['computercontroller__web_scrape', 'computercontroller.web_scrape', 'other'],
    ['duckduckgo-search__search', 'duckduckgo-search.search', 'other'],
    ['shell', 'shell', 'other'],
    ['constructor', 'constructor', 'other'],
    ['__proto__', '__proto__', 'other'],
  ])('%s is %s (%s)', (toolName, name, kind) => {
    expect(resolveToolName(toolName, gooseToolAliases)).toEqual({ name, kind });
  });
});
