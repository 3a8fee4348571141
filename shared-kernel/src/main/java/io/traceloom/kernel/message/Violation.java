package io.traceloom.kernel.message;

/**
 * One rule a JSON document breaks, in the terms of JSON Schema's output formats.
 *
 * @param instanceLocation where in the document, as a JSON pointer ({@code ""} is the whole document)
 * @param keywordLocation  which rule, as the JSON pointer of the keyword in the schema, along the path the
 *                         evaluation took ({@code /properties/lot/$ref/minimum})
 * @param message          a sentence a client can show
 */
public record Violation(String instanceLocation, String keywordLocation, String message) {

    /** What a refusal's sentence says of them: the one violation where and how, else how many. */
    public static String summary(java.util.List<Violation> violations) {
        if (violations.size() != 1) {
            return violations.size() + " violations.";
        }
        Violation only = violations.get(0);
        return (only.instanceLocation().isEmpty() ? "" : only.instanceLocation() + ": ") + only.message() + ".";
    }
}
