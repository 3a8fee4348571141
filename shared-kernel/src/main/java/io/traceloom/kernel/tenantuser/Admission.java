package io.traceloom.kernel.tenantuser;

/** Whether a caller may act (its tenant registered and enabled, itself a registered user), and if not, why. */
public enum Admission {
    ADMITTED,
    /** No operator has registered the caller's tenant. */
    TENANT_NOT_REGISTERED,
    /** An operator has disabled the caller's tenant. */
    TENANT_DISABLED,
    /** The caller never registered as a user of its tenant ({@code POST /auth/tenant-users}). */
    USER_NOT_REGISTERED,
    /** The caller was deleted as a user of its tenant and has not registered again. */
    USER_DELETED
}
