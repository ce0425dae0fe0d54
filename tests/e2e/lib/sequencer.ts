// Order of the test files: Vitest's own (by group, then by project, failed first, then the longest by
// the cache of earlier runs, else the largest), except that the files known to be longest go first
// within their group. A fresh checkout (CI) has no cache, and the accessibility audit (every page of
// every demo user, at two sizes) is a short file that runs for minutes: started last, it ran alone at
// the end of a two-worker run. Vitest reads the sequencer from the root config only (a project's own
// is ignored), so this one is set there and keeps each group's files in their group.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = ['a11y.test.ts', 'session.test.ts'];

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/tests/e2e/${name}`));
  return i === -1 ? LONGEST_FIRST.length : i;
};

export class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
