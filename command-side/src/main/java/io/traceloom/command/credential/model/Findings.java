package io.traceloom.command.credential.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a verifier found so far: the checks that passed, the warnings and errors, each naming its check, and
 * what the credential names for the caller to check where it can (its status entries, its schemas).
 */
public final class Findings {

    private final Set<String> checks = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final List<StatusEntry> statuses = new ArrayList<>();
    private final List<String> credentialSchemas = new ArrayList<>();

    public void check(String name) {
        checks.add(name);
    }

    public void warning(String check, String message) {
        warnings.add(check + ": " + message);
    }

    public void error(String check, String message) {
        errors.add(check + ": " + message);
    }

    public void status(StatusEntry entry) {
        statuses.add(entry);
    }

    /** The IRI of a schema the credential names in {@code credentialSchema}, as signed. */
    public void credentialSchema(String iri) {
        credentialSchemas.add(iri);
    }

    /** The checks that passed, in the order they passed. */
    public List<String> checks() {
        return List.copyOf(checks);
    }

    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    public List<String> errors() {
        return List.copyOf(errors);
    }

    public List<StatusEntry> statuses() {
        return List.copyOf(statuses);
    }

    public List<String> credentialSchemas() {
        return List.copyOf(credentialSchemas);
    }
}
