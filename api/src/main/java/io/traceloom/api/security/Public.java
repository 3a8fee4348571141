package io.traceloom.api.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Served to anyone, in every security mode, with or without a token: what the world must read (the GS1
 * resolver, the JSON-LD context, a stored schema by its URL). A public endpoint takes no {@code Caller}: no
 * answer of it can depend on who asks. On a controller class, every endpoint of it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Public {

    /**
     * When set, only a request that prefers this media type to {@code application/json} is public (a schema's
     * own document, {@code application/schema+json}); other requests to the endpoint are a tenant's, and the
     * endpoint asks for its caller only then.
     */
    String preferring() default "";
}
