import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';

/**
 * The prompt a CLI is given, from the blocks of a `session/prompt`: text as
 * it is, a resource link by its URI, an embedded text resource as its URI
 * and text. The CLIs take one text prompt, so an image, audio or binary
 * resource cannot be passed on: `initialize` says so (no image, no audio),
 * and one sent all the same is refused rather than dropped silently.
 */
export function promptTextOf(blocks: readonly ContentBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'resource_link':
        parts.push(block.uri);
        break;
      case 'resource':
        if (!('text' in block.resource)) throw new UnsupportedPromptError('a binary resource');
        parts.push(`${block.resource.uri}\n${block.resource.text}`);
        break;
      default:
        throw new UnsupportedPromptError(`an ${block.type} block`);
    }
  }
  const text = parts.join('\n\n');
  // The prompt becomes one argument of the CLI, and an argument of a program ends at its first NUL: Node refuses to start it.
  if (text.includes('\0')) throw new UnsupportedPromptError('a NUL character');
  return text;
}

/** Thrown for prompt content a CLI cannot take as text. */
export class UnsupportedPromptError extends Error {
  constructor(what: string) {
    super(`the prompt holds ${what}, which the CLI cannot take: send text, resource links or text resources`);
    this.name = 'UnsupportedPromptError';
  }
}
