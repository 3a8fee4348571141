package io.traceloom.api.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * For the API document: this operation answers with the resource's version as {@code ETag} (see
 * {@code Versions}); on a GET, an {@code If-None-Match} naming that version is answered 304. Put it on
 * every method that sets an entity tag, and on no other: nothing else can tell which answers carry one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Versioned {
}
