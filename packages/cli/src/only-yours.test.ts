import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { notYoursAlone } from './only-yours.js';

const posix = process.getuid !== undefined && process.getgid !== undefined;
const uid = process.getuid?.() ?? 0;
const gid = process.getgid?.() ?? 0;
const me = posix ? userInfo().username : '';
/** /etc/group with the user's private group listed as `line`. */
const groups = (line: string) => () => `daemon:x:1:\n${line}\nstaff:x:50:${me},eve\n`;

describe.skipIf(!posix)("notYoursAlone: OpenSSH's rule for ~/.ssh, with user private groups", () => {
  it('trusts what the user owns and no one else can write', () => {
    expect(notYoursAlone({ uid, gid, mode: 0o40755 }, groups(''))).toBeUndefined();
    expect(notYoursAlone({ uid, gid, mode: 0o100600 }, groups(''))).toBeUndefined();
  });

  it('trusts what root owns, unless others can write it', () => {
    expect(notYoursAlone({ uid: 0, gid: 0, mode: 0o40755 }, groups(''))).toBeUndefined();
    expect(notYoursAlone({ uid: 0, gid: 0, mode: 0o40777 }, groups(''))).toBe('anyone can write to it');
  });

  it('refuses what another account owns, however private', () => {
    const other = uid === 4242 ? 4243 : 4242;
    expect(notYoursAlone({ uid: other, gid, mode: 0o40700 }, groups(''))).toBe(`it belongs to user ${other}`);
  });

  it('refuses what anyone can write, the sticky /tmp included', () => {
    expect(notYoursAlone({ uid, gid, mode: 0o40757 }, groups(''))).toBe('anyone can write to it');
    expect(notYoursAlone({ uid, gid, mode: 0o41777 }, groups(''))).toBe('anyone can write to it');
  });

  it("trusts a group-writable folder only when its group is the user's own private group", () => {
    // umask 002 on a system with user private groups: every folder the user makes is 0775.
    expect(notYoursAlone({ uid, gid, mode: 0o40775 }, groups(`${me}:x:${gid}:`))).toBeUndefined();
    expect(notYoursAlone({ uid, gid, mode: 0o40775 }, groups(`${me}:x:${gid}:${me}`))).toBeUndefined();
    // Another member, another name, or not the user's primary group: others can write.
    expect(notYoursAlone({ uid, gid, mode: 0o40775 }, groups(`${me}:x:${gid}:eve`))).toBe(`group ${gid} can write to it`);
    expect(notYoursAlone({ uid, gid, mode: 0o40775 }, groups(`users:x:${gid}:`))).toBe(`group ${gid} can write to it`);
    expect(notYoursAlone({ uid, gid: gid + 1, mode: 0o40775 }, groups(`${me}:x:${gid + 1}:`))).toBe(`group ${gid + 1} can write to it`);
    expect(
      notYoursAlone({ uid, gid, mode: 0o40775 }, () => {
        throw new Error('EACCES');
      }),
    ).toBe(`group ${gid} can write to it`);
  });
});
