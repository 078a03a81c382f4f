import { describe, expect, it } from 'vitest';
import { defineRendererPlugin, type RendererPlugin } from './renderer-plugin.js';

const plugin: RendererPlugin = {
  specificationVersion: 'v1',
  id: 'shout',
  displayName: 'Shouting',
  create: ({ write }) => ({
    specificationVersion: 'v1',
    write: (event) => (event.kind === 'text' ? write(event.text.toUpperCase()) : undefined),
    end: () => write('\n'),
  }),
};

describe('defineRendererPlugin', () => {
  it('returns the plugin itself, so that its methods keep their this', () => {
    expect(defineRendererPlugin(plugin)).toBe(plugin);
    const written: string[] = [];
    const renderer = plugin.create({ write: (chunk) => void written.push(String(chunk)), isTTY: false, columns: undefined, env: {} });
    renderer.write({ kind: 'text', id: 't', text: 'hi' });
    renderer.end();
    expect(written).toEqual(['HI', '\n']);
  });

  it('refuses another contract version by name, naming both versions', () => {
    const future = { ...plugin, specificationVersion: 'v9' } as unknown as RendererPlugin;
    expect(() => defineRendererPlugin(future)).toThrow(
      'renderer "shout" (Shouting) declares specificationVersion "v9", but this @x/core implements contract "v1". Install versions of the plugin and @x/core built for the same contract version.',
    );
  });

  it('says what to fix in wrong metadata', () => {
    const wrong = (patch: Record<string, unknown>) => () => defineRendererPlugin({ ...plugin, ...patch } as unknown as RendererPlugin);
    expect(() => defineRendererPlugin(null as unknown as RendererPlugin)).toThrow(
      'defineRendererPlugin expects an object with specificationVersion, id and create.',
    );
    expect(wrong({ id: 'Shout' })).toThrow('renderer "Shout": id must be a lowercase identifier such as "markdown" or "my-renderer", got "Shout".');
    expect(wrong({ id: 3 })).toThrow('renderer: id must be a lowercase identifier such as "markdown" or "my-renderer", got 3.');
    expect(wrong({ displayName: ' ' })).toThrow('renderer "shout": displayName must be a non-empty string when given, such as "Markdown".');
    expect(wrong({ listsCalls: 'yes' })).toThrow('renderer "shout": listsCalls must be true or false when given.');
    expect(wrong({ load: {} })).toThrow('renderer "shout": load must be a function () => Promise<void> when given.');
    expect(wrong({ create: 'no' })).toThrow('renderer "shout": create must be a function (options) => renderer.');
  });
});
