import type { NoticeDisplayEvent } from '@x/core';
import { stringField } from '@x/core/provider-utils';
import type { BusEventOf } from './wire-schema.js';

const onlyStrings = (values: readonly unknown[] | undefined): string[] => (values ?? []).filter((value): value is string => typeof value === 'string');

/** `done.rejected`: the permissions `run` refused on its own, which otherwise leave no trace but an error result (quirk 6). */
export function rejectedNotice(rejected: readonly unknown[] | undefined): NoticeDisplayEvent | undefined {
  const names = onlyStrings(rejected);
  if (names.length === 0) return undefined;
  return { kind: 'notice', level: 'warning', message: `Permission requests auto-rejected: ${names.join(', ')}`, code: 'permission-rejected' };
}

/** `session.status` retry: the provider failed and OpenCode tries again. */
export function retryNotice(status: { attempt?: number | undefined; message?: string | undefined }): NoticeDisplayEvent {
  const head = status.attempt === undefined ? 'Retrying' : `Retrying (attempt ${status.attempt})`;
  return { kind: 'notice', level: 'warning', message: status.message ? `${head}: ${status.message}` : head, code: 'retry' };
}

type PermissionAsk = BusEventOf<'permission.asked' | 'permission.updated' | 'permission.v2.asked'>['properties'];

/** A permission ask: v2 `{permission, patterns}`, v1 `{type, title}`, `permission.v2.asked {action, resources}` (quirk 12). */
export function permissionNotice(props: PermissionAsk): NoticeDisplayEvent {
  const what = props.permission ?? props.action ?? props.type ?? 'unknown';
  const patterns = onlyStrings(props.patterns ?? props.resources);
  const detail = patterns.length > 0 ? patterns.join(', ') : props.title;
  return {
    kind: 'notice',
    level: 'warning',
    message: detail ? `Permission requested: ${what} (${detail})` : `Permission requested: ${what}`,
    code: 'permission',
  };
}

/** A question the agent asks the user (`question.asked`): its first question. */
export function questionNotice(props: BusEventOf<'question.asked' | 'question.v2.asked'>['properties']): NoticeDisplayEvent {
  const question = stringField(props.questions?.[0], 'question');
  return { kind: 'notice', level: 'info', message: question ? `Question: ${question}` : 'Question asked', code: 'question' };
}

/** A slash command the user ran (`command.executed`). */
export function commandNotice(props: BusEventOf<'command.executed'>['properties']): NoticeDisplayEvent {
  const args = props.arguments;
  const text = args !== undefined && args.trim() !== '' ? `/${props.name} ${args}` : `/${props.name}`;
  return { kind: 'notice', level: 'info', message: `Command ${text}`, code: 'command' };
}
