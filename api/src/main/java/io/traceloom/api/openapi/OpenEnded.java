package io.traceloom.api.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For the API document: this list's pages are not counted ({@code Paged.openEnded}): no {@code X-Total-Count},
 * and its {@code Link} has no {@code last}; a client follows {@code next}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OpenEnded {
}
