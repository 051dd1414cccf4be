/**
 * Rows kept per enterprise (migration 0460: customers, products, 常用发票, print jobs) carry the tax number of
 * the enterprise they belong to in `enterprise`. The desk's own enterprise — the seller configured in
 * settings — also owns the rows 0460 could not place and those it writes itself (enterprise NULL), which is
 * where they were all shown before. Each repo binds the scope with these named parameters.
 */

/** Whose rows: an enterprise's tax number, and whether it is the desk's own (which also owns NULL). */
export interface EnterpriseScope {
  enterprise: string;
  own: boolean;
}

/** The scope's rows, as a condition on `enterprise`; binds @e (tax number) and @own (1 for the desk's own). */
export const IN_SCOPE = `(enterprise = @e OR (@own = 1 AND enterprise IS NULL))`;

/** Named parameters of a scope for IN_SCOPE. */
export const scopeParams = (scope: EnterpriseScope) => ({ e: scope.enterprise, own: scope.own ? 1 : 0 });
export type ScopeParams = ReturnType<typeof scopeParams>;

/** What a new row of the scope stores in `enterprise`: NULL for the desk's own enterprise (see above). */
export const storedEnterprise = (scope: EnterpriseScope): string | null => (scope.own ? null : scope.enterprise);

/** What a feature keeping rows per enterprise is given (core.ts builds it from the active enterprise). */
export interface EnterpriseScopeDeps {
  /** The active enterprise's scope, read at each call. */
  scope: () => EnterpriseScope;
  /** Tax number of the desk's own enterprise (the seller configured in settings). */
  ownEnterprise: () => string;
}
