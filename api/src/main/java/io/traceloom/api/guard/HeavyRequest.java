package io.traceloom.api.guard;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * This operation's work and memory grow with what the client sends, far beyond the bytes of its body: a render, a
 * schema compiled or a value validated, a credential canonicalized and signed or verified (an audit log's checkpoint
 * too, after reading from the store every entry it newly covers), a catalogue set. Only so many are served at once,
 * so that many clients, or one with many connections, cannot fill the heap or the processors together
 * ({@link HeavyRequests}). Put it on the controller method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface HeavyRequest {
}
