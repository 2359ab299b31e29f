import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/tsx-process';
import { ISOLATED_TEST_FILES } from '../../support/isolated-test-files';

/** Every vitest file under tests/, as a path from the repository's root. */
function testFiles(): string[] {
  return readdirSync(path.join(REPO_ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join('tests', file).split(path.sep).join('/'));
}

describe('test files that replace modules', () => {
  it('when a test file calls vi.mock or vi.doMock, then it is one of the isolated files, and every isolated file still does', () => {
    const mocking = testFiles().filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')));
    expect(mocking.sort()).toEqual([...ISOLATED_TEST_FILES].sort());
  });
});
