// Order of the e2e files: Vitest's own (failed first, then the longest by the cache of earlier
// runs, else the largest), except that the files known to be longest go first. A fresh checkout
// (CI) has no cache, and the accessibility audit (every page of every demo user, at two sizes) is
// a short file that runs for minutes: started last, it ran alone at the end of a two-worker run.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = ['a11y.test.ts', 'session.test.ts'];

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i === -1 ? LONGEST_FIRST.length : i;
};

export class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
