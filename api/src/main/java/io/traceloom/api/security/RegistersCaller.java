package io.traceloom.api.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Reached by any caller whose token names a tenant, whether or not the tenant admits it yet (not registered,
 * disabled) or the caller was deleted: the endpoint itself decides. Only the registration of a tenant user
 * ({@code POST /auth/tenant-users}), which answers 404 for such a tenant and lets a deleted user back in.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RegistersCaller {
}
