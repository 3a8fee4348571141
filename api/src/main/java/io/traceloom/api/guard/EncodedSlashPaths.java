package io.traceloom.api.guard;

import java.util.function.Predicate;

/**
 * Paths on which an encoded slash ({@code %2F}) is data, declared as a bean by the feature that serves them:
 * a GS1 Digital Link value may hold a {@code /}, which its URI writes {@code %2F}. Everywhere else
 * {@link EncodedSlashFilter} refuses it, as Tomcat would.
 *
 * @param matches whether a raw (undecoded) request path is one of them
 */
public record EncodedSlashPaths(Predicate<String> matches) {
}
