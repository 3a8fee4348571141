package io.traceloom.api.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The handler reads the query string itself, whatever it holds, so the {@link QueryParameterGuard} lets it
 * through: a GS1 Digital Link resolver passes the query on to where it redirects, parameters it does not
 * know included. Such a handler refuses what it cannot read on its own terms.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RawQuery {
}
