import { ownField, stringField } from '@x/core/provider-utils';
import type { WireContentBlock } from './wire-schema.js';

/**
 * The text a content block shows: a text block's text, a resource link's
 * name and address, an embedded text resource's text. Images and audio show
 * nothing (`undefined`): no event kind carries them.
 */
export function blockText(block: WireContentBlock): string | undefined {
  switch (block.type) {
    case 'text':
      return block.text ?? undefined;
    case 'resource_link':
      return block.uri === undefined || block.uri === null ? undefined : `${block.name ?? block.uri} (${block.uri})`;
    case 'resource': {
      const resource = ownField(block, 'resource');
      return stringField(resource, 'text') ?? stringField(resource, 'uri');
    }
    default:
      return undefined;
  }
}

/** The text of several blocks, joined as they would read (a prompt of text and attached files). */
export function blocksText(blocks: readonly WireContentBlock[]): string {
  return blocks
    .map(blockText)
    .filter((text): text is string => text !== undefined)
    .join('\n');
}
