// The test-file order (tests/e2e/lib/sequencer.ts): the known-longest e2e files first, every group
// kept in its order (server-solo after the rest), and the sequencer set where Vitest reads it.
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { LongestFirstSequencer } from '../e2e/lib/sequencer';
import config from '../../vitest.config';

const ROOT = '/repo';
const spec = (project: string, file: string, groupOrder = 0, size = 100) =>
  ({
    moduleId: `${ROOT}/tests/${project === 'server-solo' ? 'server' : project}/${file}`,
    project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
    size,
  }) as unknown as TestSpecification & { size: number };

function sequencer() {
  const sizes = new Map<string, number>();
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes.get(key) ?? 0 }),
    },
  };
  const seq = new LongestFirstSequencer(ctx as never);
  return { seq, size: (s: TestSpecification & { size: number }) => sizes.set(`${s.project.name}:${s.moduleId.slice(ROOT.length + 1)}`, s.size) };
}

describe('LongestFirstSequencer', () => {
  it('starts the accessibility audit and the session file first, larger files next, solo files last', async () => {
    const { seq, size } = sequencer();
    const files = [
      spec('server-solo', 'ledger-races.test.ts', 1, 9000),
      spec('e2e', 'approve.test.ts', 0, 8000),
      spec('e2e', 'a11y.test.ts', 0, 100),
      spec('server', 'fuzz.test.ts', 0, 9500),
      spec('e2e', 'session.test.ts', 0, 200),
      spec('e2e', 'admin.test.ts', 0, 9000),
      spec('server', 'session.test.ts', 0, 50),
    ];
    files.forEach(size);
    const order = (await seq.sort(files)).map((s) => `${s.project.name}/${s.moduleId.split('/').pop()}`);
    expect(order).toEqual([
      'e2e/a11y.test.ts',
      'e2e/session.test.ts',
      'e2e/admin.test.ts',
      'e2e/approve.test.ts',
      'server/fuzz.test.ts',
      'server/session.test.ts',
      'server-solo/ledger-races.test.ts',
    ]);
  });

  it('is the root config’s sequencer (a project’s own is never read)', () => {
    expect(config.test?.sequence?.sequencer).toBe(LongestFirstSequencer);
  });
});
