package io.traceloom.api.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For operators: in the {@code oidc} mode the token needs the admin scope
 * ({@code traceloom.security.oidc.admin-scope}), and needs no tenant. On a controller class, every endpoint of
 * it. (The actuator's endpoints, health aside, are operators' too.)
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Operator {
}
