import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/tsx-process';

/** The README and every file in docs/: what a newcomer reads. */
const DOCS = ['README.md', ...readdirSync(path.join(REPO_ROOT, 'docs')).map((file) => `docs/${file}`)].filter((file) => file.endsWith('.md'));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Text outside fenced code blocks and inline code (an example may hold anything). */
function prose(text: string): string {
  return text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

describe('the documents', () => {
  it('when the README is read, then it is at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it.each(DOCS)('when %s is read, then it cites no date and no commit (git keeps the history)', (file) => {
    const text = prose(read(file));
    expect(text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
    // A commit's short hash: 7 to 40 hex digits with at least one letter and one digit.
    expect(text.match(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g) ?? []).toEqual([]);
  });

  it.each(DOCS)('when %s links to a file or a heading of this repository, then it is there', (file) => {
    const broken: string[] = [];
    for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const [linked, anchor] = target.split('#') as [string, string | undefined];
      const resolved = linked === '' ? file : path.join(path.dirname(file), linked);
      if (!existsSync(path.join(REPO_ROOT, resolved))) {
        broken.push(`${target} (no ${resolved})`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md')) {
        const headings = [...read(resolved).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading ?? ''));
        if (!headings.includes(anchor)) broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
