package io.traceloom.api.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A JSON value whose strings and property names may hold any character JSON carries (escaped control
 * characters, NUL included), as a JSON Schema and the documents checked against one may: a schema's
 * {@code "foo\nbar"} property or a {@code const} with a NUL is data, not text a person reads. Unpaired
 * surrogates, which no UTF-8 can carry, and numbers beyond what the service keeps are refused here as
 * everywhere. {@link StrictJsonBodies} reads this on a record component or on a {@code @RequestBody}
 * parameter; identifiers and names beside such a value keep their stricter rules.
 */
@Documented
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
public @interface AnyJsonText {
}
