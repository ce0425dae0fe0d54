// The contract's zod schemas weigh about 25 KB gzip. The phone sign-in pages must paint within a
// tight budget, so they load the rules when the user starts typing (and at the latest on submit)
// instead of with the page.
let loading: Promise<Rules> | null = null;

async function importRules() {
  const [validation, auth] = await Promise.all([import('@contract/validation'), import('@contract/api/auth')]);
  return { ...validation, ...auth };
}
export type Rules = Awaited<ReturnType<typeof importRules>>;

export function loadRules(): Promise<Rules> {
  loading ??= importRules().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The first message about a mobile number, or null when it is fine. */
export async function mobileProblem(value: string): Promise<string | null> {
  const { mobile, firstIssue } = await loadRules();
  const r = mobile.safeParse(value);
  return r.success ? null : firstIssue(r.error);
}
